/* spiral_seq - XOR checksum of the spiral matrix by row generation, one thread. */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"

int main(int argc, char **argv)
{
    spiral_demo_args a;
    uint64_t x = 0;
    double t;
    if (!spiral_demo_parse(argc, argv, &a) || !spiral_demo_check(argv[0], &a)) return 2;
    t = spiral_demo_now();
    if (spiral_checksum(a.M, a.N, &x) != SPIRAL_OK) return 2;
    t = spiral_demo_now() - t;
    return spiral_demo_report("seq", &a, 1, 1, t, x);
}
