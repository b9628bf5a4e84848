/* spiral_seq - XOR checksum of the spiral matrix by row generation, one thread. */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"

int main(int argc, char **argv)
{
    spiral_demo_args a;
    spiral_options opt = {0};
    uint64_t x = 0;
    double t;
    spiral_demo_parse(argc, argv, 0, &a);
    opt.threads = 1;
    t = dc_now();
    spiral_demo_ok(spiral_checksum(a.M, a.N, &x, &opt), "spiral_checksum");
    t = dc_now() - t;
    return spiral_demo_report("seq", &a, 1, 1, t, x);
}
