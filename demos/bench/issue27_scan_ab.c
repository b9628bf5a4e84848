/* issue27_scan_ab.c - ccoll_mpi.h's host input scan (min, max, NaN/Inf flag) in ONE process:
 * the plain C path (ccoll__scan_f32_c / _f64_c, what CCOLL_NO_SIMD builds use) against the
 * SSE2 path (ccoll__scan_f32 / _f64), from L1 and inside the ring's pattern (per 64 Ki-element
 * segment: scan, then hc_compress of the same segment), beside compress alone. Best of 30
 * rounds of each, so a loaded machine still gives its unloaded rates. Walk data, ABS eb 0.1.
 * The SSE2 interleaved loop also sums its scan and compress parts apart (each part's best
 * round): on a loaded box a whole loop of several ms is rarely left alone by the scheduler, so
 * its best round still holds a preemption that the shorter compress-alone loop escapes (2-core
 * box at load 10-12, 2026-11-28 02:31 UTC: SSE2 scan then compress 0.0130 s, its parts 0.0026 +
 * 0.0018 s, compress alone 0.0024 s; likely the scheduler's slices at that load, a few ms, which fit
 * the shorter loop only).
 *   mpicc -O3 -fopenmp -I. demos/bench/issue27_scan_ab.c -o /tmp/issue27_scan_ab -lm && /tmp/issue27_scan_ab
 * (a bench of private functions: it includes the implementation, as the tests do) */
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include <stdio.h>
#include <stdlib.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
/* keeps the compiler from hoisting a repeated scan of the same data */
#define SINK(p, a, b, c) __asm__ volatile("" : : "r"(p), "r"(a), "r"(b), "r"(c) : "memory")

int main(void)
{
    const uint64_t n = 4194304, seg = 65536, l1 = 4096;
    float *x = malloc(n * sizeof *x);
    double *xd = malloc(l1 * sizeof *xd), best[7], v = 0;
    const size_t cap = hc_compress_bound(seg, HC_F32);
    unsigned char *out = malloc(cap);
    hc_config cfg = hc_config_init(HC_F32, HC_ABS, 0.1);
    hc_options o = HC_OPTIONS_INIT;
    if (!x || !xd || !out) return 1;
    cfg.checksum = 0;
    o.threads = 1;
    srand(1);
    for (uint64_t g = 0; g < n; g++) {
        v += rand() / (double)RAND_MAX - 0.5;
        x[g] = (float)v;
        if (g < l1) xd[g] = v;
    }
    double pscan = 1e300, pcomp = 1e300;
    for (int k = 0; k < 7; k++) best[k] = 1e300;
    for (int it = 0; it < 30; it++) {
        double t[8], mn = DBL_MAX, mx = -DBL_MAX;
        int bad = 0, r;
        size_t sz;
        t[0] = now();
        for (r = 0; r < 200; r++) { ccoll__scan_f32_c(x, (int64_t)l1, &mn, &mx, &bad); SINK(x, &mn, &mx, &bad); }
        t[1] = now();
        for (r = 0; r < 200; r++) { ccoll__scan_f32(x, (int64_t)l1, &mn, &mx, &bad); SINK(x, &mn, &mx, &bad); }
        t[2] = now();
        for (r = 0; r < 200; r++) { ccoll__scan_f64_c(xd, (int64_t)l1 / 2, &mn, &mx, &bad); SINK(xd, &mn, &mx, &bad); }
        t[3] = now();
        for (r = 0; r < 200; r++) { ccoll__scan_f64(xd, (int64_t)l1 / 2, &mn, &mx, &bad); SINK(xd, &mn, &mx, &bad); }
        t[4] = now();
        for (uint64_t g = 0; g < n; g += seg) {
            ccoll__scan_f32_c(x + g, (int64_t)seg, &mn, &mx, &bad);
            if (hc_compress(&cfg, x + g, seg, out, cap, &sz, &o) != HC_OK) return 1;
        }
        t[5] = now();
        double ps = 0, pc = 0;
        for (uint64_t g = 0; g < n; g += seg) {
            const double a = now();
            ccoll__scan_f32(x + g, (int64_t)seg, &mn, &mx, &bad);
            const double b = now();
            if (hc_compress(&cfg, x + g, seg, out, cap, &sz, &o) != HC_OK) return 1;
            ps += b - a;
            pc += now() - b;
        }
        pscan = ps < pscan ? ps : pscan;
        pcomp = pc < pcomp ? pc : pcomp;
        t[6] = now();
        for (uint64_t g = 0; g < n; g += seg)
            if (hc_compress(&cfg, x + g, seg, out, cap, &sz, &o) != HC_OK) return 1;
        t[7] = now();
        for (int k = 0; k < 7; k++) best[k] = t[k + 1] - t[k] < best[k] ? t[k + 1] - t[k] : best[k];
        if (bad) return 1;
    }
    printf("from L1, GB/s (best of 30): f32 plain C %.2f, SSE2 %.2f; f64 plain C %.2f, SSE2 %.2f\n",
           200.0 * 16384 / best[0] / 1e9, 200.0 * 16384 / best[1] / 1e9, 200.0 * 16384 / best[2] / 1e9,
           200.0 * 16384 / best[3] / 1e9);
    printf("%llu MiB f32 in %llu-element segments, scan then compress: plain C %.4f s, SSE2 %.4f s; compress alone %.4f s\n",
           (unsigned long long)(n * 4 >> 20), (unsigned long long)seg, best[4], best[5], best[6]);
    printf("  the SSE2 loop's parts, each its best round: scan %.4f s (%.2f GB/s), compress %.4f s\n", pscan,
           (double)(n * 4) / pscan / 1e9, pcomp);
    free(x);
    free(xd);
    free(out);
    return 0;
}
