/* spiral_bench_cpu - XOR checksum by row generation vs the per-cell formula (the seed's
 * method), same thread count, same chunked OpenMP schedule, side by side in one run.
 *   spiral_bench_cpu [out.csv]          1e9 (20000x50000) and 3e10 (100000x300000) cells,
 *                                       at 1 and 2 threads (SPIRAL_BENCH_THREADS="1 2 4")
 * Row generation always generates all values. The per-cell formula on 3e10 cells is timed
 * on 30 row bands spread over the matrix (1/30 of the rows) and extrapolated; the output
 * says so in the 'sampled' column. Median of repeats for the 1e9 runs. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "../demo_common.h"
#include <omp.h>

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* median time of reps runs of the checksum of rows chosen by 'bands' (0 = all rows) */
static double run(int formula, uint64_t M, uint64_t N, int bands, int reps, uint64_t *x, const spiral_options *opt)
{
    double t[16];
    for (int k = 0; k < reps; k++) {
        double t0 = dc_now();
        uint64_t acc = 0, b;
        if (!bands) {
            if (formula) spiral_checksum_formula_rows(M, N, 0, M, &acc, opt);
            else spiral_checksum_rows(M, N, 0, M, &acc, opt);
        } else {
            uint64_t per = M / (uint64_t)bands / 30; /* 1/30 of each of 'bands' strips */
            for (int i = 0; i < bands; i++) {
                uint64_t r0 = (uint64_t)i * (M / (uint64_t)bands);
                if (formula) spiral_checksum_formula_rows(M, N, r0, per, &b, opt);
                else spiral_checksum_rows(M, N, r0, per, &b, opt);
                acc ^= b;
            }
        }
        t[k] = dc_now() - t0;
        *x = acc;
    }
    qsort(t, (size_t)reps, sizeof t[0], cmp_d);
    return t[reps / 2];
}

int main(int argc, char **argv)
{
    static const uint64_t sizes[][2] = {{20000, 50000}, {100000, 300000}};
    const char *ths = getenv("SPIRAL_BENCH_THREADS");
    int threads[8], nth = 0;
    FILE *csv = NULL;
    char buf[64], *tok;
    dc_init(argc, argv, "[out.csv]   (SPIRAL_BENCH_THREADS=\"1 2 4\": thread counts, at most 8)");
    if (argc > 2) dc_unknown(2);
    if (argc > 1 && (dc_is(argv[1], "-h") || dc_is(argv[1], "--help"))) dc_help();
    if (argc > 1 && !(csv = fopen(argv[1], "w"))) dc_usage_error("cannot write '%s'", argv[1]);
    snprintf(buf, sizeof buf, "%s", ths && *ths ? ths : "1 2");
    for (tok = strtok(buf, " ,"); tok; tok = strtok(NULL, " ,")) {
        uint64_t t;
        if (nth == 8 || !dc_parse_u64(tok, 1, SPIRAL_MAX_THREADS, &t))
            dc_usage_error("SPIRAL_BENCH_THREADS: '%s' is not a list of at most 8 thread counts in [1, %d]", ths,
                           SPIRAL_MAX_THREADS);
        threads[nth++] = (int)t;
    }
    if (csv) fprintf(csv, "M,N,cells,threads,method,time_s,cells_per_s,sampled,checksum_ok,speedup\n");
    printf("spiral.h CPU checksum: row generation vs per-cell formula (vector width %d x 64 bit)\n",
#ifdef SPIRAL__VL
           SPIRAL__VL
#else
           1
#endif
    );
    printf("%-16s %7s %-10s %10s %12s %-28s %8s\n", "matrix", "threads", "method", "time_s", "cells/s", "note", "speedup");
    for (int ti = 0; ti < nth; ti++) {
        spiral_options opt = {0};
        opt.threads = threads[ti];
        for (int si = 0; si < 2; si++) {
            uint64_t M = sizes[si][0], N = sizes[si][1], xg = 0, xf = 0, xs = 0;
            double cells = (double)M * (double)N, tg, tf, tfs, cells_f;
            int big = si == 1, ok;
            tg = run(0, M, N, 0, big ? 1 : 3, &xg, &opt);
            ok = xg == spiral_xor_1_to(M * N);
            if (!big) { tf = run(1, M, N, 0, 1, &xf, &opt); cells_f = cells; ok = ok && xf == xg; tfs = tf; }
            else {
                /* sampled: 30 bands of M/900 rows; row generation on the same bands checks it */
                tfs = run(1, M, N, 30, 1, &xf, &opt);
                run(0, M, N, 30, 1, &xs, &opt);
                ok = ok && xf == xs;
                cells_f = (double)(M / 30 / 30 * 30) * (double)N;
                tf = tfs * cells / cells_f;
            }
            printf("%-16s %7d %-10s %10.3f %12.4g %-28s %8s\n", big ? "100000x300000" : "20000x50000", threads[ti],
                   "rowgen", tg, cells / tg, ok ? "all values, checksum OK" : "CHECKSUM MISMATCH", "");
            printf("%-16s %7d %-10s %10.3f %12.4g %-28s %7.1fx\n", "", threads[ti], "per-cell", tf, cells_f / tfs,
                   big ? "extrapolated from 1/30 rows" : "all values", tf / tg);
            if (csv) {
                fprintf(csv, "%llu,%llu,%.0f,%d,rowgen,%.6f,%.6e,0,%d,\n", (unsigned long long)M, (unsigned long long)N,
                        cells, threads[ti], tg, cells / tg, ok);
                fprintf(csv, "%llu,%llu,%.0f,%d,percell,%.6f,%.6e,%s,%d,%.3f\n", (unsigned long long)M,
                        (unsigned long long)N, cells, threads[ti], tf, cells_f / tfs, big ? "1/30" : "0", ok, tf / tg);
            }
            if (!ok) return DC_EXIT_FAIL;
        }
    }
    if (csv) fclose(csv);
    return DC_EXIT_OK;
}
