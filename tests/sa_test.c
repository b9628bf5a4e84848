/* sa_test.c - sa.h against an independent brute-force oracle (naive suffix sort, naive LCP,
 * LRS by counting occurrences), every algorithm x 1..4 threads x both LCP methods, the 64-bit
 * API against the 32-bit one, the validator on corrupted arrays, and bad arguments.
 * SA_TEST_BIG=1 adds larger inputs (1M random, 200k periodic).
 * SA_AUTO_MIN is lowered from 2^20 so that the default's dispatch rule runs on small inputs, and
 * SA__GRAIN (elements per thread at least) from 16384 so that small inputs still run on 2-4 threads. */
#define SA_AUTO_MIN 65536
#define SA__GRAIN 64
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"

/* ---- oracle ------------------------------------------------------------------------------ */
static int naive_cmp(const uint8_t *t, int32_t n, int32_t a, int32_t b)
{
    int32_t la = n - a, lb = n - b, m = la < lb ? la : lb;
    for (int32_t i = 0; i < m; i++)
        if (t[a + i] != t[b + i]) return t[a + i] < t[b + i] ? -1 : 1;
    return la < lb ? -1 : (la > lb ? 1 : 0);
}

/* merge sort of suffix positions by direct comparison */
static void naive_sa(const uint8_t *t, int32_t n, int32_t *sa)
{
    int32_t *tmp = malloc(sizeof *tmp * (size_t)(n ? n : 1));
    for (int32_t i = 0; i < n; i++) sa[i] = i;
    for (int32_t w = 1; w < n; w *= 2) {
        for (int32_t lo = 0; lo < n; lo += 2 * w) {
            int32_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int32_t a = lo, b = mid, o = lo;
            while (a < mid && b < hi) tmp[o++] = naive_cmp(t, n, sa[a], sa[b]) <= 0 ? sa[a++] : sa[b++];
            while (a < mid) tmp[o++] = sa[a++];
            while (b < hi) tmp[o++] = sa[b++];
        }
        memcpy(sa, tmp, sizeof *sa * (size_t)n);
    }
    free(tmp);
}

static void naive_lcp(const uint8_t *t, int32_t n, const int32_t *sa, int32_t *lcp)
{
    if (n) lcp[0] = 0;
    for (int32_t k = 1; k < n; k++) {
        int32_t a = sa[k - 1], b = sa[k], h = 0;
        while (a + h < n && b + h < n && t[a + h] == t[b + h]) h++;
        lcp[k] = h;
    }
}

/* LRS straight from the definition: max lcp, first k, then count occurrences in the text */
static sa_lrs_result naive_lrs(const uint8_t *t, int32_t n, const int32_t *sa, const int32_t *lcp)
{
    sa_lrs_result r = {0, 0, 0, 0};
    for (int32_t k = 1; k < n; k++)
        if (lcp[k] > r.len) { r.len = lcp[k]; r.sa_index = k; }
    if (r.len == 0) { r.sa_index = 0; return r; }
    const uint8_t *s = t + sa[r.sa_index];
    r.pos = -1;
    for (int32_t i = 0; i + r.len <= n; i++)
        if (memcmp(t + i, s, (size_t)r.len) == 0) {
            if (r.pos < 0) r.pos = i;
            r.count++;
        }
    return r;
}

/* ---- inputs ------------------------------------------------------------------------------ */
enum { GEN_RANDOM256, GEN_RANDOM4, GEN_RANDOM2, GEN_NUL_BINARY, GEN_EQUAL, GEN_AB, GEN_ABC, GEN_FIB, GEN_RUNS, GEN_COUNT };
static const char *gen_name[GEN_COUNT] = {"random256", "random4", "random2", "binary-with-NUL", "all-equal", "ab-repeat", "abc-repeat", "fibonacci", "runs"};

