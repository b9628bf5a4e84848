/* homcomp_bench_seg - the CPU codec standalone, on one core, called the way ccoll_mpi.h's ring
 * calls it: one call per segment (default 65536 elements, ccoll's default segment), on
 * allreduce_cpu's data (same generator and seeds: rank 0's and rank 1's vectors), eb = REL x
 * (max - min) of rank 0's vector. Per instruction set (hc_options.isa: every one this CPU runs,
 * interleaved, best of --reps): GB/s of input for compress, the fused add (hc_add_raw: stream +
 * raw, HomComp_F's ring step), the compressed add (hc_add: stream + stream), decompress, and
 * (last columns) the fused add that also writes the sum's values (hc_add_raw_values: the ring's
 * last reduce-scatter step since 37478c0), and whether every set wrote the scalar set's bytes
 * (add_raw_values: its stream = hc_add_raw's, its values = hc_decompress's of that stream, on
 * every set); the cpu_* columns divide by the process's CPU
 * time (clock()) instead of wall time, as ccoll_info's c_* do in the ring. This is the
 * "standalone" rate that the ring's in-ring rates are compared with.
 *   homcomp_bench_seg [--count N] [--segment S] [--rel R] [--data walk|normal] [--plain] [--reps K] [--csv] */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "../demo_common.h"
#include <math.h>
#include <time.h>

static const char *USAGE = "[--count N] [--segment S] [--rel R] [--data walk|normal] [--plain] [--reps K] [--csv]";

static void make(float *x, uint64_t n, int walk, int rank) /* allreduce_demo.h's make_data, in float */
{
    uint64_t s = 0x1234567ull + 7919ull * (uint64_t)rank;
    double w = 0;
    for (uint64_t i = 0; i < n; i++) {
        double u = (double)(dc_splitmix64(&s) >> 11) * (1.0 / 9007199254740992.0);
        if (walk) x[i] = (float)(w += u - 0.5);
        else {
            double v = (double)(dc_splitmix64(&s) >> 11) * (1.0 / 9007199254740992.0);
            x[i] = (float)(sqrt(-2.0 * log(u + 1e-300)) * cos(6.283185307179586 * v));
        }
    }
}

enum { NISA = 6 }; /* hc_isa values 0 (auto) .. 5 (avx512 + gfni) */

