/* sa_test_limits.c - the 32-bit API at its documented limit, n = 2^31 - 1 (issue 14.4).
 *
 * Index arithmetic near INT32_MAX: before the fix, SA-IS's prefetch bound `i + 64 < n` and the
 * parallel sort's `k + 8 < m`, `k + 16 < s + m`, `j + 16 < hi`, `m + SA__P_CHUNK - 1` overflowed
 * (undefined; at -O2 reads past sa[]). Build with -fsanitize=undefined: any "runtime error" line
 * in the output is a failure. Needs about 22 GB of memory and many cores, so it only runs when
 * SA_TEST_LIMITS=1 (=2: only the first case; otherwise it exits 77 = skipped); on a large machine:
 *   SA_TEST_LIMITS=1 UBSAN_OPTIONS=print_stacktrace=1 build/tests/sa_test_limits
 * Checks: SA-IS on the all-equal text (every suffix L-type: the induce scans run over all
 * 2^31 - 1 entries), the parallel sort on random bytes and on the all-equal text (one segment of
 * n, radix-partitioned and rescanned by all threads every round), each result against
 * sa_validate and against the known SA of the all-equal text (n-1, n-2, ..., 0), and sa_lcp
 * (Phi) on the random one. */
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"

#ifdef _OPENMP
#include <omp.h>
static double now(void) { return omp_get_wtime(); }
#else
static double now(void) { return (double)clock() / CLOCKS_PER_SEC; }
#endif

static int32_t *sa, *lcp;
static uint8_t *text;
static const int32_t n = INT32_MAX;

static void run(const char *what, sa_algorithm algo, int threads, int equal)
{
    sa_options o = {algo, threads, SA_LCP_DEFAULT};
    sa_build_info info;
    double t0 = now();
    sa_status st = sa_build_ex(text, sa, n, &o, &info);
    double t1 = now();
    printf("%s: sa_build %s (%s, %d threads) %.1f s\n", what, sa_status_string(st), sa_algorithm_name(info.algorithm),
           info.threads, t1 - t0);
    fflush(stdout);
    if (!CHECK(st == SA_OK, "%s: %s", what, sa_status_string(st))) return;
    if (equal) {
        int64_t bad = 0;
        for (int64_t i = 0; i < n; i++) bad += sa[i] != (int32_t)(n - 1 - i);
        CHECK(bad == 0, "%s: %lld entries differ from n-1-i", what, (long long)bad);
    }
    st = sa_validate(text, sa, n);
    printf("%s: sa_validate %s %.1f s\n", what, sa_status_string(st), now() - t1);
    fflush(stdout);
    CHECK(st == SA_OK, "%s: validate %s", what, sa_status_string(st));
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    const char *e = getenv("SA_TEST_LIMITS");
    if (!e || (strcmp(e, "1") != 0 && strcmp(e, "2") != 0)) {
        printf("skipped: set SA_TEST_LIMITS=1 (needs about 22 GB of memory)\n");
        return CHECK_SKIP_CODE;
    }
    text = malloc((size_t)n);
    sa = malloc((size_t)n * sizeof *sa);
    if (!text || !sa) {
        printf("skipped: not enough memory\n");
        return CHECK_SKIP_CODE;
    }
    memset(text, 'a', (size_t)n);
    run("all-equal", SA_ALGO_SAIS, 1, 1);
    if (strcmp(e, "2") == 0) { /* SA_TEST_LIMITS=2: only this first case (the quickest) */
        free(text);
        free(sa);
        return check_done();
    }
    for (int64_t i = 0; i < n; i++) text[i] = (uint8_t)check_rand();
    run("random", SA_ALGO_PARALLEL, 0, 0);
    lcp = malloc((size_t)n * sizeof *lcp);
    if (CHECK(lcp != NULL)) {
        double t0 = now();
        sa_status st = sa_lcp(text, sa, lcp, n, NULL);
        int64_t bad = 0;
        for (int64_t k = 1; k < n && st == SA_OK; k += 9973) { /* spot checks against the definition */
            int32_t a = sa[k - 1], b = sa[k], h = 0;
            while (a + h < n && b + h < n && text[a + h] == text[b + h]) h++; /* a, b < n: no overflow */
            bad += lcp[k] != h;
        }
        printf("random: sa_lcp %s %.1f s, %lld spot checks wrong\n", sa_status_string(st), now() - t0, (long long)bad);
        CHECK(st == SA_OK && lcp[0] == 0 && bad == 0);
        free(lcp);
    }
    if (!getenv("SA_TEST_LIMITS_SHORT")) {
        memset(text, 'a', (size_t)n);
        run("all-equal", SA_ALGO_PARALLEL, 0, 1);
    }
    free(text);
    free(sa);
    return check_done();
}
