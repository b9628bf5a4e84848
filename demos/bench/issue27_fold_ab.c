/* issue27_fold_ab.c - the eb guess's input scan folded into the codec (homcomp.cuh's
 * hc_compress_range / hc_add_raw_range, ccoll_mpi.h since 2026-11-28) against the ring's old
 * pattern (ccoll's SSE2 scan of a segment, then the plain codec call on it) and against the
 * plain codec call alone. One process, one thread, per 65536-element segment as the ring calls
 * them; allreduce_cpu's walk data (float32, REL 1e-4 of rank 0's range, as homcomp_bench_seg),
 * the add's stream the compressed rank-0 segment, its raw operand rank 1's. Per loop the best
 * of --reps rounds, the loops interleaved inside each round (so a loaded machine gives its
 * quiet rates and every loop sees the same moments); seconds per loop and GB/s of input, and
 * the ratios fold / plain and scan + plain / plain. Before timing, every range is checked
 * against ccoll's scan of the same segment and every stream against the plain call's bytes.
 *   issue27_fold_ab [--count N] [--segment S] [--reps K] [--isa I]
 * (a bench of private functions: it includes the implementation, as the tests do) */
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include "../demo_common.h"
#include <stdio.h>
#include <stdlib.h>

static const char *USAGE = "[--count N] [--segment S] [--reps K] [--isa 0-5]";

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void make(float *x, uint64_t n, int rank) /* homcomp_bench_seg's walk */
{
    uint64_t s = 0x1234567ull + 7919ull * (uint64_t)rank;
    double w = 0;
    for (uint64_t i = 0; i < n; i++) {
        double u = (double)(dc_splitmix64(&s) >> 11) * (1.0 / 9007199254740992.0);
        x[i] = (float)(w += u - 0.5);
    }
}

enum { L_COMP, L_COMP_RANGE, L_SCAN_COMP, L_ADD, L_ADD_RANGE, L_SCAN_ADD, L_VALS, L_VALS_RANGE, L_SCAN_VALS, NL };
static const char *const names[NL] = {"compress",        "compress_range",        "scan+compress",
                                      "add_raw",         "add_raw_range",         "scan+add_raw",
                                      "add_raw_values",  "add_raw_range(values)", "scan+add_raw_values"};

