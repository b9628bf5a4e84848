/* spiral_demo.h - argument parsing and the report shared by the spiral_* demos (on top of
 * demo_common.h; public spiral.h API only).
 *   spiral_<variant> [M N] [--threads T] [--csv]      default 20000 x 50000 (1e9 cells)
 * M and N are integers >= 1 whose product fits in 64 bits; anything else (a sign, letters,
 * a value past 2^64 - 1, a third number, an unknown option) is refused with the usage line
 * and exit 2. Human report by default (time, cells/s, checksum, expected, OK/MISMATCH);
 * --csv prints a header line and one row. Exit status: 0 OK, 1 MISMATCH or a failed call,
 * 2 usage, 77 no GPU (spiral_cuda). */
#ifndef SPIRAL_DEMO_H
#define SPIRAL_DEMO_H
#include "demo_common.h"
#include "spiral.h"

typedef struct spiral_demo_args {
    uint64_t M, N;
    int threads; /* --threads (spiral_omp only); 0 = all */
    int csv;
} spiral_demo_args;

/* Parses argv into a (exits 2 with the usage line on any bad argument). with_threads: the
 * variant accepts --threads. */
static void spiral_demo_parse(int argc, char **argv, int with_threads, spiral_demo_args *a)
{
    uint64_t v[2];
    int npos = 0;
    dc_init(argc, argv, with_threads ? "[M N] [--threads T] [--csv]   (default 20000 50000; T = 0: all threads)"
                                     : "[M N] [--csv]   (default 20000 50000)");
    a->M = 20000; a->N = 50000; a->threads = 0; a->csv = 0;
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--csv")) a->csv = 1;
        else if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (with_threads && dc_is(argv[i], "--threads")) a->threads = (int)dc_arg_u64(&i, 0, SPIRAL_MAX_THREADS);
        else if ((argv[i][0] == '-' && !(argv[i][1] >= '0' && argv[i][1] <= '9')) || npos == 2) dc_unknown(i);
        else if (!dc_parse_u64(argv[i], 1, UINT64_MAX, &v[npos++]))
            dc_usage_error("%s: '%s' is not an integer in [1, 2^64 - 1]", npos == 1 ? "M" : "N", argv[i]);
    }
    if (npos == 1) dc_usage_error("give both M and N, or neither");
    if (npos == 2) { a->M = v[0]; a->N = v[1]; }
    if (spiral_check_size(a->M, a->N) != SPIRAL_OK) /* both >= 1 here: the product is too large */
        dc_usage_error("%llu x %llu has more than 2^64 - 1 cells", (unsigned long long)a->M, (unsigned long long)a->N);
}

/* Rows [*r0, *r0 + *n) of part `part` of `parts` near-equal bands of M rows (no overflow). */
static void spiral_demo_band(uint64_t M, int part, int parts, uint64_t *r0, uint64_t *n)
{
    uint64_t q = M / (uint64_t)parts, rem = M % (uint64_t)parts, p = (uint64_t)part;
    *r0 = q * p + (p < rem ? p : rem);
    *n = q + (p < rem);
}

/* A spiral.h call that should not fail after the argument checks: counts a failed check. */
static int spiral_demo_ok(spiral_status s, const char *what)
{
    return dc_check(s == SPIRAL_OK, "%s: %s", what, spiral_status_string(s));
}

/* Prints the report of checksum x (computed in t seconds); returns the exit status. */
static int spiral_demo_report(const char *variant, const spiral_demo_args *a, int threads, int ranks, double t,
                              uint64_t x)
{
    uint64_t e = spiral_xor_1_to(a->M * a->N);
    double cells = (double)a->M * (double)a->N, cps = t > 0 ? cells / t : 0;
    int ok = dc_check(x == e, "checksum %llu != closed form %llu", (unsigned long long)x, (unsigned long long)e) &&
             dc_failed_checks() == 0;
    if (a->csv) {
        printf("variant,M,N,threads,ranks,time_s,cells_per_s,checksum,expected,ok\n");
        printf("%s,%llu,%llu,%d,%d,%.6f,%.6e,%llu,%llu,%d\n", variant, (unsigned long long)a->M,
               (unsigned long long)a->N, threads, ranks, t, cps, (unsigned long long)x, (unsigned long long)e, ok);
    } else {
        printf("spiral matrix XOR checksum, variant %s (%d thread%s, %d rank%s)\n", variant, threads,
               threads == 1 ? "" : "s", ranks, ranks == 1 ? "" : "s");
        printf("  matrix      %llu x %llu = %.4g cells\n", (unsigned long long)a->M, (unsigned long long)a->N, cells);
        printf("  time        %.4f s\n", t);
        printf("  throughput  %.4g cells/s\n", cps);
        printf("  checksum    %llu\n", (unsigned long long)x);
        printf("  expected    %llu (closed form, seed 7.4)\n", (unsigned long long)e);
        printf("  result      %s\n", ok ? "OK" : "MISMATCH");
    }
    return dc_exit_code();
}

/* Keeps -Wunused-function quiet in variants that use only part of this file. */
static inline void spiral_demo__use_all(void)
{
    (void)spiral_demo_parse; (void)spiral_demo_band; (void)spiral_demo_ok; (void)spiral_demo_report;
    dc__use_all();
}
#endif
