/* issue 23 profile (sacore 2026-11-28, session 3): parallel SA-IS (default algorithm) phases, the int
 * levels' phases and sa__pr_own / sa__pr_block phases (sa_prof.h = sa.h + timers), beside libsais_omp,
 * min of reps (the phase numbers are the fastest rep's).   ./prof INPUT REPS THREADS...  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define SA_IMPLEMENTATION
#define SA_SELF "sa_prof.h"
#include "sa_prof.h"
#include "libsais.h"
static const char *ph[] = {"count","seeds","induce1","compact","lengths","names","reduced","st2self","child","map","place3","induce3"};
int main(int argc, char **argv)
{
    const char *in = argv[1]; int reps = atoi(argv[2]);
    uint8_t *t; long n;
    FILE *f = fopen(in, "rb"); if (!f) return 2;
    fseek(f, 0, SEEK_END); n = ftell(f); fseek(f, 0, SEEK_SET);
    t = malloc(n); if (fread(t, 1, n, f) != (size_t)n) return 1; fclose(f);
    int32_t *ref = malloc(n * 4), *sa = malloc(n * 4);
    memset(ref, 0, n * 4); memset(sa, 0, n * 4);
    static double bp[64][16], bi[64][8], bo[8][8], bob[8][128][4], boc[8][8], bb[8][6], bbb[8][128][3];
    for (int a = 3; a < argc; a++) {
        int th = atoi(argv[a]);
        double bl = 1e9, bs = 1e9, bph[SA_PHASE_COUNT];
        for (int r = 0; r < reps; r++) {
            double t0 = omp_get_wtime();
            libsais_omp(t, ref, (int32_t)n, 0, NULL, th);
            double t1 = omp_get_wtime(); if (t1 - t0 < bl) bl = t1 - t0;
            memset(sa_prof, 0, sizeof sa_prof); memset(sa_prof_info, 0, sizeof sa_prof_info);
            memset(sa_own, 0, sizeof sa_own); memset(sa_ownb, 0, sizeof sa_ownb); memset(sa_ownc, 0, sizeof sa_ownc);
            memset(sa_blk, 0, sizeof sa_blk); memset(sa_blkb, 0, sizeof sa_blkb);
            sa_build_info info; sa_options o = SA_OPTIONS_INIT; o.threads = th;
            t0 = omp_get_wtime();
            if (sa_build_ex(t, sa, (int32_t)n, &o, &info) != SA_OK) return 1;
            t1 = omp_get_wtime();
            if (memcmp(sa, ref, n * 4)) { printf("MISMATCH %s %d\n", in, th); return 1; }
            if (t1 - t0 < bs) { bs = t1 - t0; memcpy(bp, sa_prof, sizeof bp); memcpy(bi, sa_prof_info, sizeof bi); memcpy(bph, info.phase_seconds, sizeof bph);
                memcpy(bo, sa_own, sizeof bo); memcpy(bob, sa_ownb, sizeof bob); memcpy(boc, sa_ownc, sizeof boc); memcpy(bb, sa_blk, sizeof bb); memcpy(bbb, sa_blkb, sizeof bbb); }
        }
        printf("== %s n=%ld threads=%d libsais_omp %.4f sa %.4f ratio %.3f\n", in, n, th, bl, bs, bl / bs);
        printf("  top(types place induce1 compact lengths naming name recurse map place3 l3 s3):"); for (int p = 0; p < SA_PHASE_COUNT; p++) printf(" %.3f", bph[p]); printf("\n");
        for (int d = 0; d < 64 && bi[d][6] > 0; d++) if (bi[d][0] >= 65536) {
            double tot = 0; for (int p = 0; p < 12; p++) tot += bp[d][p];
            printf("  lvl%d n=%.0f m=%.0f names=%.0f k=%.0f px=%.0f off=%.0f total=%.3f:", d, bi[d][0], bi[d][1], bi[d][2], bi[d][3], bi[d][4], bi[d][5], tot);
            for (int p = 0; p < 12; p++) if (bp[d][p] >= 0.0005) printf(" %s=%.3f", ph[p], bp[d][p]);
            printf("\n");
        }
        for (int d = 0; d < 8; d++) {
            if (boc[d][5] > 0) {
                double mx[4] = {0}, sm[4] = {0};
                for (int q = 0; q < th; q++) for (int k = 0; k < 4; k++) { sm[k] += bob[d][q][k]; if (bob[d][q][k] > mx[k]) mx[k] = bob[d][q][k]; }
                printf("  own lvl%d blocks=%.0f total=%.4f fork=%.4f readcnt=%.4f prefix=%.4f lists=%.4f walk=%.4f owners=%.4f write=%.4f |"
                       " busy max/mean readcnt %.4f/%.4f lists %.4f/%.4f owners %.4f/%.4f write %.4f/%.4f |"
                       " entries cold=%.0f hot=%.0f late=%.0f maxowner=%.0f (even %.0f) slots=%.0f\n",
                       d, boc[d][5], bo[d][7], bo[d][0], bo[d][1], bo[d][2], bo[d][3], bo[d][4], bo[d][5], bo[d][6],
                       mx[0], sm[0] / th, mx[1], sm[1] / th, mx[2], sm[2] / th, mx[3], sm[3] / th,
                       boc[d][0], boc[d][1], boc[d][2], boc[d][3], boc[d][0] / th, boc[d][4]);
            }
            if (bb[d][5] > 0) {
                double mx[3] = {0}, sm[3] = {0};
                for (int q = 0; q < th; q++) for (int k = 0; k < 3; k += 2) { sm[k] += bbb[d][q][k]; if (bbb[d][q][k] > mx[k]) mx[k] = bbb[d][q][k]; }
                printf("  blk lvl%d blocks=%.0f total=%.4f fork=%.4f read=%.4f walk=%.4f write=%.4f | busy max/mean read %.4f/%.4f write %.4f/%.4f\n",
                       d, bb[d][5], bb[d][4], bb[d][0], bb[d][1], bb[d][2], bb[d][3], mx[0], sm[0] / th, mx[2], sm[2] / th);
            }
        }
        fflush(stdout);
    }
    return 0;
}
