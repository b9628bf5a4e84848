/* (sabyte 2026-11-28: h200host_20261128_pr_ab.c with a third variant v2.) sa.h parallel SA-IS A/B against libsais_omp in one process (issue 23, 2026-11-28 sacore): v0 =
 * main's sa.h, v1 = the branch's, each compiled by wrap.c with SA_STATIC into its own translation
 * unit, called as sa_build with the default algorithm at the given thread count (what the README
 * table measures). Every round runs libsais_omp, then v0 and v1 in a rotating order; min of the
 * rounds; every SA compared with libsais's.
 *   ./ab INPUT THREADS ROUNDS [THREADS ROUNDS ...]   (INPUT: a file, or gen:acgt:N / gen:random:N) */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include "libsais.h"
int sa_v0(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v1(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v2(const uint8_t *, int32_t *, int32_t, int, int *);
static int (*fns[])(const uint8_t *, int32_t *, int32_t, int, int *) = {sa_v0, sa_v1, sa_v2};
static const char *names[] = {"v0_main", "v1_l3rule", "v2_cut"};
#define NV 3
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + 1e-9 * ts.tv_nsec; }
int main(int argc, char **argv)
{
    const char *in = argv[1];
    uint8_t *t;
    long n;
    if (!strncmp(in, "gen:", 4)) {
        char kind[16];
        uint64_t s = 88172645463325252ull;
        sscanf(in + 4, "%15[^:]:%ld", kind, &n);
        t = malloc(n);
        for (long i = 0; i < n; i++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            t[i] = !strcmp(kind, "acgt") ? "ACGT"[s >> 62] : (uint8_t)(s >> 56);
        }
    } else {
        FILE *f = fopen(in, "rb");
        if (!f) return 2;
        fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
        t = malloc(n);
        if (fread(t, 1, n, f) != (size_t)n) return 1;
        fclose(f);
    }
    int32_t *ref = malloc(n * 4), *sa = malloc(n * 4);
    memset(ref, 0, n * 4); memset(sa, 0, n * 4);
    for (int a = 2; a + 1 < argc; a += 2) {
        int th = atoi(argv[a]), reps = atoi(argv[a + 1]), algo[NV] = {0};
        double best[NV + 1];
        for (int v = 0; v <= NV; v++) best[v] = 1e9;
        for (int r = 0; r < reps; r++) {
            double t0 = now();
            libsais_omp(t, ref, (int32_t)n, 0, NULL, th);
            double t1 = now();
            if (t1 - t0 < best[NV]) best[NV] = t1 - t0;
            fprintf(stderr, "%s %dt rep %d libsais_omp %.4f\n", in, th, r, t1 - t0);
            for (int k = 0; k < NV; k++) {
                int v = (k + r) % NV;
                t0 = now();
                int st = fns[v](t, sa, (int32_t)n, th, &algo[v]);
                t1 = now();
                if (st || memcmp(sa, ref, n * 4)) { printf("%s MISMATCH on %s %d threads\n", names[v], in, th); return 1; }
                if (t1 - t0 < best[v]) best[v] = t1 - t0;
                fprintf(stderr, "%s %dt rep %d %s %.4f\n", in, th, r, names[v], t1 - t0);
            }
        }
        printf("%s,%ld,%d,%d,%.4f,%.4f,%.4f,%.4f,%.3f,%.3f,%.3f,%.3f,%.3f,%d,%d,%d\n", in, n, th, reps, best[NV], best[0],
               best[1], best[2], best[NV] / best[0], best[NV] / best[1], best[NV] / best[2], best[0] / best[1],
               best[0] / best[2], algo[0], algo[1], algo[2]);
        fflush(stdout);
    }
    return 0;
}
