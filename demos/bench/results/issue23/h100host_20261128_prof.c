/* issue 23 profile (sacore 2026-11-28): parallel SA-IS phases incl. the int levels' phases
 * (sa_prof.h = sa.h + timers in sa__lvl_g), beside libsais_omp, min of reps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define SA_IMPLEMENTATION
#define SA_SELF "sa_prof.h"
#include "sa_prof.h"
#include "libsais.h"
static const char *ph[] = {"count","seeds","induce1","compact","lengths","names","reduced","ls/drop","child","undrop","map","place3","induce3"};
int main(int argc, char **argv)
{
    const char *in = argv[1]; int reps = atoi(argv[2]);
    uint8_t *t; long n;
    if (!strncmp(in, "gen:", 4)) {
        char kind[16]; sscanf(in + 4, "%15[^:]:%ld", kind, &n);
        t = malloc(n); uint64_t s = 88172645463325252ull;
        for (long i = 0; i < n; i++) { s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            t[i] = !strcmp(kind, "acgt") ? "ACGT"[s >> 62] : (uint8_t)(s >> 56); }
    } else {
        FILE *f = fopen(in, "rb"); if (!f) return 2;
        fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
        t = malloc(n); if (fread(t, 1, n, f) != (size_t)n) return 1; fclose(f);
    }
    int32_t *ref = malloc(n * 4), *sa = malloc(n * 4);
    memset(ref, 0, n * 4); memset(sa, 0, n * 4);
    for (int a = 3; a < argc; a++) {
        int th = atoi(argv[a]);
        double bl = 1e9, bs = 1e9, bp[64][16], bi[64][8], bph[SA_PHASE_COUNT];
        for (int r = 0; r < reps; r++) {
            double t0 = omp_get_wtime();
            libsais_omp(t, ref, (int32_t)n, 0, NULL, th);
            double t1 = omp_get_wtime(); if (t1 - t0 < bl) bl = t1 - t0;
            memset(sa_prof, 0, sizeof sa_prof); memset(sa_prof_info, 0, sizeof sa_prof_info);
            sa_build_info info; sa_options o = SA_OPTIONS_INIT; o.algorithm = SA_ALGO_PARALLEL_SAIS; o.threads = th;
            t0 = omp_get_wtime();
            if (sa_build_ex(t, sa, (int32_t)n, &o, &info) != SA_OK) return 1;
            t1 = omp_get_wtime();
            if (memcmp(sa, ref, n * 4)) { printf("MISMATCH %s %d\n", in, th); return 1; }
            if (t1 - t0 < bs) { bs = t1 - t0; memcpy(bp, sa_prof, sizeof bp); memcpy(bi, sa_prof_info, sizeof bi); memcpy(bph, info.phase_seconds, sizeof bph); }
        }
        printf("== %s n=%ld threads=%d libsais_omp %.4f sa_psais %.4f ratio %.3f\n", in, n, th, bl, bs, bl / bs);
        printf("  top:"); for (int p = 0; p < SA_PHASE_COUNT; p++) printf(" %.3f", bph[p]); printf("\n");
        for (int d = 0; d < 64 && bi[d][6] > 0; d++) if (bi[d][0] >= 65536) {
            double tot = 0; for (int p = 0; p < 13; p++) tot += bp[d][p];
            printf("  lvl%d n=%.0f m=%.0f names=%.0f k=%.0f px=%.0f off=%.0f calls=%.0f total=%.3f:", d, bi[d][0], bi[d][1], bi[d][2], bi[d][3], bi[d][4], bi[d][5], bi[d][6], tot);
            for (int p = 0; p < 13; p++) if (bp[d][p] >= 0.0005) printf(" %s=%.3f", ph[p], bp[d][p]);
            printf("\n");
        }
        fflush(stdout);
    }
    return 0;
}
