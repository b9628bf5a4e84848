/* sa_test_int_alpha.c - sa.h's integer-alphabet suffix array (sa_build_int, sa_build_int64)
 * against a brute-force sort, on the alphabets issue 26 names: size 1, 2 and 2^31 - 1 (symbols
 * spread over the whole range, and the extremes 0 and 2^31 - 2), plus random sizes and both
 * sides of k = 256 (up to 256 the symbols are narrowed to bytes for the byte level's SA-IS, and
 * so are at most 256 distinct symbols of a larger alphabet, renamed to their ranks; above, or
 * when that copy's allocation fails, the int level sorts them); 1 and 3 threads
 * (sa_build_int runs on one); a symbol outside
 * [0, k) or k < 1 is SA_ERR_ARG; every allocation failed once (tests/failalloc.h): SA_ERR_NOMEM
 * or, where a fallback exists, the right SA, and no leak. */
#include "failalloc.h"
#define SA_MALLOC(sz) fa_malloc(sz)
#define SA_FREE(p) fa_free(p)
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"

static const int32_t *o_t;
static int32_t o_n;
static int cmp_int_suffix(const void *a, const void *b)
{
    int32_t i = *(const int32_t *)a, j = *(const int32_t *)b;
    while (i < o_n && j < o_n) {
        if (o_t[i] != o_t[j]) return o_t[i] < o_t[j] ? -1 : 1;
        i++, j++;
    }
    return i < o_n ? 1 : (j < o_n ? -1 : 0);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    static int32_t T[3000], S[3000], W[3000];
    const int32_t ks[] = {1, 2, 3, 255, 256, 257, 70000, INT32_MAX};
    for (size_t ki = 0; ki < sizeof ks / sizeof *ks; ki++)
        for (int trial = 0; trial < 40; trial++) {
            int32_t k = ks[ki];
            int32_t n = (int32_t)check_rand_below(trial < 10 ? 8 : 3000);
            int mode = trial % 3;
            for (int32_t i = 0; i < n; i++) {
                if (mode == 0) T[i] = (int32_t)check_rand_below((uint64_t)k);
                else if (mode == 1) T[i] = check_rand_below(2) ? k - 1 : 0; /* the extremes */
                else T[i] = (int32_t)((uint64_t)(i % 7) * (uint64_t)(k - 1) / 6); /* periodic */
            }
            for (int32_t i = 0; i < n; i++) W[i] = i;
            o_t = T, o_n = n;
            qsort(W, (size_t)n, sizeof *W, cmp_int_suffix);
            sa_options o;
            memset(&o, 0, sizeof o);
            o.threads = 1 + 2 * (trial % 2);
            sa_status st = sa_build_int(T, S, n, k, &o);
            CHECK(st == SA_OK, "k=%d n=%d: %s", k, n, sa_status_string(st));
            CHECK(memcmp(S, W, (size_t)n * 4) == 0, "k=%d n=%d mode=%d: SA differs", k, n, mode);
        }
    /* larger texts on both sides of k = 256, 32- and 64-bit indices: the byte path's SA-IS with
     * its LMS bit vector and recursion, n past 65536 */
    {
        const int32_t n = 140000;
        int32_t *T2 = (int32_t *)malloc((size_t)n * 4), *S2 = (int32_t *)malloc((size_t)n * 4),
                *W2 = (int32_t *)malloc((size_t)n * 4);
        int64_t *T8 = (int64_t *)malloc((size_t)n * 8), *S8 = (int64_t *)malloc((size_t)n * 8);
        CHECK(T2 && S2 && W2 && T8 && S8, "memory");
        /* modes 4-7: a large alphabet (k <= n: ranks through sa; k > n: sa__int_rename) with 256
         * distinct symbols (the byte level) or 257 (the int level), spread over [0, k) */
        for (int mode = 0; T2 && S2 && W2 && T8 && S8 && mode < 8; mode++) {
            int32_t k = mode == 0 ? 256 : mode == 1 ? 4 : mode == 2 ? 257 : mode == 3 ? 256
                      : mode == 4 || mode == 5 ? 100000 : INT32_MAX;
            int32_t dist = mode == 4 || mode == 6 ? 256 : 257;
            for (int32_t i = 0; i < n; i++)
                T2[i] = mode == 3 ? (check_rand_below(200) == 0 ? 255 : (int32_t)(i % 3)) /* repeats */
                      : mode >= 4 ? (int32_t)((uint64_t)(i < dist ? i : (int32_t)check_rand_below((uint64_t)dist)) * (uint64_t)(k - 1) / (uint64_t)(dist - 1))
                                  : (int32_t)check_rand_below((uint64_t)k);
            for (int32_t i = 0; i < n; i++) W2[i] = i, T8[i] = T2[i];
            o_t = T2, o_n = n;
            qsort(W2, (size_t)n, sizeof *W2, cmp_int_suffix);
            for (int th = 1; th <= 3; th += 2) {
                sa_options o;
                memset(&o, 0, sizeof o);
                o.threads = th;
                CHECK(sa_build_int(T2, S2, n, k, &o) == SA_OK && memcmp(S2, W2, (size_t)n * 4) == 0,
                      "n=%d k=%d mode=%d threads %d", n, k, mode, th);
                int ok = sa_build_int64(T8, S8, n, k, &o) == SA_OK;
                for (int32_t i = 0; ok && i < n; i++) ok = S8[i] == W2[i];
                CHECK(ok, "int64 n=%d k=%d mode=%d threads %d", n, k, mode, th);
            }
        }
        free(T2), free(S2), free(W2), free(T8), free(S8);
    }
    /* the failing allocator: k <= 256 (the byte copy; at n = 3000 the byte level's SA-IS allocates
     * nothing more, its own allocations start at n >= 65536) and k > 256 (the int level's) */
    for (int kk = 0; kk < 3; kk++) /* kk 2: k = 300, more than 256 distinct: the int level */
        for (int th = 1; th <= 3; th += 2) {
            const int32_t n = 3000, k = kk ? 300 : 200;
            for (int32_t i = 0; i < n; i++)
                T[i] = kk == 2 ? i % 300 : i % 17 == 16 ? (int32_t)check_rand_below((uint64_t)k) : i % 5;
            for (int32_t i = 0; i < n; i++) W[i] = i;
            o_t = T, o_n = n;
            qsort(W, (size_t)n, sizeof *W, cmp_int_suffix);
            sa_options o;
            memset(&o, 0, sizeof o);
            o.threads = th;
            for (long f = 1; f < 1000; f++) {
                long live = fa_live();
                memset(S, 0x33, sizeof S);
                fa_arm(f);
                sa_status st = sa_build_int(T, S, n, k, &o);
                int fired = fa_fired();
                fa_arm(0);
                CHECK(fa_live() == live, "k=%d f=%ld leaked", k, f);
                if (st == SA_OK) CHECK(memcmp(S, W, (size_t)n * 4) == 0, "k=%d f=%ld: SA after a failure", k, f);
                else CHECK(st == SA_ERR_NOMEM && fired, "k=%d f=%ld: %s", k, f, sa_status_string(st));
                if (!fired) break;
            }
        }
    T[0] = 5, T[1] = 1;
    CHECK(sa_build_int(T, S, 2, 5, NULL) == SA_ERR_ARG, "symbol = k");
    T[0] = -1;
    CHECK(sa_build_int(T, S, 2, 5, NULL) == SA_ERR_ARG, "negative symbol");
    CHECK(sa_build_int(T, S, 2, 0, NULL) == SA_ERR_ARG, "k = 0");
    return check_done();
}