static void gen(int kind, uint8_t *t, int32_t n)
{
    for (int32_t i = 0; i < n; i++) {
        switch (kind) {
        case GEN_RANDOM256: t[i] = (uint8_t)check_rand(); break;
        case GEN_RANDOM4: t[i] = (uint8_t)('a' + check_rand_below(4)); break;
        case GEN_RANDOM2: t[i] = (uint8_t)check_rand_below(2) ? 0xff : 0x80; break;
        case GEN_NUL_BINARY: t[i] = check_rand_below(3) ? 0 : (uint8_t)check_rand(); break;
        case GEN_EQUAL: t[i] = 'a'; break;
        case GEN_AB: t[i] = (uint8_t)("ab"[i % 2]); break;
        case GEN_ABC: t[i] = (uint8_t)("abc"[i % 3]); break;
        case GEN_FIB: break;
        case GEN_RUNS: t[i] = (uint8_t)((i / (1 + (int32_t)(check_rand() % 7))) % 3 ? 'x' : 0); break;
        }
    }
    if (kind == GEN_FIB && n > 0) { /* Fibonacci word: s1 = "b", s2 = "a", s_k = s_{k-1} s_{k-2} */
        int32_t la = 1, lb = 1; /* lengths of s_{k-1}, s_{k-2} */
        t[0] = 'a';
        if (n > 1) t[1] = 'b';
        la = 2; lb = 1;
        while (la < n) { /* s_k = s_{k-1} + prefix: append the first lb characters */
            int32_t add = lb < n - la ? lb : n - la;
            memmove(t + la, t, (size_t)add);
            int32_t nl = la + lb; lb = la; la = nl;
        }
    }
}

/* ---- one input through everything -------------------------------------------------------- */
static const sa_algorithm algos[] = {SA_ALGO_MM, SA_ALGO_SAIS, SA_ALGO_PARALLEL, SA_ALGO_PARALLEL_SAIS, SA_ALGO_DEFAULT};

static void check_input(const char *what, const uint8_t *t, int32_t n, int use_naive)
{
    size_t sz = (size_t)(n ? n : 1);
    int32_t *ref = malloc(sz * 4), *reflcp = malloc(sz * 4), *sa = malloc(sz * 4), *lcp = malloc(sz * 4);
    int64_t *sa64 = malloc(sz * 8), *lcp64 = malloc(sz * 8);
    sa_lrs_result refl, r;
    if (use_naive) {
        naive_sa(t, n, ref);
    } else { /* large input: the seed's Manber-Myers, a different algorithm, is the reference */
        sa_options o = {SA_ALGO_MM, 1, SA_LCP_DEFAULT};
        CHECK(sa_build(t, ref, n, &o) == SA_OK, "%s n=%d", what, n);
    }
    naive_lcp(t, n, ref, reflcp);
    refl = naive_lrs(t, n, ref, reflcp);
    CHECK(sa_validate(t, ref, n) == SA_OK, "%s n=%d: validator rejects the reference", what, n);

    for (size_t a = 0; a < sizeof algos / sizeof *algos; a++) {
        for (int th = 1; th <= 4; th++) {
            sa_options o = {algos[a], th, SA_LCP_DEFAULT};
            if (algos[a] == SA_ALGO_MM && th > 1) continue; /* sequential by definition */
            memset(sa, 0xa5, sz * 4);
            sa_status st = sa_build(t, sa, n, &o);
            if (!CHECK(st == SA_OK && memcmp(sa, ref, (size_t)n * 4) == 0, "%s n=%d algo=%s threads=%d: SA differs (%s)",
                       what, n, sa_algorithm_name(algos[a]), th, sa_status_string(st)))
                continue;
            for (int lm = SA_LCP_PHI; lm <= SA_LCP_KASAI; lm++) {
                o.lcp = (sa_lcp_method)lm;
                memset(lcp, 0xa5, sz * 4);
                st = sa_lcp(t, sa, lcp, n, &o);
                CHECK(st == SA_OK && memcmp(lcp, reflcp, (size_t)n * 4) == 0, "%s n=%d threads=%d lcp=%d: LCP differs",
                      what, n, th, lm);
            }
            st = sa_lrs(sa, reflcp, n, &r, &o);
            CHECK(st == SA_OK && r.len == refl.len && r.sa_index == refl.sa_index && r.pos == refl.pos &&
                      r.count == refl.count,
                  "%s n=%d threads=%d: LRS %lld/%lld/%lld/%lld, oracle %lld/%lld/%lld/%lld", what, n, th,
                  (long long)r.len, (long long)r.sa_index, (long long)r.pos, (long long)r.count, (long long)refl.len,
                  (long long)refl.sa_index, (long long)refl.pos, (long long)refl.count);
            /* 64-bit API on the same input */
            if (th <= 2) {
                int ok = sa_build64(t, sa64, n, &o) == SA_OK && sa_lcp64(t, sa64, lcp64, n, &o) == SA_OK &&
                         sa_validate64(t, sa64, n) == SA_OK;
                for (int32_t i = 0; ok && i < n; i++) ok = sa64[i] == ref[i] && lcp64[i] == reflcp[i];
                sa_lrs_result r64;
                ok = ok && sa_lrs64(sa64, lcp64, n, &r64, &o) == SA_OK && r64.len == refl.len &&
                     r64.sa_index == refl.sa_index && r64.pos == refl.pos && r64.count == refl.count;
                CHECK(ok, "%s n=%d algo=%s threads=%d: 64-bit API disagrees", what, n, sa_algorithm_name(algos[a]), th);
            }
        }
    }
    free(ref); free(reflcp); free(sa); free(lcp); free(sa64); free(lcp64);
}

