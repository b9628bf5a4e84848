/* spiral_omp - XOR checksum of the spiral matrix by row generation on OpenMP threads
 * (--threads T, default all: omp_get_max_threads()). */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"
#include <omp.h>

int main(int argc, char **argv)
{
    spiral_demo_args a;
    spiral_options opt = {0};
    uint64_t x = 0;
    double t;
    spiral_demo_parse(argc, argv, 1, &a);
    opt.threads = a.threads;
    t = dc_now();
    spiral_demo_ok(spiral_checksum(a.M, a.N, &x, &opt), "spiral_checksum");
    t = dc_now() - t;
    return spiral_demo_report("omp", &a, a.threads ? a.threads : omp_get_max_threads(), 1, t, x);
}
