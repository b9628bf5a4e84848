/* issue 23 (sabyte, 2026-11-28 session 4): sa.h one-thread SA-IS against parallel SA-IS (and the
 * doubling where asked) at several thread counts on one input, for SA_ALGO_DEFAULT's thread rule.
 * Min of REPS per cell, every SA compared with the one-thread SA-IS result; CSV on stdout:
 *   input,n,algo,threads,min_s,ratio_vs_sais1,reps...,phases of the min rep (parallel SA-IS)
 * Built against the sa.h in -I (v0/v1/prof copies), one translation unit:
 *   gcc -O3 -std=c11 -fopenmp -D_POSIX_C_SOURCE=200809L -Iv0 -I.. pt.c -o pt
 *   ./pt FILE|gen:acgt:N|gen:fib:N|gen:random:N NAME REPS "2,3,4,6" ["2,3,4" doubling threads] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>
#define SA_IMPLEMENTATION
#include "sa.h"
#include "demos/demo_common.h"

static void gen(const char *kind, uint8_t *t, size_t n)
{
    uint64_t s = 0x5a5a17;
    size_t i;
    if (!strcmp(kind, "random")) dc_random_bytes(t, n, 730);
    else if (!strcmp(kind, "acgt"))
        for (i = 0; i < n; i++) {
            if (i % 32 == 0) s = dc_splitmix64(&s);
            t[i] = (uint8_t)"ACGT"[(s >> (2 * (i % 32))) & 3];
        }
    else { /* Fibonacci word */
        size_t len = n < 2 ? n : 2, plen = 1;
        if (n > 0) t[0] = 'a';
        if (n > 1) t[1] = 'b';
        while (len < n) {
            size_t c = plen < n - len ? plen : n - len;
            memcpy(t + len, t, c);
            plen = len;
            len += c;
        }
    }
}

int main(int argc, char **argv)
{
    long n;
    uint8_t *t;
    int32_t *ref, *b;
    int reps, r, p, bad = 0;
    double best, ts, tm[16], ph[SA_PHASE_COUNT];
    char *lst, *tok;
    if (argc < 5) return 2;
    if (!strncmp(argv[1], "gen:", 4)) {
        char kind[32];
        if (sscanf(argv[1] + 4, "%31[a-z]:%ld", kind, &n) != 2) return 2;
        t = malloc((size_t)n);
        gen(kind, t, (size_t)n);
    } else {
        FILE *f = fopen(argv[1], "rb");
        if (!f) return 2;
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        rewind(f);
        t = malloc((size_t)n);
        if (fread(t, 1, (size_t)n, f) != (size_t)n) return 2;
        fclose(f);
    }
#ifdef SAPF_DEFINED
    double tps; /* rdtsc ticks a second */
    { double w0 = omp_get_wtime(); unsigned long long c0 = __rdtsc(); while (omp_get_wtime() - w0 < 0.05) {}
      tps = (double)(__rdtsc() - c0) / (omp_get_wtime() - w0); }
#endif
    reps = atoi(argv[3]);
    if (reps > 16) reps = 16;
    ref = malloc((size_t)n * 4);
    b = malloc((size_t)n * 4);
    best = 1e30;
    for (r = 0; r < (getenv("SAIS_REPS") ? atoi(getenv("SAIS_REPS")) : reps); r++) {
        double t0 = omp_get_wtime();
        if (sa_build(t, ref, (int32_t)n, &(sa_options){SA_ALGO_SAIS, 1, SA_LCP_DEFAULT}) != SA_OK) return 1;
        tm[r] = omp_get_wtime() - t0;
        if (tm[r] < best) best = tm[r];
    }
    ts = best;
    printf("%s,%ld,sais,1,%.4f,1.000", argv[2], n, ts);
    for (r = 0; r < (getenv("SAIS_REPS") ? atoi(getenv("SAIS_REPS")) : reps); r++) printf(",%.4f", tm[r]);
    printf("\n");
    fflush(stdout);
    for (int pass = 0; pass < 2 && pass + 4 < argc; pass++) {
        lst = strdup(argv[4 + pass]);
        for (tok = strtok(lst, ","); tok; tok = strtok(NULL, ",")) {
            int th = atoi(tok);
            sa_algorithm al = pass ? SA_ALGO_PARALLEL : SA_ALGO_PARALLEL_SAIS;
            sa_build_info info, bi;
            int rr = pass ? 1 : reps;
            best = 1e30;
            for (r = 0; r < rr; r++) {
                double t0 = omp_get_wtime();
                memset(&info, 0, sizeof info);
#ifdef SAPF_DEFINED
                memset(sapf_, 0, sizeof sapf_); memset(sapn_, 0, sizeof sapn_);
#endif
                if (sa_build_ex(t, b, (int32_t)n, &(sa_options){al, th, SA_LCP_DEFAULT}, &info) != SA_OK) return 1;
                tm[r] = omp_get_wtime() - t0;
                bad |= memcmp(ref, b, (size_t)n * 4) != 0;
#ifdef SAPF_DEFINED
                if (!pass) { /* the private profile (h200host_20261128h_prof_patch.py) of this rep */
                    static const char *const kn[4] = {"L1", "S1", "L3", "S3"};
                    for (int k = 0; k < 4; k++)
                        printf("prof,%s,%d,%d,%.4f,%s,walk %.4f,blocks %lld,blk_entries %lld,blk_s %.4f,entry %.4f,"
                               "read %.4f,imbal %.4f,single %.4f,write %.4f,exit %.4f,runs %lld,run_entries %lld,"
                               "run_s %.4f,rest_s %.4f\n", argv[2], th, r, tm[r], kn[k], sapf_[k][0], sapn_[k][0], sapn_[k][1],
                               sapf_[k][1], sapf_[k][3], sapf_[k][4], sapf_[k][5], sapf_[k][6], sapf_[k][7], sapf_[k][8],
                               sapn_[k][3], sapn_[k][2], sapf_[k][2] / tps, sapf_[k][0] - sapf_[k][1] - sapf_[k][2] / tps);
                }
#endif
                if (tm[r] < best) { best = tm[r]; bi = info; memcpy(ph, info.phase_seconds, sizeof ph); }
            }
            printf("%s,%ld,%s,%d,%.4f,%.3f", argv[2], n, pass ? "parallel" : "psais", th, best, ts / best);
            for (r = 0; r < rr; r++) printf(",%.4f", tm[r]);
            if (!pass) {
                printf(",phases");
                for (p = 0; p < SA_PHASE_COUNT; p++) printf(",%.4f", ph[p]);
            }
            (void)bi;
            printf("%s\n", bad ? ",MISMATCH" : "");
            fflush(stdout);
        }
        free(lst);
    }
    /* the default's choice and prediction at 2..16 threads (no build: sa_build_ex with a NULL
       sa would fail; the rule is the function sa__p_auto itself) */
    for (int th = 2; th <= 16; th++) {
        double ratio, rounds;
        sa_algorithm a = sa__p_auto(t, (uint64_t)n, b, (size_t)n * 4, th, &ratio, &rounds);
        printf("%s,%ld,rule,%d,%s,predicted_dbl %.3f,pi %.3f,rounds %.3f\n", argv[2], n, th, sa_algorithm_name(a),
               ratio, sa__pi_ratio(th), rounds);
    }
    free(t); free(ref); free(b);
    return bad;
}
