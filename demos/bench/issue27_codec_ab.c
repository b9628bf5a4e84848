/* issue27_codec_ab.c - two builds of homcomp.cuh's CPU codec in ONE process (A/B on a loaded
 * machine): compiled twice, once per checkout, each copy static (HOMCOMP_STATIC) behind its own
 * entry point; the driver alternates the two per repetition on the same data and reports the
 * best thread-CPU-time rate of each, as demos/bench/homcomp_bench_seg does (walk data, REL 1e-4,
 * 65536-element calls, outlier mode, no checksum): compress, the fused add (add_raw) and
 * decompress (of the compressed streams), and whether both wrote the same bytes.
 *   demos/bench/issue27_codec_ab.sh REF [COUNT] [REPS] [ISA]   (builds and runs this file)
 * AB_ENTRY set: one codec copy (the entry ab_run_<AB_ENTRY>); unset: the driver. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef AB_ENTRY
#define HOMCOMP_STATIC
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#define AB_CAT2(a, b) a##b
#define AB_CAT(a, b) AB_CAT2(a, b)

static double ab_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* compress x and add_raw y per segment into S and A (ns segments of cap bytes), then decompress
 * S into z; t[0], t[1], t[2]: their CPU seconds; *h: FNV-1a of every stream; 0 or the first
 * failing status */
int AB_CAT(ab_run_, AB_ENTRY)(const float *x, const float *y, uint64_t n, uint64_t seg, double eb, int isa,
                              unsigned char *S, unsigned char *A, size_t cap, size_t *l, float *z, double *t, uint64_t *h)
{
    hc_config c = hc_config_init(HC_F32, HC_ABS, eb);
    hc_options o = {1, (hc_isa)isa};
    uint64_t g, ns = n / seg, hh = 1469598103934665603ull;
    size_t la, i;
    double t0, t1, t2, t3;
    int st = 0;
    c.mode = HC_OUTLIER;
    c.checksum = 0;
    t0 = ab_cpu();
    for (g = 0; g < ns && !st; g++) st = hc_compress(&c, x + g * seg, seg, S + g * cap, cap, &l[2 * g], &o);
    t1 = ab_cpu();
    for (g = 0; g < ns && !st; g++)
        st = hc_add_raw(S + g * cap, l[2 * g], HC_F32, y + g * seg, seg, A + g * cap, cap, &l[2 * g + 1], &o);
    t2 = ab_cpu();
    for (g = 0; g < ns && !st; g++) st = hc_decompress(S + g * cap, l[2 * g], HC_F32, z + g * seg, seg, &o);
    t3 = ab_cpu();
    t[0] = t1 - t0;
    t[1] = t2 - t1;
    t[2] = t3 - t2;
    for (g = 0; g < ns; g++) {
        for (i = 0; i < l[2 * g]; i++) hh = (hh ^ S[g * cap + i]) * 1099511628211ull;
        for (la = l[2 * g + 1], i = 0; i < la; i++) hh = (hh ^ A[g * cap + i]) * 1099511628211ull;
    }
    *h = hh;
    return st;
}
#else
#include <math.h>
typedef int ab_fn(const float *, const float *, uint64_t, uint64_t, double, int, unsigned char *, unsigned char *,
                  size_t, size_t *, float *, double *, uint64_t *);
ab_fn ab_run_a, ab_run_b;

static uint64_t ab_splitmix(uint64_t *s) /* demo_common.h's dc_splitmix64 */
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    const uint64_t seg = 65536, n = argc > 1 ? strtoull(argv[1], NULL, 10) / seg * seg : 16777216;
    const int reps = argc > 2 ? atoi(argv[2]) : 10, isa = argc > 3 ? atoi(argv[3]) : 4; /* 4: HC_ISA_AVX512 */
    const size_t cap = seg * 4 + seg / 32 + 4096; /* >= hc_compress_bound(seg, HC_F32) */
    float *x = (float *)malloc(n * 4), *y = (float *)malloc(n * 4), *z = (float *)malloc(n * 4);
    unsigned char *S = (unsigned char *)malloc(n / seg * cap), *A = (unsigned char *)malloc(n / seg * cap);
    size_t *l = (size_t *)malloc(n / seg * 2 * sizeof(size_t));
    double best[2][3] = {{HUGE_VAL, HUGE_VAL, HUGE_VAL}, {HUGE_VAL, HUGE_VAL, HUGE_VAL}}, eb, w;
    uint64_t h[2] = {0, 0}, s, i;
    float mn, mx;
    int r, v, k;
    if (!n || !x || !y || !z || !S || !A || !l) return 1;
    for (v = 0; v < 2; v++) { /* allreduce_demo.h's walk, ranks 0 and 1 */
        float *z = v ? y : x;
        s = 0x1234567ull + 7919ull * (uint64_t)v;
        w = 0;
        for (i = 0; i < n; i++) z[i] = (float)(w += (double)(ab_splitmix(&s) >> 11) * (1.0 / 9007199254740992.0) - 0.5);
    }
    mn = mx = x[0];
    for (i = 0; i < n; i++) { mn = x[i] < mn ? x[i] : mn; mx = x[i] > mx ? x[i] : mx; }
    eb = 1e-4 * ((double)mx - mn);
    for (r = 0; r < reps; r++)
        for (v = 0; v < 2; v++) {
            double t[3];
            if ((v ? ab_run_b : ab_run_a)(x, y, n, seg, eb, isa, S, A, cap, l, z, t, &h[v])) return 1;
            for (k = 0; k < 3; k++) best[v][k] = t[k] < best[v][k] ? t[k] : best[v][k];
        }
    for (v = 0; v < 2; v++)
        printf("%s isa %d: compress %.3f GB/s, add_raw %.3f GB/s, decompress %.3f GB/s (best of %d, thread CPU time) "
               "bytes %016llx\n", v ? "B" : "A", isa, (double)n * 4 / 1e9 / best[v][0], (double)n * 4 / 1e9 / best[v][1],
               (double)n * 4 / 1e9 / best[v][2], reps, (unsigned long long)h[v]);
    printf("%s\n", h[0] == h[1] ? "same bytes" : "BYTES DIFFER");
    return h[0] != h[1];
}
#endif
