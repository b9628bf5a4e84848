/* tests/sa_test_gsa_par.c - sa_gsa on threads > 1 (issue 26): parallel SA-IS in the GSA's order
 * (sa__psais_gsa, sa__pi_build's gsa mode) against a naive GSA (qsort with a comparison that
 * stops at each string's 0 and orders equal strings by position). Compiled with tiny blocks, as
 * sa_test_psais.c (24 entries a thread, blocks of 6 or more split, the parallel path from 64
 * bytes), so that short texts cross many block, chunk and thread boundaries. Strings that are
 * prefixes of each other, one string many times, one-byte strings, every nonzero byte, long
 * periodic strings, at 1, 2, 3, 4 and 7 threads (every count gives the oracle's SA), 32- and
 * 64-bit; the guard tripped after k blocks (the hand-off to one thread); sa_gsa through every
 * algorithm with and without the LCP, texts with empty strings (the plain SA and the group
 * pass); then the failing allocator (SA_ERR_NOMEM, nothing leaked, the LCP untouched). */
#include "check.h"
#include "failalloc.h"
#define SA_MALLOC(sz) fa_malloc(sz)
#define SA_FREE(p) fa_free(p)
#define SA__PI_CACHE 24
#define SA__PI_MINB 6
#define SA__PI_MIN 64
#define SA__PR_MIN 16
#define SA__PR_PROBE 3
#define SA_AUTO_MIN 256 /* the default's rule (sa__p_auto) on these short texts too */
#define SA__BW_GRAIN 64 /* sa_gsa's threads on these short texts too (else n / 65536: one) */
#define SA__GRAIN 16    /* and sa_build's (sa_gsa's parallel SA-IS runs on sa_build's count) */
#ifndef SA_TEST_PI_ADAPT
#define SA_TEST_PI_ADAPT 0 /* every block parallel, whatever the machine's load */
#endif
#define SA__PI_ADAPT SA_TEST_PI_ADAPT /* (-1, test sa_gsa_par_seqscan: every scan on one thread) */
static int test_pi_trip, test_pr_trip;
#define SA__PI_TRIP test_pi_trip
#define SA__PR_TRIP test_pr_trip
#define SA_IMPLEMENTATION
#include "../sa.h"

#include "gsa_oracle.h" /* naive_gsa, gsa_strings (GSA_MODES) */

static sa_options opts(int th, sa_algorithm a)
{
    sa_options o = SA_OPTIONS_INIT;
    o.threads = th;
    o.algorithm = a;
    return o;
}

static const int ths[] = {1, 2, 3, 4, 7};
#define NTHS 5

static void check_one(const uint8_t *t, int32_t n, int mode, const int32_t *w, const int32_t *wl, int32_t *sa,
                      int64_t *sa64, int32_t *lcp)
{
    for (int k = 0; k < NTHS; k++) {
        int th = ths[k];
        /* called directly, so that no fallback can hide it */
        memset(sa, 0x55, (size_t)n * 4);
        CHECK(SA__CAT(sa__psais_gsa, 32)(t, sa, n, th) == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0,
              "psais_gsa32 n=%d mode=%d threads=%d", n, mode, th);
    }
    int th64 = ths[1 + (int)check_rand_below(NTHS - 1)];
    memset(sa64, 0x55, (size_t)n * 8);
    int ok = SA__CAT(sa__psais_gsa, 64)(t, sa64, (int64_t)n, th64) == SA_OK;
    for (int32_t i = 0; i < n && ok; i++) ok = sa64[i] == w[i];
    CHECK(ok, "psais_gsa64 n=%d mode=%d threads=%d", n, mode, th64);
    /* through sa_gsa: the new path (PARALLEL_SAIS), the default's rule and the old path (PARALLEL) */
    static const sa_algorithm al[] = {SA_ALGO_PARALLEL_SAIS, SA_ALGO_DEFAULT, SA_ALGO_PARALLEL};
    for (int a = 0; a < 3; a++) {
        int th = ths[1 + (int)check_rand_below(NTHS - 1)];
        sa_options o = opts(th, al[a]);
        memset(sa, 0x55, (size_t)n * 4);
        CHECK(sa_gsa(t, sa, NULL, n, &o) == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0,
              "sa_gsa n=%d mode=%d threads=%d algo=%d", n, mode, th, (int)al[a]);
        memset(sa, 0x55, (size_t)n * 4);
        memset(lcp, 0x55, (size_t)n * 4);
        CHECK(sa_gsa(t, sa, lcp, n, &o) == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0 &&
                  memcmp(lcp, wl, (size_t)n * 4) == 0,
              "sa_gsa + lcp n=%d mode=%d threads=%d algo=%d", n, mode, th, (int)al[a]);
    }
}

