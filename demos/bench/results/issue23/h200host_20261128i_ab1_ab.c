/* sa.h A/B against libsais_omp in one process (issue 23, 2026-11-28 session 4, sacore): variants
 * v0..v5 (wrap.c, each its own translation unit with SA_STATIC): v0 = main's sa.h, v1 = the branch's,
 * v2..v5 = the branch's with a define (run.sh says which). Every round runs libsais_omp, then the
 * variants of MASK in a rotating order; min of the rounds; every SA compared with libsais's.
 *   ./ab INPUT THREADS ROUNDS MASK [THREADS ROUNDS MASK ...]   (MASK: bit v = run variant v) */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include "libsais.h"
#define NV 6
int sa_v0(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v1(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v2(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v3(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v4(const uint8_t *, int32_t *, int32_t, int, int *);
int sa_v5(const uint8_t *, int32_t *, int32_t, int, int *);
static int (*fns[NV])(const uint8_t *, int32_t *, int32_t, int, int *) = {sa_v0, sa_v1, sa_v2, sa_v3, sa_v4, sa_v5};
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + 1e-9 * ts.tv_nsec; }
int main(int argc, char **argv)
{
    const char *in = argv[1];
    uint8_t *t;
    long n;
    FILE *f = fopen(in, "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
    t = malloc(n);
    if (fread(t, 1, n, f) != (size_t)n) return 1;
    fclose(f);
    int32_t *ref = malloc(n * 4), *sa = malloc(n * 4);
    memset(ref, 0, n * 4); memset(sa, 0, n * 4);
    for (int a = 2; a + 2 < argc; a += 3) {
        int th = atoi(argv[a]), reps = atoi(argv[a + 1]), mask = atoi(argv[a + 2]), vs[NV], nv = 0, algo[NV] = {0};
        double best[NV + 1];
        for (int v = 0; v < NV; v++) if (mask >> v & 1) vs[nv++] = v;
        for (int v = 0; v <= NV; v++) best[v] = 1e9;
        for (int r = 0; r < reps; r++) {
            double t0 = now();
            libsais_omp(t, ref, (int32_t)n, 0, NULL, th);
            double t1 = now();
            if (t1 - t0 < best[NV]) best[NV] = t1 - t0;
            fprintf(stderr, "%s %dt rep %d libsais_omp %.4f\n", in, th, r, t1 - t0);
            for (int k = 0; k < nv; k++) {
                int v = vs[(k + r) % nv];
                memset(sa, 0, n * 4);
                t0 = now();
                int st = fns[v](t, sa, (int32_t)n, th, &algo[v]);
                t1 = now();
                if (st || memcmp(sa, ref, n * 4)) { printf("v%d MISMATCH on %s %d threads\n", v, in, th); return 1; }
                if (t1 - t0 < best[v]) best[v] = t1 - t0;
                fprintf(stderr, "%s %dt rep %d v%d %.4f\n", in, th, r, v, t1 - t0);
            }
        }
        /* input,n,threads,rounds,libsais_omp_s, then per variant run: v, s, lib/v, v0/v */
        printf("%s,%ld,%d,%d,%.4f", in, n, th, reps, best[NV]);
        for (int k = 0; k < nv; k++) {
            int v = vs[k];
            printf(",v%d,%.4f,%.3f,%.3f", v, best[v], best[NV] / best[v], (mask & 1) ? best[0] / best[v] : 0.0);
        }
        printf(",algo_v1=%d\n", algo[1]);
        fflush(stdout);
    }
    return 0;
}