/* ---- SA-IS's large-input paths (sa_seq): one thread, 32- and 64-bit, against Manber-Myers ----
 * n >= 65536 byte levels keep a bit per position for the LMS positions (word boundaries: n one
 * off multiples of 64); mostly-unique reduced strings are finished by doubling unless a long
 * repeat or a frequent symbol makes it slow (then a recursion whose alphabet fills the free
 * space, so its counts are recomputed); texts with long repeats recurse several levels. */
static void check_sais_one(const char *what, const uint8_t *t, int32_t n)
{
    int32_t *ref = malloc((size_t)n * 4), *sa = malloc((size_t)n * 4);
    int64_t *sa64 = malloc((size_t)n * 8);
    sa_options mm = {SA_ALGO_MM, 1, SA_LCP_DEFAULT}, si = {SA_ALGO_SAIS, 1, SA_LCP_DEFAULT};
    int ok;
    CHECK(sa_build(t, ref, n, &mm) == SA_OK && sa_validate(t, ref, n) == SA_OK, "%s n=%d: reference", what, n);
    memset(sa, 0xa5, (size_t)n * 4);
    CHECK(sa_build(t, sa, n, &si) == SA_OK && memcmp(sa, ref, (size_t)n * 4) == 0, "%s n=%d: SA-IS differs", what, n);
    ok = sa_build64(t, sa64, n, &si) == SA_OK;
    for (int32_t i = 0; ok && i < n; i++) ok = sa64[i] == ref[i];
    CHECK(ok, "%s n=%d: 64-bit SA-IS differs", what, n);
    free(ref); free(sa); free(sa64);
}

