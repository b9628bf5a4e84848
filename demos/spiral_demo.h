/* spiral_demo.h - argument parsing and the report shared by the spiral_* demos.
 *   spiral_<variant> [M N] [--csv]      default 20000 x 50000 (1e9 cells)
 * Human report by default (the seed's: time, cells/s, checksum, expected, OK/MISMATCH);
 * --csv prints a header line and one row. Exit status: 0 OK, 1 MISMATCH, 2 error. */
#ifndef SPIRAL_DEMO_H
#define SPIRAL_DEMO_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "spiral.h"

typedef struct {
    uint64_t M, N;
    int csv;
} spiral_demo_args;

static inline int spiral_demo_parse(int argc, char **argv, spiral_demo_args *a)
{
    int npos = 0;
    a->M = 20000; a->N = 50000; a->csv = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--csv") == 0) a->csv = 1;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: %s [M N] [--csv]   (default 20000 50000)\n", argv[0]);
            exit(0);
        } else {
            char *end;
            unsigned long long v = strtoull(argv[i], &end, 10);
            if (*end || argv[i][0] == '-' || npos >= 2) {
                fprintf(stderr, "%s: bad argument '%s' (usage: %s [M N] [--csv])\n", argv[0], argv[i], argv[0]);
                return 0;
            }
            if (npos++ == 0) a->M = v; else a->N = v;
        }
    }
    if (npos == 1) { fprintf(stderr, "%s: give both M and N\n", argv[0]); return 0; }
    return 1;
}

static inline double spiral_demo_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Prints the report; returns the exit status. */
static inline int spiral_demo_report(const char *variant, const spiral_demo_args *a, int threads, int ranks, double t,
                              uint64_t x)
{
    uint64_t e = spiral_xor_1_to(a->M * a->N);
    double cells = (double)a->M * (double)a->N, cps = t > 0 ? cells / t : 0;
    int ok = x == e;
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
    return ok ? 0 : 1;
}

/* Size checks shared by every variant: empty or overflowing matrices are errors. */
static inline int spiral_demo_check(const char *prog, const spiral_demo_args *a)
{
    spiral_status s = spiral_check_size(a->M, a->N);
    if (s != SPIRAL_OK) {
        fprintf(stderr, "%s: %llu x %llu: %s\n", prog, (unsigned long long)a->M, (unsigned long long)a->N,
                spiral_status_string(s));
        return 0;
    }
    return 1;
}
#endif