int main(int argc, char **argv)
{
    uint64_t n = 4194304, seg = 65536, reps = 30;
    int isa = 0;
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--count")) n = dc_arg_u64(&i, 32, (uint64_t)1 << 28);
        else if (dc_is(argv[i], "--segment")) seg = dc_arg_u64(&i, 32, (uint64_t)1 << 24);
        else if (dc_is(argv[i], "--reps")) reps = dc_arg_u64(&i, 1, 1000);
        else if (dc_is(argv[i], "--isa")) isa = (int)dc_arg_u64(&i, 0, 5);
        else dc_unknown(i);
    }
    const uint64_t ns = (n + seg - 1) / seg;
    const size_t cap = hc_compress_bound(seg, HC_F32);
    float *x = (float *)malloc(n * 4), *y = (float *)malloc(n * 4), *v = (float *)malloc(seg * 4);
    unsigned char *A = (unsigned char *)malloc(ns * cap), *O = (unsigned char *)malloc(cap), *O2 = (unsigned char *)malloc(cap);
    size_t *al = (size_t *)malloc(ns * sizeof *al);
    double best[NL], mn0 = DBL_MAX, mx0 = -DBL_MAX;
    int bad0 = 0;
    hc_options o = HC_OPTIONS_INIT;
    if (!x || !y || !v || !A || !O || !O2 || !al) return 1;
    if (!hc_isa_available((hc_isa)isa)) { printf("isa %d not available here\n", isa); return 0; }
    o.threads = 1;
    o.isa = (hc_isa)isa;
    make(x, n, 0);
    make(y, n, 1);
    ccoll__scan_f32(x, (int64_t)n, &mn0, &mx0, &bad0);
    hc_config cfg = hc_config_init(HC_F32, HC_ABS, 1e-4 * (mx0 - mn0));
    cfg.checksum = 0;
    /* the add's streams, and the checks: ranges = ccoll's scan, streams = the plain calls' */
    for (uint64_t g = 0; g < ns; g++) {
        const uint64_t len = n - g * seg < seg ? n - g * seg : seg;
        double rg[2], mn = DBL_MAX, mx = -DBL_MAX;
        size_t l1, l2;
        int bad = 0;
        if (hc_compress(&cfg, x + g * seg, len, A + g * cap, cap, &al[g], &o) != HC_OK) return 2;
        if (hc_compress_range(&cfg, x + g * seg, len, O, cap, &l1, rg, &o) != HC_OK || l1 != al[g] || memcmp(O, A + g * cap, l1))
            return 3;
        ccoll__scan_f32(x + g * seg, (int64_t)len, &mn, &mx, &bad);
        if (rg[0] != mn || rg[1] != mx) return 4;
        if (hc_add_raw(A + g * cap, al[g], HC_F32, y + g * seg, len, O, cap, &l1, &o) != HC_OK) return 5;
        if (hc_add_raw_range(A + g * cap, al[g], HC_F32, y + g * seg, len, O2, cap, &l2, v, rg, &o) != HC_OK || l1 != l2 ||
            memcmp(O, O2, l1))
            return 6;
        mn = DBL_MAX, mx = -DBL_MAX;
        ccoll__scan_f32(y + g * seg, (int64_t)len, &mn, &mx, &bad);
        if (rg[0] != mn || rg[1] != mx || bad) return 7;
    }
    for (int k = 0; k < NL; k++) best[k] = 1e300;
    for (uint64_t it = 0; it < reps; it++) {
        for (int k = 0; k < NL; k++) {
            const int op = k / 3, form = k % 3; /* op: compress, add_raw, add_raw_values; form: plain, range, scan + plain */
            double mn = DBL_MAX, mx = -DBL_MAX, rg[2];
            int bad = 0, st = HC_OK;
            const double t0 = now();
            for (uint64_t g = 0; g < ns && st == HC_OK; g++) {
                const uint64_t len = n - g * seg < seg ? n - g * seg : seg;
                const float *in = op ? y + g * seg : x + g * seg;
                size_t l;
                if (form == 2) ccoll__scan_f32(in, (int64_t)len, &mn, &mx, &bad);
                if (op == 0) st = form == 1 ? hc_compress_range(&cfg, in, len, O, cap, &l, rg, &o) : hc_compress(&cfg, in, len, O, cap, &l, &o);
                else if (op == 1)
                    st = form == 1 ? hc_add_raw_range(A + g * cap, al[g], HC_F32, in, len, O, cap, &l, NULL, rg, &o)
                                   : hc_add_raw(A + g * cap, al[g], HC_F32, in, len, O, cap, &l, &o);
                else
                    st = form == 1 ? hc_add_raw_range(A + g * cap, al[g], HC_F32, in, len, O, cap, &l, v, rg, &o)
                                   : hc_add_raw_values(A + g * cap, al[g], HC_F32, in, len, O, cap, &l, v, &o);
            }
            const double t = now() - t0;
            if (st != HC_OK || bad) return 8;
            best[k] = t < best[k] ? t : best[k];
        }
    }
    printf("issue27_fold_ab: %llu float32 (walk, REL 1e-4) in %llu-element segments, isa %d (%s), 1 thread, best of %llu\n",
           (unsigned long long)n, (unsigned long long)seg, isa, isa ? "forced" : "auto",
           (unsigned long long)reps);
    printf("%-22s %10s %8s %8s\n", "loop", "seconds", "GB/s", "x plain");
    for (int k = 0; k < NL; k++)
        printf("%-22s %10.6f %8.3f %8.3f\n", names[k], best[k], (double)n * 4 / best[k] / 1e9, best[k] / best[k - k % 3]);
    printf("checks: every range = ccoll__scan_f32's, every stream = the plain call's: ok\n");
    free(x); free(y); free(v); free(A); free(O); free(O2); free(al);
    return 0;
}
