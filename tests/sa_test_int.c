/* sa_test_int.c - sa_build_int / sa_build_int64 (integer alphabets) against independent oracles:
 * a naive suffix sort (n <= 3000) and prefix doubling with qsort (every n), on k = 1, 2, small and
 * large alphabets (k up to 2^31 - 1 and 2^62 with few distinct symbols, so that the renaming path
 * runs), all equal, periodic, Fibonacci, sizes one off 2^k and past 65536 (the LMS bit vector);
 * bad arguments (a symbol outside [0, k) or k < 1: SA_ERR_ARG with sa untouched) and every
 * allocation failed once (tests/failalloc.h: SA_ERR_NOMEM or the LMS bits' documented fallback,
 * nothing leaked). */
#include "failalloc.h"
#define SA_MALLOC(sz) fa_malloc(sz)
#define SA_FREE(p) fa_free(p)
#define SA__GRAIN 64
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"

/* ---- oracles ----------------------------------------------------------------------------- */
static int naive_cmp(const int64_t *t, int64_t n, int64_t a, int64_t b)
{
    for (; a < n && b < n; a++, b++)
        if (t[a] != t[b]) return t[a] < t[b] ? -1 : 1;
    return a == n ? (b == n ? 0 : -1) : 1;
}

static const int64_t *q_t;
static int64_t q_n;
static int naive_qcmp(const void *x, const void *y)
{
    return naive_cmp(q_t, q_n, *(const int64_t *)x, *(const int64_t *)y);
}

typedef struct { int64_t r1, r2, i; } trip;
static int trip_cmp(const void *x, const void *y)
{
    const trip *a = x, *b = y;
    if (a->r1 != b->r1) return a->r1 < b->r1 ? -1 : 1;
    if (a->r2 != b->r2) return a->r2 < b->r2 ? -1 : 1;
    return 0;
}

/* prefix doubling: sort by (rank[i], rank[i+h] or -1) until every rank is distinct */
static void doubling_sa(const int64_t *t, int64_t n, int64_t *sa)
{
    trip *v = malloc(sizeof *v * (size_t)(n ? n : 1));
    int64_t *rank = malloc(sizeof *rank * (size_t)(n ? n : 1));
    for (int64_t i = 0; i < n; i++) rank[i] = t[i];
    for (int64_t h = 1;; h *= 2) {
        int64_t distinct = 0;
        for (int64_t i = 0; i < n; i++) { v[i].r1 = rank[i]; v[i].r2 = i + h < n ? rank[i + h] : -1; v[i].i = i; }
        qsort(v, (size_t)n, sizeof *v, trip_cmp);
        for (int64_t i = 0; i < n; i++) {
            if (i == 0 || trip_cmp(&v[i - 1], &v[i]) != 0) distinct = i;
            rank[v[i].i] = distinct;
        }
        if (n == 0 || h >= n) break;
        int all = 1;
        for (int64_t i = 1; i < n && all; i++) all = trip_cmp(&v[i - 1], &v[i]) != 0;
        if (all) break;
    }
    for (int64_t i = 0; i < n; i++) sa[i] = v[i].i;
    free(v);
    free(rank);
}

/* ---- inputs ------------------------------------------------------------------------------ */
enum { G_RANDOM, G_FEW, G_EQUAL, G_PERIODIC, G_FIB, G_RUNS, G_COUNT };
static const char *g_name[G_COUNT] = {"random", "few-distinct", "all-equal", "periodic", "fibonacci", "runs"};

/* symbols in [0, k): `few` picks 1..5 values spread over the whole range (incl. 0 and k - 1) */
static void gen(int kind, int64_t *t, int64_t n, int64_t k)
{
    int64_t vals[5] = {0, k - 1, k / 2, k / 3, (k - 1) / 7 * 5};
    int nv = 1 + (int)check_rand_below(5);
    int64_t per = 1 + (int64_t)check_rand_below(7), run = 0, cur = 0;
    for (int64_t i = 0; i < n; i++) {
        switch (kind) {
        case G_RANDOM: t[i] = (int64_t)check_rand_below((uint64_t)k); break;
        case G_FEW: t[i] = vals[check_rand_below((uint64_t)nv)]; break;
        case G_EQUAL: t[i] = k - 1; break;
        case G_PERIODIC: t[i] = vals[(i % per) % 5] % k; break;
        case G_FIB: t[i] = 0; break;
        default:
            if (run == 0) { run = 1 + (int64_t)check_rand_below(40); cur = vals[check_rand_below(5)]; }
            t[i] = cur;
            run--;
        }
    }
    if (kind == G_FIB) /* Fibonacci word over {0, k-1}: floor((i+2)g) - floor((i+1)g), g = 1/phi^2 */
        for (int64_t i = 0; i < n; i++)
            t[i] = ((int64_t)((double)(i + 2) * 0.3819660112501051) - (int64_t)((double)(i + 1) * 0.3819660112501051)) ? k - 1 : 0;
}

