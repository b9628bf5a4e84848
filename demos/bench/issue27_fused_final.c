/* issue27_fused_final.c - the ring's last reduce-scatter step two ways, one core, one process:
 * (a) hc_add_raw of a received stream and the local raw segment, then hc_decompress of the sum
 * into the output (what ccoll_mpi.h did before: the final block decoded from its own stream);
 * (b) hc_add_raw_values (the same add, and the sum's values written from its integers).
 * Walk data as issue27_codec_ab.c (ranks 0 and 1 of allreduce_demo.h's walk), REL 1e-4 of rank
 * 0's range, 65536-element segments, outlier mode, no checksum; each segment's add and decode
 * back to back, as in the ring. Each repetition runs (a) then (b); best thread-CPU time of each; the
 * streams and the values must be the same bytes (exit 1 otherwise).
 *   cc -O2 -I. demos/bench/issue27_fused_final.c -lm -o ff && ./ff [COUNT=16777216] [REPS=10] [ISA=0 (auto)]
 * Output: GB/s of raw input bytes (4 x COUNT) for (a)'s add, (a)'s decode, (a) together, (b). */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double ff_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t ff_splitmix(uint64_t *s) /* demo_common.h's dc_splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    const uint64_t seg = 65536, n = argc > 1 ? strtoull(argv[1], NULL, 10) / seg * seg : 16777216, ns = n / seg;
    const int reps = argc > 2 ? atoi(argv[2]) : 10, isa = argc > 3 ? atoi(argv[3]) : 0;
    const size_t cap = hc_compress_bound(seg, HC_F32);
    float *x = (float *)malloc(n * 4), *y = (float *)malloc(n * 4), *z = (float *)malloc(n * 4), *z2 = (float *)malloc(n * 4);
    unsigned char *S = (unsigned char *)malloc(ns * cap), *A = (unsigned char *)malloc(ns * cap),
                  *B = (unsigned char *)malloc(ns * cap);
    size_t *l = (size_t *)malloc(ns * 3 * sizeof(size_t));
    hc_config c;
    hc_options o = {1, (hc_isa)isa};
    double best[4] = {HUGE_VAL, HUGE_VAL, HUGE_VAL, HUGE_VAL}, eb, w;
    uint64_t s, i, g;
    float mn, mx;
    int r, v, st = 0, same = 1;
    if (!n || !x || !y || !z || !z2 || !S || !A || !B || !l) return 1;
    for (v = 0; v < 2; v++) {
        float *q = v ? y : x;
        s = 0x1234567ull + 7919ull * (uint64_t)v;
        w = 0;
        for (i = 0; i < n; i++) q[i] = (float)(w += (double)(ff_splitmix(&s) >> 11) * (1.0 / 9007199254740992.0) - 0.5);
    }
    mn = mx = x[0];
    for (i = 0; i < n; i++) { mn = x[i] < mn ? x[i] : mn; mx = x[i] > mx ? x[i] : mx; }
    eb = 1e-4 * ((double)mx - mn);
    c = hc_config_init(HC_F32, HC_ABS, eb);
    c.mode = HC_OUTLIER;
    c.checksum = 0;
    for (g = 0; g < ns && !st; g++) st = hc_compress(&c, x + g * seg, seg, S + g * cap, cap, &l[3 * g], &o);
    for (r = 0; r < reps && !st; r++) {
        double t0, ta = 0, td = 0, tb;
        memset(z, 0, n * 4); /* both outputs cold alike each repetition */
        memset(z2, 0, n * 4);
        for (g = 0; g < ns && !st; g++) {
            t0 = ff_cpu();
            st = hc_add_raw(S + g * cap, l[3 * g], HC_F32, y + g * seg, seg, A + g * cap, cap, &l[3 * g + 1], &o);
            ta += ff_cpu() - t0;
            t0 = ff_cpu();
            if (!st) st = hc_decompress(A + g * cap, l[3 * g + 1], HC_F32, z + g * seg, seg, &o);
            td += ff_cpu() - t0;
        }
        t0 = ff_cpu();
        for (g = 0; g < ns && !st; g++)
            st = hc_add_raw_values(S + g * cap, l[3 * g], HC_F32, y + g * seg, seg, B + g * cap, cap, &l[3 * g + 2],
                                   z2 + g * seg, &o);
        tb = ff_cpu() - t0;
        best[0] = ta < best[0] ? ta : best[0];
        best[1] = td < best[1] ? td : best[1];
        best[2] = ta + td < best[2] ? ta + td : best[2];
        best[3] = tb < best[3] ? tb : best[3];
        for (g = 0; g < ns && !st; g++)
            same &= l[3 * g + 1] == l[3 * g + 2] && !memcmp(A + g * cap, B + g * cap, l[3 * g + 1]);
        same &= !memcmp(z, z2, n * 4);
    }
    if (st) { fprintf(stderr, "status %d\n", st); return 1; }
    printf("isa %d (0 auto), %llu elements, best of %d, thread CPU: add_raw %.3f GB/s, its decode %.3f GB/s, "
           "add + decode %.3f GB/s; add_raw_values %.3f GB/s (%.2fx the pair; %.2fx add_raw alone); %s\n",
           isa, (unsigned long long)n, reps, (double)n * 4 / 1e9 / best[0], (double)n * 4 / 1e9 / best[1],
           (double)n * 4 / 1e9 / best[2], (double)n * 4 / 1e9 / best[3], best[2] / best[3], best[0] / best[3],
           same ? "same bytes" : "BYTES DIFFER");
    return !same;
}
