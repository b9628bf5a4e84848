/* issue 23 (sacore 2026-11-28): parallel SA-IS (sa.h main 3a7d929 + timers, sa_blk.h) on one input:
 * per build, the int levels' block scans split into read / one-thread walk / write, beside libsais_omp.
 *   ./blk FILE|gen:fib:N THREADS REPS */
#define SA_IMPLEMENTATION
#define SA_SELF "sa_blk.h"
#include "sa_blk.h"
#include "libsais.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + 1e-9 * ts.tv_nsec; }
int main(int argc, char **argv)
{
    long n; uint8_t *t;
    FILE *f = fopen(argv[1], "rb"); if (!f) return 2;
    fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
    t = malloc(n); if (fread(t, 1, n, f) != (size_t)n) return 1; fclose(f);
    int th = atoi(argv[2]), reps = atoi(argv[3]);
    int32_t *sa = malloc(n * 4), *ref = malloc(n * 4);
    double bl = 1e9;
    for (int r = 0; r < reps; r++) {
        double t0 = now(); libsais_omp(t, ref, (int32_t)n, 0, NULL, th); double t1 = now();
        if (t1 - t0 < bl) bl = t1 - t0;
        memset(sa_blk_t, 0, sizeof sa_blk_t); memset(sa_blk_n, 0, sizeof sa_blk_n);
        sa_options o = SA_OPTIONS_INIT; o.threads = th; o.algorithm = SA_ALGO_PARALLEL_SAIS;
        t0 = now(); int st = sa_build(t, sa, (int32_t)n, &o); t1 = now();
        if (st || memcmp(sa, ref, n * 4)) { printf("MISMATCH\n"); return 1; }
        printf("%s,%d,rep%d,libsais_omp_min,%.4f,sa_psais,%.4f,blocks,%lld,slots,%lld,read,%.4f,walk,%.4f,write,%.4f,serial_slots,%lld,serial,%.4f\n",
               argv[1], th, r, bl, t1 - t0, sa_blk_n[1], sa_blk_n[0], sa_blk_t[0], sa_blk_t[1], sa_blk_t[2], sa_blk_n[3], sa_blk_t[3]);
        fflush(stdout);
    }
    return 0;
}
