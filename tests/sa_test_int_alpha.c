/* sa_test_int_alpha.c - sa.h's integer-alphabet suffix array (sa_build_int, helper sacore's)
 * against a brute-force sort, on the alphabets issue 26 names: size 1, 2 and 2^31 - 1 (symbols
 * spread over the whole range, and the extremes 0 and 2^31 - 2), plus random sizes; 1 and 3
 * threads; a symbol outside [0, k) or k < 1 is SA_ERR_ARG. */
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
    const int32_t ks[] = {1, 2, 3, 255, 70000, INT32_MAX};
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
    T[0] = 5, T[1] = 1;
    CHECK(sa_build_int(T, S, 2, 5, NULL) == SA_ERR_ARG, "symbol = k");
    T[0] = -1;
    CHECK(sa_build_int(T, S, 2, 5, NULL) == SA_ERR_ARG, "negative symbol");
    CHECK(sa_build_int(T, S, 2, 0, NULL) == SA_ERR_ARG, "k = 0");
    return check_done();
}