static void check_sais_paths(void)
{
    static const int32_t ns[] = {65536 + 63, 65536 + 64, 65536 + 65, 131071};
    int32_t nmax = 200000;
    uint8_t *t = malloc((size_t)nmax);
    for (size_t s = 0; s < sizeof ns / sizeof *ns; s++) {
        gen(GEN_RANDOM4, t, ns[s]);
        check_sais_one("sais-random4", t, ns[s]);
        gen(GEN_NUL_BINARY, t, ns[s]);
        check_sais_one("sais-binary-with-NUL", t, ns[s]);
        gen(GEN_FIB, t, ns[s]);
        check_sais_one("sais-fibonacci", t, ns[s]);
    }
    /* every byte value, then a text-like input (words from a small vocabulary) */
    for (int32_t i = 0; i < 70000; i++) t[i] = (uint8_t)(i * 131 + (i >> 8));
    check_sais_one("sais-all-bytes", t, 70000);
    for (int32_t i = 0; i < nmax;) {
        static const char *w[] = {"int ", "static ", "return ", "x", "y;\n", "(a, b)", "{\n", "}\n", "/* c */"};
        const char *s = w[check_rand_below(9)];
        while (*s && i < nmax) t[i++] = (uint8_t)*s++;
    }
    check_sais_one("sais-words", t, nmax);
    /* random bytes: the doubling finishes the reduced string */
    gen(GEN_RANDOM256, t, 150000);
    check_sais_one("sais-random256", t, 150000);
    /* random bytes then a copy of 60 % of them: long runs of repeated names, a recursion */
    gen(GEN_RANDOM256, t, 100000);
    memcpy(t + 100000, t, 60000);
    check_sais_one("sais-random-repeat", t, 160000);
    /* random bytes with a fixed LMS substring (10 90 10) every 10 bytes: a frequent name */
    gen(GEN_RANDOM256, t, 150000);
    for (int32_t i = 0; i + 4 < 150000; i += 10) memcpy(t + i, "\x80\x10\x90\x10\x90", 5);
    check_sais_one("sais-random-pattern", t, 150000);
    /* DNA-like: the first int level is past 65536 too (its own LMS bit vector) */
    {
        uint8_t *u = malloc(300001);
        gen(GEN_RANDOM4, u, 300001);
        check_sais_one("sais-random4-300k", u, 300001);
        free(u);
    }
    /* two symbols only, n = 2^17 + 1 (every level at an odd length) */
    gen(GEN_RANDOM2, t, 131073);
    check_sais_one("sais-random2", t, 131073);
    free(t);
}

static void check_validator(void)
{
    int32_t n = 300;
    uint8_t *t = malloc((size_t)n);
    int32_t *sa = malloc((size_t)n * 4);
    gen(GEN_RANDOM4, t, n);
    CHECK(sa_build(t, sa, n, NULL) == SA_OK);
    CHECK(sa_validate(t, sa, n) == SA_OK);
    for (int rep = 0; rep < 50; rep++) {
        int32_t i = (int32_t)check_rand_below((uint64_t)n), j = (int32_t)check_rand_below((uint64_t)n), keep = sa[i];
        int32_t a = sa[i], b = sa[j];
        if (i == j) continue;
        sa[i] = b; sa[j] = a; /* swap */
        CHECK(sa_validate(t, sa, n) == SA_ERR_ORDER, "swap %d %d", i, j);
        sa[i] = a; sa[j] = b;
        sa[i] = b; /* duplicate */
        CHECK(sa_validate(t, sa, n) == SA_ERR_DUPLICATE, "duplicate at %d", i);
        sa[i] = rep % 2 ? n : -1 - (int32_t)check_rand_below(5);
        CHECK(sa_validate(t, sa, n) == SA_ERR_RANGE, "out of range at %d", i);
        sa[i] = keep;
        CHECK(sa_validate(t, sa, n) == SA_OK);
    }
    /* adjacent swap in an all-equal text: only the end-of-text rule tells them apart */
    memset(t, 'a', (size_t)n);
    CHECK(sa_build(t, sa, n, NULL) == SA_OK && sa[0] == n - 1 && sa_validate(t, sa, n) == SA_OK);
    int32_t x = sa[0]; sa[0] = sa[1]; sa[1] = x;
    CHECK(sa_validate(t, sa, n) == SA_ERR_ORDER);
    free(t); free(sa);
}

/* SA_ALGO_DEFAULT with 2-4 threads: random text with a growing copied block crosses the rule
 * from parallel doubling to parallel SA-IS; both branches must occur, take the algorithm the
 * rule's prediction names (sa__p_choose) and give the SA-IS result. */