int main(int argc, char **argv)
{
    static const char *const isa_names[NISA] = {"auto", "scalar", "sse2", "avx2", "avx512", "avx512gfni"};
    uint64_t n = 16777216, seg = 65536, reps = 3;
    double rel = 1e-4;
    const char *data = "walk";
    int plain = 0, csv = 0;
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--count")) n = dc_arg_u64(&i, 32, (uint64_t)1 << 30);
        else if (dc_is(argv[i], "--segment")) seg = dc_arg_u64(&i, 32, (uint64_t)1 << 26);
        else if (dc_is(argv[i], "--rel")) rel = dc_arg_double(&i, 1e-12, 1.0);
        else if (dc_is(argv[i], "--data")) data = dc_arg_str(&i);
        else if (dc_is(argv[i], "--reps")) reps = dc_arg_u64(&i, 1, 100);
        else if (dc_is(argv[i], "--plain")) plain = 1;
        else if (dc_is(argv[i], "--csv")) csv = 1;
        else dc_unknown(i);
    }
    const int walk = strcmp(data, "walk") == 0;
    const uint64_t ns = (n + seg - 1) / seg;
    const size_t cap = hc_compress_bound(seg, HC_F32);
    float *x = (float *)malloc(n * 4), *y = (float *)malloc(n * 4), *z = (float *)malloc(n * 4), *zv = (float *)malloc(n * 4);
    unsigned char *S[NISA], *A[NISA], *O = (unsigned char *)malloc(cap), *AV = (unsigned char *)malloc(cap);
    size_t *l = (size_t *)malloc(ns * sizeof(size_t)), *la = (size_t *)malloc(ns * sizeof(size_t)), lo = 0, tot = 0;
    double best[NISA][5], cbest[NISA][5];
    int same[NISA] = {1, 1, 1, 1, 1, 1};
    for (int k = 0; k < NISA; k++) {
        S[k] = (unsigned char *)calloc(ns, cap);
        A[k] = (unsigned char *)calloc(ns, cap);
        for (int o = 0; o < 5; o++) best[k][o] = cbest[k][o] = HUGE_VAL;
        if (!S[k] || !A[k]) return DC_EXIT_FAIL;
    }
    if (!x || !y || !z || !zv || !O || !AV || !l || !la) return DC_EXIT_FAIL;
    make(x, n, walk, 0);
    make(y, n, walk, 1);
    float mn = x[0], mx = x[0];
    for (uint64_t i = 0; i < n; i++) { mn = x[i] < mn ? x[i] : mn; mx = x[i] > mx ? x[i] : mx; }
    const double eb = rel * ((double)mx - mn);
    hc_config c = hc_config_init(HC_F32, HC_ABS, eb);
    c.mode = plain ? HC_PLAIN : HC_OUTLIER; /* ccoll's default: outlier blocks where smaller */
    c.checksum = 0;                         /* ccoll's default */
    for (uint64_t r = 0; r < reps; r++)
        for (int k = 1; k < NISA; k++) {
            hc_options o = {1, (hc_isa)k};
            double t[6], cpu[6];
            size_t lv = 0;
            if (!hc_isa_available((hc_isa)k)) continue;
            cpu[0] = (double)clock() / CLOCKS_PER_SEC;
            t[0] = dc_now();
            tot = 0;
            for (uint64_t g = 0; g < ns; g++) {
                uint64_t len = g * seg + seg <= n ? seg : n - g * seg;
                if (hc_compress(&c, x + g * seg, len, S[k] + g * cap, cap, &l[g], &o)) return DC_EXIT_FAIL;
                tot += l[g];
            }
            t[1] = dc_now();
            cpu[1] = (double)clock() / CLOCKS_PER_SEC;
            for (uint64_t g = 0; g < ns; g++) {
                uint64_t len = g * seg + seg <= n ? seg : n - g * seg;
                if (hc_add_raw(S[k] + g * cap, l[g], HC_F32, y + g * seg, len, A[k] + g * cap, cap, &la[g], &o)) return DC_EXIT_FAIL;
            }
            t[2] = dc_now();
            cpu[2] = (double)clock() / CLOCKS_PER_SEC;
            for (uint64_t g = 0; g < ns; g++)
                if (hc_add(A[k] + g * cap, la[g], S[k] + g * cap, l[g], O, cap, &lo, &o)) return DC_EXIT_FAIL;
            t[3] = dc_now();
            cpu[3] = (double)clock() / CLOCKS_PER_SEC;
            for (uint64_t g = 0; g < ns; g++) {
                uint64_t len = g * seg + seg <= n ? seg : n - g * seg;
                if (hc_decompress(A[k] + g * cap, la[g], HC_F32, z + g * seg, len, &o)) return DC_EXIT_FAIL;
            }
            t[4] = dc_now();
            cpu[4] = (double)clock() / CLOCKS_PER_SEC;
            for (uint64_t g = 0; g < ns; g++) { /* the stream to one slot (as the ring's gather slot), values to zv */
                uint64_t len = g * seg + seg <= n ? seg : n - g * seg;
                if (hc_add_raw_values(S[k] + g * cap, l[g], HC_F32, y + g * seg, len, AV, cap, &lv, zv + g * seg, &o))
                    return DC_EXIT_FAIL;
            }
            t[5] = dc_now();
            cpu[5] = (double)clock() / CLOCKS_PER_SEC;
            if (r == 0) { /* the check, outside the timed loops: each stream again, against hc_add_raw's */
                if (memcmp(zv, z, n * 4)) same[k] = 0;
                for (uint64_t g = 0; g < ns; g++) {
                    uint64_t len = g * seg + seg <= n ? seg : n - g * seg;
                    if (hc_add_raw_values(S[k] + g * cap, l[g], HC_F32, y + g * seg, len, AV, cap, &lv, zv + g * seg, &o))
                        return DC_EXIT_FAIL;
                    if (lv != la[g] || memcmp(AV, A[k] + g * cap, lv)) same[k] = 0;
                }
            }
            for (int op = 0; op < 5; op++) {
                best[k][op] = fmin(best[k][op], t[op + 1] - t[op]);
                cbest[k][op] = fmin(cbest[k][op], cpu[op + 1] - cpu[op]);
            }
        }
    for (int k = 2; k < NISA; k++)
        if (hc_isa_available((hc_isa)k)) same[k] = same[k] && !memcmp(S[k], S[1], ns * cap) && !memcmp(A[k], A[1], ns * cap);
    const double gb = (double)n * 4 / 1e9;
    if (csv)
        printf("isa,data,rel,n,segment,mode,ratio,compress_gbs,add_raw_gbs,add_gbs,decompress_gbs,same_bytes,"
               "cpu_compress_gbs,cpu_add_raw_gbs,cpu_add_gbs,cpu_decompress_gbs,add_raw_values_gbs,cpu_add_raw_values_gbs\n");
    for (int k = 1; k < NISA; k++) {
        if (!hc_isa_available((hc_isa)k)) continue;
        if (csv)
            printf("%s,%s,%g,%llu,%llu,%s,%.3f,%.4f,%.4f,%.4f,%.4f,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f\n", isa_names[k], data, rel,
                   (unsigned long long)n, (unsigned long long)seg, plain ? "plain" : "outlier", (double)n * 4 / (double)tot,
                   gb / best[k][0], gb / best[k][1], gb / best[k][2], gb / best[k][3], same[k], gb / cbest[k][0],
                   gb / cbest[k][1], gb / cbest[k][2], gb / cbest[k][3], gb / best[k][4], gb / cbest[k][4]);
        else
            printf("%-7s %s rel %g CR %.2f: compress %.2f  add_raw %.2f  add %.2f  decompress %.2f  add_raw_values %.2f GB/s  bytes %s\n",
                   isa_names[k], data, rel, (double)n * 4 / (double)tot, gb / best[k][0], gb / best[k][1], gb / best[k][2],
                   gb / best[k][3], gb / best[k][4], same[k] ? "= scalar" : "DIFFER");
    }
    for (int k = 0; k < NISA; k++) { free(S[k]); free(A[k]); }
    free(x); free(y); free(z); free(zv); free(O); free(AV); free(l); free(la);
    return same[1] && same[2] && same[3] && same[4] && same[5] ? 0 : DC_EXIT_FAIL;
}
