/* sa_test_failalloc.c - every allocation sa.h makes, failed once (issue 13.5).
 *
 * For each call (sa_build / sa_build64 with every algorithm, 1 and 3 threads; sa_lcp / sa_lcp64
 * with both methods; sa_validate / sa_validate64) on inputs chosen to reach the rare allocation
 * paths, k = 1, 2, ...: fail the k-th SA_MALLOC of the call (tests/failalloc.h) and check
 *  - the status is SA_ERR_NOMEM, or SA_OK with the right result where sa.h has a documented
 *    fallback (SA-IS's LMS list and count array, the default dispatch's histogram);
 *  - every block sa.h took was given back (fa_live; the ASan build also checks for leaks);
 *  - sa_lcp left lcp untouched on an error (sa_build's sa is documented as unspecified then);
 * until a call succeeds with no failure injected (every allocation has then failed once).
 * SA__P_BIG is lowered so that the parallel sort's multi-thread radix partitioning (and its
 * allocations) run on these small inputs. */
#include "failalloc.h"
#define SA_MALLOC(sz) fa_malloc(sz)
#define SA_FREE(p) fa_free(p)
#define SA_AUTO_MIN 65536
#define SA__GRAIN 64
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"

enum { IN_REPEATS, IN_EQUAL, IN_TRIPLES, IN_MIXED, IN_COUNT };
static const char *in_name[IN_COUNT] = {"random+repeats", "all-equal", "0ab-triples", "0a-pairs+0ab-triples"};
#define N 70000

/* random bytes with a 2000-byte repeat (chains in the parallel sort) and a 50-byte block copied
 * 100 times (SA-IS: nearly unique names, sorted by doubling, with groups of 100: its buffer);
 * all equal (one segment over SA__P_BIG: radix partitioning by all threads); "0 a b" triples
 * over 150 letters (a reduced alphabet between half and all of the free part of SA: SA-IS's
 * count array on the heap); "0 a" pairs then 2000 random "0 a b" triples (a reduced alphabet
 * larger than the free part of SA: both bucket arrays on the heap). */
static void make_input(int kind, uint8_t *t)
{
    for (int32_t i = 0; i < N; i++) t[i] = (uint8_t)check_rand();
    if (kind == IN_REPEATS) {
        memcpy(t + 40000, t + 5000, 2000);
        for (int c = 0; c < 100; c++) memcpy(t + 62000 + 50 * c, t + 100, 50);
    } else if (kind == IN_EQUAL) {
        memset(t, 'a', N);
    } else if (kind == IN_TRIPLES) {
        for (int32_t i = 0; i < N; i++) t[i] = i % 3 == 0 ? 0 : (uint8_t)(1 + check_rand_below(150));
    } else {
        for (int32_t i = 0; i < N; i++)
            t[i] = i < 64000 ? (i % 2 == 0 ? 0 : (uint8_t)(1 + check_rand_below(255)))
                             : ((i - 64000) % 3 == 0 ? 0 : (uint8_t)(1 + check_rand_below(255)));
    }
}

typedef struct {
    int nomem, fallback, runs;
} tally;

/* One configuration: `call` runs the function under test and returns its status; `same`
 * says whether its result equals the reference. */
typedef struct {
    int what; /* 0 build, 1 lcp, 2 validate */
    int wide;
    sa_options opt;
    const uint8_t *t;
    const int32_t *ref_sa, *ref_lcp;
    int32_t *sa, *lcp;
    int64_t *sa64, *lcp64;
} job;

static sa_status run_job(job *j)
{
    if (j->what == 0) return j->wide ? sa_build64(j->t, j->sa64, N, &j->opt) : sa_build(j->t, j->sa, N, &j->opt);
    if (j->what == 1) return j->wide ? sa_lcp64(j->t, j->sa64, j->lcp64, N, &j->opt) : sa_lcp(j->t, j->sa, j->lcp, N, &j->opt);
    return j->wide ? sa_validate64(j->t, j->sa64, N) : sa_validate(j->t, j->sa, N);
}

static int job_same(const job *j)
{
    for (int32_t i = 0; i < N; i++) {
        if (j->what == 0 && (j->wide ? j->sa64[i] != j->ref_sa[i] : j->sa[i] != j->ref_sa[i])) return 0;
        if (j->what == 1 && (j->wide ? j->lcp64[i] != j->ref_lcp[i] : j->lcp[i] != j->ref_lcp[i])) return 0;
    }
    return 1;
}

