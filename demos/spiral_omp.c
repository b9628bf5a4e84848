/* spiral_omp - XOR checksum of the spiral matrix by row generation, OpenMP threads
 * (OMP_NUM_THREADS chooses how many). */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"
#include <omp.h>

int main(int argc, char **argv)
{
    spiral_demo_args a;
    uint64_t x = 0;
    double t;
    if (!spiral_demo_parse(argc, argv, &a) || !spiral_demo_check(argv[0], &a)) return 2;
    t = omp_get_wtime();
    if (spiral_checksum(a.M, a.N, &x) != SPIRAL_OK) return 2;
    t = omp_get_wtime() - t;
    return spiral_demo_report("omp", &a, omp_get_max_threads(), 1, t, x);
}