/* ---- checks ------------------------------------------------------------------------------ */
static void check_one(const char *what, const int64_t *t, int64_t n, int64_t k, int threads)
{
    int64_t *ref = malloc(sizeof *ref * (size_t)(n + 1));
    int64_t *sa64 = malloc(sizeof *sa64 * (size_t)(n + 1));
    int32_t *t32 = malloc(sizeof *t32 * (size_t)(n + 1)), *sa32 = malloc(sizeof *sa32 * (size_t)(n + 1));
    sa_options opt = {SA_ALGO_DEFAULT, threads, SA_LCP_DEFAULT};
    long live = fa_live();
    doubling_sa(t, n, ref);
    if (n <= 3000) { /* the doubling oracle itself against the naive sort */
        int64_t *nv = malloc(sizeof *nv * (size_t)(n + 1));
        for (int64_t i = 0; i < n; i++) nv[i] = i;
        q_t = t; q_n = n;
        qsort(nv, (size_t)n, sizeof *nv, naive_qcmp);
        CHECK(n == 0 || memcmp(nv, ref, sizeof *nv * (size_t)n) == 0, "%s n=%lld: oracles differ", what, (long long)n);
        free(nv);
    }
    sa_status st = sa_build_int64(t, sa64, n, k, &opt);
    CHECK(st == SA_OK, "%s n=%lld k=%lld: int64 status %d", what, (long long)n, (long long)k, (int)st);
    int64_t bad = -1;
    for (int64_t i = 0; i < n && st == SA_OK; i++) if (sa64[i] != ref[i]) { bad = i; break; }
    CHECK(bad < 0, "%s n=%lld k=%lld: int64 SA differs at %lld", what, (long long)n, (long long)k, (long long)bad);
    if (k <= INT32_MAX && n <= INT32_MAX) {
        for (int64_t i = 0; i < n; i++) t32[i] = (int32_t)t[i];
        st = sa_build_int(t32, sa32, (int32_t)n, (int32_t)k, &opt);
        CHECK(st == SA_OK, "%s n=%lld k=%lld: int32 status %d", what, (long long)n, (long long)k, (int)st);
        bad = -1;
        for (int64_t i = 0; i < n && st == SA_OK; i++) if (sa32[i] != ref[i]) { bad = i; break; }
        CHECK(bad < 0, "%s n=%lld k=%lld: int32 SA differs at %lld", what, (long long)n, (long long)k, (long long)bad);
    }
    CHECK(fa_live() == live, "%s: leaked %ld blocks", what, fa_live() - live);
    free(ref); free(sa64); free(t32); free(sa32);
}

static void check_alphabets(void)
{
    static const int64_t ks[] = {1, 2, 3, 4, 255, 256, 257, 1000, 100000, INT32_MAX, (int64_t)1 << 62};
    static const int64_t ns[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 64, 65, 100, 255, 256, 257,
                                 511, 1000, 1023, 1024, 1025, 3000};
    int64_t *t = malloc(sizeof *t * 3001);
    char what[96];
    for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++)
        for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ni++)
            for (int g = 0; g < G_COUNT; g++) {
                int64_t k = ks[ki], n = ns[ni];
                if (g == G_RANDOM && k > 100000 && n > 257) continue; /* all unique: nothing new */
                gen(g, t, n, k);
                snprintf(what, sizeof what, "%s", g_name[g]);
                check_one(what, t, n, k, 1 + (int)(ni % 3));
            }
    free(t);
}

/* past 65536 (the LMS bit vector, several recursion levels, doubling of a reduced string) */
static void check_large(void)
{
    static const int64_t ns[] = {65535, 65537, 131073, 200003};
    static const int64_t ks[] = {2, 4, 300, 70000, INT32_MAX};
    int64_t *t = malloc(sizeof *t * 200003);
    char what[96];
    for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ni++)
        for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++) {
            int g = (int)((ni + ki) % G_COUNT);
            if (ns[ni] > 70000 && g == G_EQUAL) g = G_FEW;
            gen(g, t, ns[ni], ks[ki]);
            snprintf(what, sizeof what, "large %s", g_name[g]);
            check_one(what, t, ns[ni], ks[ki], 2);
        }
    free(t);
}