static void check_default_dispatch(void)
{
    const int32_t n = 200000;
    uint8_t *t = malloc((size_t)n), *base = malloc((size_t)n);
    int32_t *ref = malloc((size_t)n * 4), *sa = malloc((size_t)n * 4);
    int64_t *sa64 = malloc((size_t)n * 8);
    gen(GEN_RANDOM256, base, n); /* the same random part for every block length */
    for (int th = 2; th <= 4; th++) {
        int seen[2] = {0, 0}, last = -1, flips = 0;
        for (int32_t blk = 0; blk <= n / 4; blk += n / 100) {
            sa_options o = {SA_ALGO_DEFAULT, th, SA_LCP_DEFAULT}, s1 = {SA_ALGO_SAIS, 1, SA_LCP_DEFAULT};
            sa_build_info info = {SA_ALGO_DEFAULT, 0, 0, 0, 0, {0}}, info64 = info;
            memcpy(t, base, (size_t)n);
            memcpy(t + n / 2, t + n / 8, (size_t)blk); /* one long repeat of blk bytes */
            CHECK(sa_build_ex(t, ref, n, &s1, &info) == SA_OK && info.algorithm == SA_ALGO_SAIS && !info.predicted);
            CHECK(sa_build_ex(t, sa, n, &o, &info) == SA_OK, "blk=%d th=%d", blk, th);
            int par = info.algorithm == SA_ALGO_PARALLEL;
#ifdef _OPENMP
            CHECK(info.predicted);
            CHECK(info.algorithm == sa__p_choose(info.predicted_ratio, th));
#else
            CHECK(info.algorithm == SA_ALGO_SAIS);
#endif
            CHECK((info.algorithm == SA_ALGO_SAIS ? info.threads == 1 : info.threads == th),
                  "blk=%d th=%d: algo %s, %d threads, ratio %.3f", blk, th, sa_algorithm_name(info.algorithm),
                  info.threads, info.predicted_ratio);
            CHECK(memcmp(sa, ref, (size_t)n * 4) == 0, "blk=%d th=%d: default->%s SA differs", blk, th,
                  sa_algorithm_name(info.algorithm));
            /* the 64-bit API takes the same branch (its scratch is larger, the rule the same) */
            int ok = sa_build64_ex(t, sa64, n, &o, &info64) == SA_OK && info64.algorithm == info.algorithm;
            for (int32_t i = 0; ok && i < n; i++) ok = sa64[i] == ref[i];
            CHECK(ok, "blk=%d th=%d: 64-bit default differs", blk, th);
            seen[par] = 1;
            if (last >= 0 && last != par) flips++;
            last = par;
            if (!par) { /* SA_ALGO_PARALLEL asked for explicitly still runs the doubling */
                sa_options p = {SA_ALGO_PARALLEL, th, SA_LCP_DEFAULT};
                CHECK(sa_build_ex(t, sa, n, &p, &info) == SA_OK && info.algorithm == SA_ALGO_PARALLEL &&
                          info.threads == th && !info.predicted && memcmp(sa, ref, (size_t)n * 4) == 0,
                      "blk=%d th=%d: explicit parallel", blk, th);
            }
        }
#ifdef _OPENMP
        CHECK(seen[0] && seen[1] && flips == 1, "th=%d: branches seen %d/%d, %d flips", th, seen[1], seen[0], flips);
#else
        CHECK(seen[0] && !seen[1], "th=%d: without OpenMP the default is SA-IS", th);
#endif
    }
    /* degenerate texts never pick the doubling; one thread and short texts never run the rule */
    for (int g = GEN_EQUAL; g <= GEN_FIB; g++) {
        sa_options o = {SA_ALGO_DEFAULT, 2, SA_LCP_DEFAULT};
        sa_build_info info = {SA_ALGO_DEFAULT, 0, 0, 0, 0, {0}};
        gen(g, t, n);
        CHECK(sa_build_ex(t, sa, n, &o, &info) == SA_OK && info.algorithm != SA_ALGO_PARALLEL &&
                  sa_validate(t, sa, n) == SA_OK, "%s: default with 2 threads ran %s", gen_name[g],
              sa_algorithm_name(info.algorithm));
    }
    {
        sa_options o1 = {SA_ALGO_DEFAULT, 1, SA_LCP_DEFAULT}, o2 = {SA_ALGO_DEFAULT, 2, SA_LCP_DEFAULT};
        sa_build_info info = {SA_ALGO_DEFAULT, 0, 0, 0, 0, {0}};
        gen(GEN_RANDOM256, t, n);
        CHECK(sa_build_ex(t, sa, n, &o1, &info) == SA_OK && info.algorithm == SA_ALGO_SAIS && !info.predicted);
        CHECK(sa_build_ex(t, sa, SA_AUTO_MIN - 1, &o2, &info) == SA_OK && info.algorithm == SA_ALGO_SAIS &&
              !info.predicted);
        CHECK(sa_build_ex(t, sa, n, &(sa_options){SA_ALGO_MM, 2, SA_LCP_DEFAULT}, &info) == SA_OK &&
              info.algorithm == SA_ALGO_MM && info.threads == 1);
        CHECK(sa_build_ex(t, sa, n, &(sa_options){(sa_algorithm)99, 2, SA_LCP_DEFAULT}, &info) == SA_ERR_ARG);
    }
    free(t); free(base); free(ref); free(sa); free(sa64);
}