/* lcp untouched: still the 0x5a pattern written before the call */
static int lcp_untouched(const job *j)
{
    for (int32_t i = 0; i < N; i++)
        if (j->wide ? j->lcp64[i] != 0x5a5a5a5a5a5a5a5all : j->lcp[i] != 0x5a5a5a5a) return 0;
    return 1;
}

static void prepare(job *j)
{
    if (j->what == 1) {
        if (j->wide) memset(j->lcp64, 0x5a, N * 8);
        else memset(j->lcp, 0x5a, N * 4);
    }
    if (j->what != 0) { /* lcp and validate read the reference SA */
        for (int32_t i = 0; i < N; i++) {
            j->sa[i] = j->ref_sa[i];
            j->sa64[i] = j->ref_sa[i];
        }
    }
}

static void fail_each(job *j, const char *label, tally *ty)
{
    long live0 = fa_live();
    for (long k = 1;; k++) {
        prepare(j);
        fa_arm(k);
        sa_status st = run_job(j);
        int fired = fa_fired();
        long calls = fa_calls();
        fa_arm(0);
        ty->runs++;
        CHECK(fa_live() == live0, "%s: k=%ld: %ld blocks not freed (%s)", label, k, fa_live() - live0,
              sa_status_string(st));
        if (!fired) {
            CHECK(st == SA_OK && job_same(j), "%s: no failure injected (k=%ld, %ld allocations): %s", label, k,
                  calls, sa_status_string(st));
            break;
        }
        if (st == SA_ERR_NOMEM) {
            ty->nomem++;
            if (j->what == 1) CHECK(lcp_untouched(j), "%s: k=%ld: SA_ERR_NOMEM but lcp written", label, k);
        } else {
            ty->fallback++;
            CHECK(st == SA_OK && job_same(j), "%s: k=%ld: allocation failed, status %s, result %s", label, k,
                  sa_status_string(st), st == SA_OK ? "differs" : "-");
        }
        if (!CHECK(k < 100000, "%s: runaway", label)) break;
    }
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    uint8_t *t = malloc(N);
    int32_t *ref = malloc(N * 4), *reflcp = malloc(N * 4), *sa = malloc(N * 4), *lcp = malloc(N * 4);
    int64_t *sa64 = malloc(N * 8), *lcp64 = malloc(N * 8);
    const sa_algorithm algos[] = {SA_ALGO_MM, SA_ALGO_SAIS, SA_ALGO_PARALLEL, SA_ALGO_DEFAULT};
    tally ty = {0, 0, 0};
    for (int in = 0; in < IN_COUNT; in++) {
        make_input(in, t);
        CHECK(sa_build(t, ref, N, &(sa_options){SA_ALGO_SAIS, 1, SA_LCP_DEFAULT}) == SA_OK &&
              sa_lcp(t, ref, reflcp, N, NULL) == SA_OK && sa_validate(t, ref, N) == SA_OK);
        for (int wide = 0; wide <= 1; wide++) {
            for (size_t a = 0; a < sizeof algos / sizeof *algos; a++)
                for (int th = 1; th <= 3; th += 2) {
                    if (algos[a] == SA_ALGO_MM && (th > 1 || in == IN_EQUAL)) continue; /* sequential; slow on all-equal */
                    job j = {0, wide, {algos[a], th, SA_LCP_DEFAULT}, t, ref, reflcp, sa, lcp, sa64, lcp64};
                    char label[128];
                    snprintf(label, sizeof label, "%s build%s %s threads=%d", in_name[in], wide ? "64" : "",
                             sa_algorithm_name(algos[a]), th);
                    fail_each(&j, label, &ty);
                }
            for (int lm = SA_LCP_PHI; lm <= SA_LCP_KASAI; lm++) {
                job j = {1, wide, {SA_ALGO_DEFAULT, 2, (sa_lcp_method)lm}, t, ref, reflcp, sa, lcp, sa64, lcp64};
                char label[128];
                snprintf(label, sizeof label, "%s lcp%s method %d", in_name[in], wide ? "64" : "", lm);
                fail_each(&j, label, &ty);
            }
            job j = {2, wide, {SA_ALGO_DEFAULT, 0, SA_LCP_DEFAULT}, t, ref, reflcp, sa, lcp, sa64, lcp64};
            fail_each(&j, wide ? "validate64" : "validate", &ty);
        }
    }
    printf("%d runs: %d failed allocations gave SA_ERR_NOMEM, %d were absorbed by a fallback (result checked)\n",
           ty.runs, ty.nomem, ty.fallback);
    CHECK(ty.nomem > 0);
    free(t); free(ref); free(reflcp); free(sa); free(lcp); free(sa64); free(lcp64);
    return check_done();
}