static void check_bad_arguments(void)
{
    int32_t t[5] = {0, 1, 2, 1, 0}, sa[5];
    int64_t t64[5] = {0, 1, 2, 1, 0}, sa64[5];
    sa_options bad_threads = {SA_ALGO_DEFAULT, -1, SA_LCP_DEFAULT};
    for (int i = 0; i < 5; i++) sa[i] = sa64[i] = 77;
    CHECK(sa_build_int(t, sa, 5, 2, NULL) == SA_ERR_ARG, "symbol == k");
    t[3] = -1;
    CHECK(sa_build_int(t, sa, 5, 3, NULL) == SA_ERR_ARG, "negative symbol");
    t[3] = 1;
    CHECK(sa_build_int(t, sa, 5, 0, NULL) == SA_ERR_ARG, "k = 0");
    CHECK(sa_build_int(t, sa, 0, 0, NULL) == SA_ERR_ARG, "k = 0, n = 0");
    CHECK(sa_build_int(t, sa, -1, 3, NULL) == SA_ERR_SIZE, "n < 0");
    CHECK(sa_build_int(NULL, sa, 5, 3, NULL) == SA_ERR_NULL, "T NULL");
    CHECK(sa_build_int(t, NULL, 5, 3, NULL) == SA_ERR_NULL, "sa NULL");
    CHECK(sa_build_int(NULL, NULL, 0, 3, NULL) == SA_OK, "n = 0 needs no arrays");
    CHECK(sa_build_int(t, sa, 5, 3, &bad_threads) == SA_ERR_ARG, "bad options");
    t64[4] = (int64_t)1 << 40;
    CHECK(sa_build_int64(t64, sa64, 5, (int64_t)1 << 40, NULL) == SA_ERR_ARG, "int64 symbol == k");
    t64[4] = INT64_MIN;
    CHECK(sa_build_int64(t64, sa64, 5, INT64_MAX, NULL) == SA_ERR_ARG, "int64 INT64_MIN symbol");
    for (int i = 0; i < 5; i++) CHECK(sa[i] == 77 && sa64[i] == 77, "sa touched on an error at %d", i);
    t64[4] = 0;
    CHECK(sa_build_int64(t64, sa64, 5, INT64_MAX, NULL) == SA_OK && sa64[0] == 4 && sa64[1] == 0,
          "int64 k = INT64_MAX");
}

/* every allocation failed once: the renaming path (k > n), heap bucket arrays (k > 256), the
 * LMS bits and the recursion (n > 65536) */
static void check_failalloc(void)
{
    const int64_t n = 70001;
    static const int64_t ks[] = {3, 5000, INT32_MAX};
    int64_t *t = malloc(sizeof *t * (size_t)n), *ref = malloc(sizeof *ref * (size_t)n);
    int32_t *t32 = malloc(sizeof *t32 * (size_t)n), *sa = malloc(sizeof *sa * (size_t)n);
    for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++) {
        gen(G_RUNS, t, n, ks[ki]);
        for (int64_t i = 0; i < n; i++) t32[i] = (int32_t)t[i];
        doubling_sa(t, n, ref);
        int done = 0, fails = 0, fired_any = 0;
        for (long kth = 1; kth < 1000 && !done; kth++) {
            long live = fa_live();
            fa_arm(kth);
            sa_status st = sa_build_int(t32, sa, (int32_t)n, (int32_t)ks[ki], NULL);
            int fired = fa_fired();
            fired_any += fired;
            fa_arm(0);
            CHECK(fa_live() == live, "k=%lld alloc %ld: leaked", (long long)ks[ki], kth);
            if (st == SA_OK) {
                int same = 1;
                for (int64_t i = 0; i < n; i++) same &= sa[i] == ref[i];
                CHECK(same, "k=%lld alloc %ld: wrong SA after a failure", (long long)ks[ki], kth);
                done = !fired;
            } else {
                CHECK(st == SA_ERR_NOMEM && fired, "k=%lld alloc %ld: status %d", (long long)ks[ki], kth, (int)st);
                fails++;
            }
        }
        /* the LMS bits and the bucket arrays (k = 3, 5000) have fallbacks (SA_OK after a
         * failure); the renaming's array (k > n) has none: SA_ERR_NOMEM */
        CHECK(done && fired_any > 0 && (ks[ki] <= n || fails > 0), "k=%lld: failed %d, NOMEM %d", (long long)ks[ki],
              fired_any, fails);
    }
    free(t); free(ref); free(t32); free(sa);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    check_bad_arguments();
    check_alphabets();
    check_large();
    check_failalloc();
    return check_done();
}