/* sa_lcp on an sa that is not a permutation (issue 14.5): SA_ERR_RANGE / SA_ERR_DUPLICATE, lcp
 * untouched, nothing read or written out of bounds (the ASan build checks that), for both methods,
 * both widths, sequential and parallel (n > SA__PAR_MIN). */
static void check_lcp_not_permutation(void)
{
    const int32_t sizes[] = {1, 2, 50, 70000};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        int32_t n = sizes[si];
        uint8_t *t = malloc((size_t)n);
        int32_t *sa = malloc((size_t)n * 4), *bad = malloc((size_t)n * 4), *lcp = malloc((size_t)n * 4);
        int64_t *bad64 = malloc((size_t)n * 8), *lcp64 = malloc((size_t)n * 8);
        gen(GEN_RANDOM4, t, n);
        CHECK(sa_build(t, sa, n, NULL) == SA_OK);
        for (int rep = 0; rep < 12; rep++) {
            int32_t i = (int32_t)check_rand_below((uint64_t)n), j = (int32_t)check_rand_below((uint64_t)n);
            sa_status want;
            memcpy(bad, sa, (size_t)n * 4);
            switch (rep % 4) {
            case 0: bad[i] = n; want = SA_ERR_RANGE; break;
            case 1: bad[i] = -1 - (int32_t)check_rand_below(1000); want = SA_ERR_RANGE; break;
            case 2: bad[i] = INT32_MAX - (int32_t)check_rand_below(3); want = SA_ERR_RANGE; break;
            default: /* duplicate (n = 1 has none: range instead) */
                if (i == j) j = (i + 1) % n;
                if (i == j) { bad[i] = 1; want = SA_ERR_RANGE; }
                else { bad[i] = bad[j]; want = SA_ERR_DUPLICATE; }
            }
            for (int32_t k = 0; k < n; k++) bad64[k] = bad[k];
            if (rep % 4 == 2) bad64[i] = INT64_MAX - (int64_t)check_rand_below(3);
            for (int lm = SA_LCP_PHI; lm <= SA_LCP_KASAI; lm++)
                for (int th = 1; th <= 3; th += 2) {
                    sa_options o = {SA_ALGO_DEFAULT, th, (sa_lcp_method)lm};
                    memset(lcp, 0x5a, (size_t)n * 4);
                    memset(lcp64, 0x5a, (size_t)n * 8);
                    sa_status st = sa_lcp(t, bad, lcp, n, &o), st64 = sa_lcp64(t, bad64, lcp64, n, &o);
                    int untouched = 1;
                    for (int32_t k = 0; k < n; k++)
                        untouched &= lcp[k] == 0x5a5a5a5a && lcp64[k] == 0x5a5a5a5a5a5a5a5all;
                    CHECK(st == want && st64 == want && untouched,
                          "n=%d case %d lcp=%d threads=%d: %s / %s (want %s), lcp %s", n, rep % 4, lm, th,
                          sa_status_string(st), sa_status_string(st64), sa_status_string(want),
                          untouched ? "untouched" : "written");
                }
        }
        free(t); free(sa); free(bad); free(lcp); free(bad64); free(lcp64);
    }
}

/* opt.threads (issue 14.6): above SA_MAX_THREADS refused with SA_ERR_ARG (nothing started,
 * sa untouched); within it, capped by the work (one thread per SA__GRAIN elements). */