static void test_random(void)
{
    const int32_t big = 70000;
    uint8_t *t = (uint8_t *)malloc(big);
    int32_t *sa = (int32_t *)malloc((size_t)big * 4), *w = (int32_t *)malloc((size_t)big * 4),
            *wl = (int32_t *)malloc((size_t)big * 4), *lcp = (int32_t *)malloc((size_t)big * 4);
    int64_t *sa64 = (int64_t *)malloc((size_t)big * 8);
    if (!t || !sa || !w || !wl || !lcp || !sa64) { CHECK(0, "out of memory"); return; }
    static const int32_t edge[] = {2, 3, 63, 64, 65, 127, 128, 129, 1000, 4095, 4096, 4097};
    int trials = 0;
    for (int trial = 0; trial < 110; trial++) {
        int mode = trial % GSA_MODES;
        int32_t n = trial < 12 ? edge[trial] : trial < 108 ? 2 + (int32_t)check_rand_below(trial < 80 ? 600 : 4000)
                                                            : 20000 + (int32_t)check_rand_below((uint64_t)big - 20000);
        gsa_strings(t, n, mode);
        CHECK(sa__gsa_no_empty(t, n), "generator n=%d mode=%d", n, mode);
        naive_gsa(t, n, w, wl);
        check_one(t, n, mode, w, wl, sa, sa64, lcp);
        trials++;
    }
    /* the guard switched off after k parallel blocks (the byte level, then each int level) */
    for (int k = 1; k <= 6; k++)
        for (int mode = k % 2; mode < GSA_MODES; mode += 3) {
            int32_t n = 1000 + (int32_t)check_rand_below(2000);
            gsa_strings(t, n, mode);
            naive_gsa(t, n, w, wl);
            test_pi_trip = k;
            test_pr_trip = k % 3 == 0 ? k / 3 : 0;
            for (int q = 1; q < NTHS; q += 2) {
                memset(sa, 0x55, (size_t)n * 4);
                CHECK(SA__CAT(sa__psais_gsa, 32)(t, sa, n, ths[q]) == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0,
                      "trip %d/%d n=%d mode=%d threads=%d", test_pi_trip, test_pr_trip, n, mode, ths[q]);
            }
            test_pi_trip = test_pr_trip = 0;
        }
    /* empty strings (the plain parallel SA and the group pass at threads > 1) */
    for (int trial = 0; trial < 20; trial++) {
        int32_t n = 2 + (int32_t)check_rand_below(2000);
        gsa_strings(t, n, trial % GSA_MODES);
        for (int e = 0; e < 3; e++) t[check_rand_below((uint64_t)n)] = 0;
        naive_gsa(t, n, w, wl);
        for (int a = 0; a < 2; a++) {
            sa_options o = opts(3, a ? SA_ALGO_DEFAULT : SA_ALGO_PARALLEL_SAIS);
            memset(lcp, 0x55, (size_t)n * 4);
            CHECK(sa_gsa(t, sa, lcp, n, &o) == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0 &&
                      memcmp(lcp, wl, (size_t)n * 4) == 0,
                  "empty strings n=%d algo=%d", n, a);
        }
    }
    printf("gsa_par: %d texts\n", trials);
    free(t), free(sa), free(w), free(wl), free(lcp), free(sa64);
}

/* every allocation of the parallel GSA failed once: SA_ERR_NOMEM, nothing leaked, the LCP not
 * written; the first call that fails nothing gives the oracle's SA */
static void test_failalloc(void)
{
    const int32_t n = 1500;
    uint8_t *t = (uint8_t *)malloc(n);
    int32_t *sa = (int32_t *)malloc((size_t)n * 4), *w = (int32_t *)malloc((size_t)n * 4),
            *wl = (int32_t *)malloc((size_t)n * 4), *lcp = (int32_t *)malloc((size_t)n * 4);
    if (!t || !sa || !w || !wl || !lcp) { CHECK(0, "out of memory"); return; }
    gsa_strings(t, n, 3);
    naive_gsa(t, n, w, wl);
    for (int what = 0; what < 3; what++)
        for (int k = 1; k < NTHS; k += 2) {
            long kk;
            for (kk = 1; kk < 1000; kk++) {
                long live = fa_live();
                sa_status st;
                memset(sa, 0x33, (size_t)n * 4);
                memset(lcp, 0x33, (size_t)n * 4);
                sa_options o = opts(ths[k], what == 2 ? SA_ALGO_DEFAULT : SA_ALGO_PARALLEL_SAIS);
                fa_arm(kk);
                st = what == 0 ? SA__CAT(sa__psais_gsa, 32)(t, sa, n, ths[k]) : sa_gsa(t, sa, lcp, n, &o);
                int fired = fa_fired();
                fa_arm(0);
                CHECK(fa_live() == live, "what=%d threads=%d k=%ld leaked", what, ths[k], kk);
                if (!fired) {
                    CHECK(st == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0, "what=%d threads=%d after %ld", what, ths[k], kk);
                    if (what) CHECK(memcmp(lcp, wl, (size_t)n * 4) == 0, "lcp what=%d threads=%d", what, ths[k]);
                    break;
                }
                CHECK(st == SA_ERR_NOMEM || (st == SA_OK && memcmp(sa, w, (size_t)n * 4) == 0),
                      "what=%d threads=%d k=%ld: %s", what, ths[k], kk, sa_status_string(st));
                if (st != SA_OK && what) {
                    int32_t i = 0;
                    while (i < n && lcp[i] == 0x33333333) i++;
                    CHECK(i == n, "lcp written on failure (what=%d threads=%d k=%ld, at %d)", what, ths[k], kk, i);
                }
            }
#ifdef _OPENMP
            CHECK(kk > 1 && kk < 1000, "what=%d threads=%d: %ld allocations", what, ths[k], kk);
#endif
        }
    free(t), free(sa), free(w), free(wl), free(lcp);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    test_random();
    test_failalloc();
    return check_done();
}
