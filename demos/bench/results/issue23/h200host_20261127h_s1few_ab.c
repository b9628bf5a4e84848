/* sa.h SA-IS variants against libsais, one thread, in one process (issue 23, 2026-11-27 sacore):
 * each variant is a copy of sa.h in vN/sa.h, compiled by wrap (below) with SA_STATIC into its own
 * translation unit; every round runs libsais, then the variants in a rotating order; min of reps;
 * every SA compared with libsais's. Build and run: h200host_20261127g_scans_run.sh. As run, less a
 * Fibonacci generator that the runs did not use (the script writes that input). */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include "libsais.h"
int sais_v0(const uint8_t *, int32_t *, int32_t);
int sais_v1(const uint8_t *, int32_t *, int32_t);
int sais_v2(const uint8_t *, int32_t *, int32_t);
int sais_v3(const uint8_t *, int32_t *, int32_t);
static int (*fns[])(const uint8_t *, int32_t *, int32_t) = {sais_v0, sais_v1, sais_v2, sais_v3};
static const char *names[] = {"v0_main", "v1_intk", "v2_s1", "v3_both"};
#define NV 4
static double now(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec + 1e-9 * ts.tv_nsec; }
int main(int argc, char **argv) {
    const char *in = argv[1]; int reps = argc > 2 ? atoi(argv[2]) : 3;
    uint8_t *t; long n;
    if (!strncmp(in, "gen:", 4)) {
        char kind[16]; sscanf(in + 4, "%15[^:]:%ld", kind, &n);
        t = malloc(n); uint64_t s = 88172645463325252ull;
        if (strcmp(kind, "acgt") && strcmp(kind, "random")) return 2; /* (the Fibonacci word: a file) */
        for (long i = 0; i < n; i++) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            t[i] = !strcmp(kind, "acgt") ? "ACGT"[s >> 62] : (uint8_t)(s >> 56);
        }
    } else {
        FILE *f = fopen(in, "rb"); if (!f) return 2;
        fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
        t = malloc(n); if (fread(t, 1, n, f) != (size_t)n) return 1; fclose(f);
    }
    int32_t *ref = malloc(n * 4), *sa = malloc(n * 4);
    memset(ref, 0, n * 4); memset(sa, 0, n * 4);
    double best[NV + 1]; for (int v = 0; v <= NV; v++) best[v] = 1e9;
    for (int r = 0; r < reps; r++) {
        double t0 = now(); libsais(t, ref, (int32_t)n, 0, NULL); double t1 = now();
        if (t1 - t0 < best[NV]) best[NV] = t1 - t0;
        fprintf(stderr, "rep %d libsais %.4f\n", r, t1 - t0);
        for (int k = 0; k < NV; k++) {
            int v = (k + r) % NV; /* rotate the order each round */
            t0 = now(); int st = fns[v](t, sa, (int32_t)n); t1 = now();
            if (st || memcmp(sa, ref, n * 4)) { printf("%s MISMATCH on %s\n", names[v], in); return 1; }
            if (t1 - t0 < best[v]) best[v] = t1 - t0;
            fprintf(stderr, "rep %d %s %.4f\n", r, names[v], t1 - t0);
        }
    }
    printf("input,n,libsais_s"); for (int v = 0; v < NV; v++) printf(",%s_s", names[v]); for (int v = 0; v < NV; v++) printf(",lib/%s", names[v]); printf(",v1/v0_speed,v2/v0_speed,v3/v0_speed\n");
    printf("%s,%ld,%.4f", in, n, best[NV]); for (int v = 0; v < NV; v++) printf(",%.4f", best[v]); for (int v = 0; v < NV; v++) printf(",%.3f", best[NV] / best[v]);
    printf(",%.3f,%.3f,%.3f\n", best[0] / best[1], best[0] / best[2], best[0] / best[3]);
    return 0;
}