static void check_thread_limits(void)
{
    uint8_t t[100];
    int32_t sa[100], lcp[100];
    sa_build_info info;
    gen(GEN_RANDOM256, t, 100);
    const int too_many[] = {SA_MAX_THREADS + 1, 1000000, INT32_MAX};
    for (size_t i = 0; i < sizeof too_many / sizeof *too_many; i++) {
        sa_options o = {SA_ALGO_PARALLEL, too_many[i], SA_LCP_DEFAULT};
        memset(sa, 0x5a, sizeof sa);
        CHECK(sa_build(t, sa, 100, &o) == SA_ERR_ARG && sa[0] == 0x5a5a5a5a, "threads=%d", too_many[i]);
        CHECK(sa_lcp(t, sa, lcp, 100, &o) == SA_ERR_ARG, "threads=%d", too_many[i]);
        CHECK(sa_effective_threads(&o) == SA_MAX_THREADS);
    }
    for (int a = SA_ALGO_DEFAULT; a <= SA_ALGO_PARALLEL_SAIS; a++) {
        sa_options o = {(sa_algorithm)a, SA_MAX_THREADS, SA_LCP_DEFAULT};
        memset(&info, 0, sizeof info);
        CHECK(sa_build_ex(t, sa, 100, &o, &info) == SA_OK && sa_validate(t, sa, 100) == SA_OK &&
                  info.threads == 1 && sa_lcp(t, sa, lcp, 100, &o) == SA_OK,
              "algo %s with %d threads on 100 bytes: %d threads ran", sa_algorithm_name((sa_algorithm)a),
              SA_MAX_THREADS, info.threads);
    }
    {   /* 1000 elements: at most 1000 / SA__GRAIN threads */
        uint8_t *u = malloc(1000);
        int32_t *s2 = malloc(1000 * 4);
        sa_options o = {SA_ALGO_PARALLEL, 64, SA_LCP_DEFAULT};
        gen(GEN_RANDOM4, u, 1000);
        CHECK(sa_build_ex(u, s2, 1000, &o, &info) == SA_OK && info.threads == 1000 / SA__GRAIN &&
                  sa_validate(u, s2, 1000) == SA_OK, "%d threads", info.threads);
        free(u); free(s2);
    }
}

static void check_bad_arguments(void)
{
    uint8_t t[4] = {1, 2, 3, 4};
    int32_t sa[4] = {0}, lcp[4] = {0}; /* initialised: gcc -O3 warns otherwise */
    int64_t sa64[4] = {0};
    sa_lrs_result r;
    sa_options bad_threads = {SA_ALGO_DEFAULT, -1, SA_LCP_DEFAULT};
    sa_options bad_algo = {(sa_algorithm)99, 1, SA_LCP_DEFAULT};
    sa_options bad_lcp = {SA_ALGO_DEFAULT, 1, (sa_lcp_method)7};
    CHECK(sa_build(NULL, sa, 4, NULL) == SA_ERR_NULL);
    CHECK(sa_build(t, NULL, 4, NULL) == SA_ERR_NULL);
    CHECK(sa_build(t, sa, -1, NULL) == SA_ERR_SIZE);
    CHECK(sa_build64(t, sa64, -5, NULL) == SA_ERR_SIZE);
    CHECK(sa_build64(NULL, sa64, 4, NULL) == SA_ERR_NULL);
    CHECK(sa_build(t, sa, 4, &bad_threads) == SA_ERR_ARG);
    CHECK(sa_build(t, sa, 4, &bad_algo) == SA_ERR_ARG);
    CHECK(sa_build(NULL, NULL, 0, NULL) == SA_OK, "n = 0 needs no arrays");
    CHECK(sa_build(t, sa, 4, NULL) == SA_OK);
    CHECK(sa_lcp(t, sa, NULL, 4, NULL) == SA_ERR_NULL);
    CHECK(sa_lcp(t, sa, lcp, 4, &bad_lcp) == SA_ERR_ARG);
    CHECK(sa_lcp(t, sa, lcp, -2, NULL) == SA_ERR_SIZE);
    CHECK(sa_lrs(sa, lcp, 4, NULL, NULL) == SA_ERR_NULL);
    CHECK(sa_lrs(NULL, lcp, 4, &r, NULL) == SA_ERR_NULL);
    CHECK(sa_validate(NULL, sa, 4) == SA_ERR_NULL);
    CHECK(sa_validate(t, sa, -1) == SA_ERR_SIZE);
    CHECK(sa_validate64(t, NULL, 4) == SA_ERR_NULL);
    const sa_status all[] = {SA_OK, SA_ERR_NULL, SA_ERR_ARG, SA_ERR_SIZE, SA_ERR_NOMEM, SA_ERR_CUDA, SA_ERR_MPI,
                             SA_ERR_INTERNAL, SA_ERR_RANGE, SA_ERR_DUPLICATE, SA_ERR_ORDER};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        CHECK(strcmp(sa_status_string(all[i]), "unknown status") != 0, "status %d has no text", (int)all[i]);
    CHECK(strcmp(sa_status_string((sa_status)-100), "unknown status") == 0);
    CHECK(strcmp(sa_status_string(SA_OK), "ok") == 0);
    sa_options d = {0};
    CHECK(sa_effective_threads(&d) >= 1 && sa_effective_threads(NULL) >= 1);
    CHECK(sa_effective_algorithm(&(sa_options){SA_ALGO_DEFAULT, 1, SA_LCP_DEFAULT}) == SA_ALGO_SAIS);
    CHECK(sa_effective_algorithm(&(sa_options){SA_ALGO_DEFAULT, 3, SA_LCP_DEFAULT}) == SA_ALGO_PARALLEL_SAIS);
    CHECK(sa_effective_algorithm(&(sa_options){SA_ALGO_PARALLEL_SAIS, 1, SA_LCP_DEFAULT}) == SA_ALGO_PARALLEL_SAIS);
    CHECK(strcmp(sa_algorithm_name(SA_ALGO_PARALLEL_SAIS), "parallel-sais") == 0);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    int big = getenv("SA_TEST_BIG") && *getenv("SA_TEST_BIG") == '1';
    static const int32_t sizes[] = {0, 1, 2, 3, 4, 5, 7, 8, 16, 31, 100, 255, 256, 257, 1000, 4095, 4097};
    uint8_t *t = malloc(70000 + (big ? 1000000 : 0));
    for (int g = 0; g < GEN_COUNT; g++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            gen(g, t, sizes[s]);
            check_input(gen_name[g], t, sizes[s], 1);
        }
    for (int rep = 0; rep < 200; rep++) { /* many small random texts over random alphabets */
        int32_t n = (int32_t)check_rand_below(64);
        uint64_t sigma = 1 + check_rand_below(rep % 2 ? 3 : 256);
        for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)check_rand_below(sigma);
        check_input("small-random", t, n, 1);
    }
    /* around the 16-bit boundary: the naive oracle on random bytes, Manber-Myers on periodic ones */
    static const int32_t big16[] = {65535, 65536, 65537};
    for (size_t s = 0; s < 3; s++) {
        gen(GEN_RANDOM256, t, big16[s]);
        check_input("random256", t, big16[s], 1);
        gen(s == 0 ? GEN_FIB : s == 1 ? GEN_AB : GEN_RANDOM2, t, big16[s]);
        check_input(s == 0 ? "fibonacci" : s == 1 ? "ab-repeat" : "random2", t, big16[s], 0);
    }
    /* all LMS substrings distinct (SA-IS skips stage 2 and maps through its LMS list) */
    for (int32_t i = 0; i < 21846; i++) {
        t[3 * i] = (uint8_t)(1 + i / 255);
        t[3 * i + 1] = (uint8_t)(1 + i % 255);
        t[3 * i + 2] = 0;
    }
    check_input("unique-lms", t, 3 * 21846, 0);
    if (big) {
        gen(GEN_RANDOM4, t, 1000000);
        check_input("random4-1M", t, 1000000, 0);
        gen(GEN_FIB, t, 200000);
        check_input("fibonacci-200k", t, 200000, 0);
        gen(GEN_EQUAL, t, 200000);
        check_input("all-equal-200k", t, 200000, 0);
    }
    check_sais_paths();
    check_validator();
    check_default_dispatch();
    check_bad_arguments();
    check_lcp_not_permutation();
    check_thread_limits();
    free(t);
    return check_done();
}
