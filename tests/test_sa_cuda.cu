/* test_sa_cuda.cu - sa_cuda.cuh against sa.h (the CPU library is the oracle), both index widths
 * (the 32-bit calls against sa_build/sa_lcp/sa_lrs, the ...64 calls against sa_build64/...) from
 * one set of templated checks: SA byte for byte for each sorter (the default rule, prefix
 * doubling, DC3), LCP, LRS, the device validator, the batch API against one call per text, the
 * host convenience calls (one and several streams), argument errors, the default rule and DC3's
 * recursion rule (a 2 MB Fibonacci word recurses, random bytes do not), and the
 * SA built inside exactly sa_cuda_build_workspace_size bytes placed at the end of an allocation
 * (compute-sanitizer memcheck sees any write past it). DC3's degenerate samples: n < 3, every
 * n mod 3, all-equal, period 3, period 6. Suite 'cuda': exits 77 without a GPU. Built twice:
 * sa_cuda_test_wide has SA_CUDA_NARROW64=0 (the ...64 calls sort on 64-bit words at every n);
 * sa_cuda_test_two also SA_CUDA__ONE_SORT_BITS=0 (every doubling round sorts twice); sa_cuda_test_rec
 * has SA_CUDA__REC_MIN=16 SA_CUDA__REC_ALWAYS=1 (DC3 names its sample and recurses after round 0
 * on every level that fits, texts from about 2300 bytes: every larger DC3 check runs it).
 *   sa_cuda_test [--width 32|64] [--big | --big-sa]
 * SA_CUDA_TEST_QUICK=1 samples the size sweeps (automatic under compute-sanitizer unless
 * SA_CUDA_TEST_FORCE is set; then SA_CUDA_TEST_QUICK decides); 2: small inputs only.
 * --big: one text past 2^31 on the 64-bit path (n = 2^31 + 2^20 + 3 random bytes with a planted
 * 100 KB repeat beyond 2^31, random ACGT, then an all-equal text of the same size), each SA built
 * inside exactly sa_cuda_build_workspace_size64 bytes (within 26n with text and SA), checked by
 * the device validator, by the LCP definition and the order at 200,000 random neighbours, and the
 * LRS against a scan of the downloaded LCP; the random text's SA also by the doubling on 64-bit
 * words, byte for byte (about 110 GB of device memory, 60 GB of host memory). --big-sa: the SA
 * alone past 2^31 in its build workspace against sa.h (about 42 GB device, 40 GB host). */
#include "check.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"

#include <time.h>
#include <algorithm>
#include <vector>

static int quick; /* 0 everything, 1 sampled (memcheck), 2 small inputs only (racecheck) */

/* The two index widths behind one interface: the library's functions and sa.h's oracle. */
struct W32 {
    typedef int32_t I;
    static const char *name() { return "32"; }
    static size_t ws(int64_t n) { return sa_cuda_workspace_size(n); }
    static size_t ws_build(int64_t n) { return sa_cuda_build_workspace_size(n); }
    static size_t ws_algo(int64_t n, int algo)
    {
        return sa_cuda_build_algo_workspace_size(n, (sa_cuda_algorithm)algo);
    }
    static sa_cuda_status build(const uint8_t *t, I *sa, int64_t n, int algo, void *w, size_t wb)
    {
        return algo < 0 ? sa_cuda_build(t, sa, n, w, wb, 0) : sa_cuda_build_algo(t, sa, n, (sa_cuda_algorithm)algo, w, wb, 0);
    }
    static sa_cuda_status lcp(const uint8_t *t, const I *sa, I *l, int64_t n, void *w, size_t wb)
    {
        return sa_cuda_lcp(t, sa, l, n, w, wb, 0);
    }
    static sa_cuda_status lrs(const I *sa, const I *l, int64_t n, sa_cuda_lrs_result *r, void *w, size_t wb)
    {
        return sa_cuda_lrs(sa, l, n, r, w, wb, 0);
    }
    static sa_cuda_status validate(const uint8_t *t, const I *sa, int64_t n, int32_t *f, void *w, size_t wb)
    {
        return sa_cuda_validate(t, sa, n, f, w, wb, 0);
    }
    static sa_cuda_status host(const uint8_t *t, int64_t n, I *sa, I *l, sa_cuda_lrs_result *r, const sa_cuda_options *o,
                               sa_cuda_stats *s)
    {
        return sa_cuda_host_compute(t, n, sa, l, r, o, s);
    }
    static void cpu(const uint8_t *t, int64_t n, I *sa, I *l, sa_lrs_result *r)
    {
        sa_options o = {};
        o.threads = 1;
        CHECK(sa_build(t, sa, (int32_t)n, &o) == SA_OK);
        CHECK(sa_lcp(t, sa, l, (int32_t)n, &o) == SA_OK);
        CHECK(sa_lrs(sa, l, (int32_t)n, r, &o) == SA_OK);
    }
};
struct W64 {
    typedef int64_t I;
    static const char *name() { return "64"; }
    static size_t ws(int64_t n) { return sa_cuda_workspace_size64(n); }
    static size_t ws_build(int64_t n) { return sa_cuda_build_workspace_size64(n); }
    static size_t ws_algo(int64_t n, int algo)
    {
        return sa_cuda_build_algo_workspace_size64(n, (sa_cuda_algorithm)algo);
    }
    static sa_cuda_status build(const uint8_t *t, I *sa, int64_t n, int algo, void *w, size_t wb)
    {
        return algo < 0 ? sa_cuda_build64(t, sa, n, w, wb, 0)
                        : sa_cuda_build_algo64(t, sa, n, (sa_cuda_algorithm)algo, w, wb, 0);
    }
    static sa_cuda_status lcp(const uint8_t *t, const I *sa, I *l, int64_t n, void *w, size_t wb)
    {
        return sa_cuda_lcp64(t, sa, l, n, w, wb, 0);
    }
    static sa_cuda_status lrs(const I *sa, const I *l, int64_t n, sa_cuda_lrs_result *r, void *w, size_t wb)
    {
        return sa_cuda_lrs64(sa, l, n, r, w, wb, 0);
    }
    static sa_cuda_status validate(const uint8_t *t, const I *sa, int64_t n, int32_t *f, void *w, size_t wb)
    {
        return sa_cuda_validate64(t, sa, n, f, w, wb, 0);
    }
    static sa_cuda_status host(const uint8_t *t, int64_t n, I *sa, I *l, sa_cuda_lrs_result *r, const sa_cuda_options *o,
                               sa_cuda_stats *s)
    {
        return sa_cuda_host_compute64(t, n, sa, l, r, o, s);
    }
    static void cpu(const uint8_t *t, int64_t n, I *sa, I *l, sa_lrs_result *r)
    {
        sa_options o = {};
        o.threads = 1;
        CHECK(sa_build64(t, sa, n, &o) == SA_OK);
        CHECK(sa_lcp64(t, sa, l, n, &o) == SA_OK);
        CHECK(sa_lrs64(sa, l, n, r, &o) == SA_OK);
    }
};

/* device buffers for texts up to cap bytes, reused by every single-text check (one width at a time) */
static struct {
    int64_t cap;
    uint8_t *text;
    void *sa, *lcp;
    int32_t *flag;
    sa_cuda_lrs_result *res;
    void *ws;
    size_t ws_bytes;
} D;

template <class W> static void dev_init(int64_t cap)
{
    typedef typename W::I I;
    memset(&D, 0, sizeof D);
    D.cap = cap;
    D.ws_bytes = W::ws(cap);
    CHECK(D.ws_bytes > 0, "workspace size query failed");
    CHECK(W::ws_build(cap) > 0 && W::ws_build(cap) <= D.ws_bytes, "build workspace %zu, any call %zu", W::ws_build(cap),
          D.ws_bytes);
    CHECK_CUDA(cudaMalloc(&D.text, (size_t)cap + 1));
    CHECK_CUDA(cudaMalloc(&D.sa, sizeof(I) * ((size_t)cap + 1)));
    CHECK_CUDA(cudaMalloc(&D.lcp, sizeof(I) * ((size_t)cap + 1)));
    CHECK_CUDA(cudaMalloc(&D.flag, 4));
    CHECK_CUDA(cudaMalloc(&D.res, sizeof(sa_cuda_lrs_result)));
    CHECK_CUDA(cudaMalloc(&D.ws, D.ws_bytes));
}

template <class W> static void dev_free(void)
{
    cudaFree(D.text); cudaFree(D.sa); cudaFree(D.lcp); cudaFree(D.flag); cudaFree(D.res); cudaFree(D.ws);
    memset(&D, 0, sizeof D);
}

template <typename I> static int64_t first_diff(const I *a, const I *b, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (a[i] != b[i]) return i;
    return -1;
}

static const char *algo_name(int algo)
{
    return algo < 0 ? "build" : algo == SA_CUDA_ALGO_DEFAULT ? "default" : algo == SA_CUDA_ALGO_DOUBLING ? "doubling" : "dc3";
}

/* Device API on one text: the SA by every sorter (sa_cuda_build in the whole workspace; the
 * default, DOUBLING and DC3 forced, each inside exactly its sa_cuda_build_algo_workspace_size
 * placed at the end of the allocation, and refused one byte short of it), then LCP, LRS and the
 * validator, all against sa.h. */
template <class W> static int check_text(const char *what, const uint8_t *t, int64_t n)
{
    typedef typename W::I I;
    long before = check_failures();
    std::vector<I> sa((size_t)n + 1), lcp((size_t)n + 1), gsa((size_t)n + 1), glcp((size_t)n + 1, -7);
    sa_lrs_result r;
    W::cpu(t, n, sa.data(), lcp.data(), &r);
    if (n > 0) CHECK_CUDA(cudaMemcpy(D.text, t, (size_t)n, cudaMemcpyHostToDevice));
    I *dsa = (I *)D.sa, *dlcp = (I *)D.lcp;
    static const int algos[4] = {SA_CUDA_ALGO_DOUBLING, SA_CUDA_ALGO_DC3, SA_CUDA_ALGO_DEFAULT, -1};
    for (int a = 0; a < 4; a++) {
        int algo = algos[a];
        void *ws = D.ws;
        size_t wb = D.ws_bytes;
        if (algo >= 0) { /* the SA alone in its own query's bytes, at the end */
            wb = W::ws_algo(n, algo);
            CHECK(wb > 0 && wb <= D.ws_bytes, "w%s %s n=%lld %s: build workspace %zu", W::name(), what, (long long)n,
                  algo_name(algo), wb);
            CHECK(algo != SA_CUDA_ALGO_DEFAULT || wb == W::ws_build(n), "w%s n=%lld: default %zu, build %zu",
                  W::name(), (long long)n, wb, W::ws_build(n));
            ws = (char *)D.ws + (D.ws_bytes - wb);
            if (n > 0) { /* one byte short: refused before any launch */
                sa_cuda_status st = W::build(D.text, dsa, n, algo, (char *)ws + 1, wb - 1);
                CHECK(st == SA_CUDA_ERR_SIZE, "w%s %s n=%lld %s: %zu - 1 bytes gave %s", W::name(), what, (long long)n,
                      algo_name(algo), wb, sa_cuda_status_string(st));
            }
        }
        CHECK_CUDA(cudaMemset(D.sa, 0xA5, sizeof(I) * ((size_t)n + 1))); /* poison: every entry must be written */
        sa_cuda_status st = W::build(D.text, dsa, n, algo, ws, wb);
        CHECK(st == SA_CUDA_OK, "w%s %s n=%lld %s: %s", W::name(), what, (long long)n, algo_name(algo),
              sa_cuda_status_string(st));
        std::fill(gsa.begin(), gsa.end(), (I)-7);
        CHECK_CUDA(cudaMemcpy(gsa.data(), D.sa, sizeof(I) * ((size_t)n + 1), cudaMemcpyDeviceToHost));
        int64_t d = first_diff(sa.data(), gsa.data(), n);
        CHECK(d < 0, "w%s %s n=%lld %s: SA differs at %lld (cpu %lld gpu %lld)", W::name(), what, (long long)n,
              algo_name(algo), (long long)d, (long long)(d >= 0 ? sa[(size_t)d] : 0),
              (long long)(d >= 0 ? gsa[(size_t)d] : 0));
        I poison;
        memset(&poison, 0xA5, sizeof poison);
        CHECK(gsa[(size_t)n] == poison, "w%s %s n=%lld %s: SA written past n", W::name(), what, (long long)n,
              algo_name(algo));
        if (check_failures() != before) return 0;
    }
    CHECK_CUDA(cudaMemset(D.lcp, 0xA5, sizeof(I) * ((size_t)n + 1)));
    sa_cuda_status st = W::lcp(D.text, dsa, dlcp, n, D.ws, D.ws_bytes);
    CHECK(st == SA_CUDA_OK, "w%s %s n=%lld lcp: %s", W::name(), what, (long long)n, sa_cuda_status_string(st));
    st = W::lrs(dsa, dlcp, n, D.res, D.ws, D.ws_bytes);
    CHECK(st == SA_CUDA_OK, "w%s %s n=%lld lrs: %s", W::name(), what, (long long)n, sa_cuda_status_string(st));
    sa_cuda_lrs_result g;
    CHECK_CUDA(cudaMemcpy(&g, D.res, sizeof g, cudaMemcpyDeviceToHost));
    st = W::validate(D.text, dsa, n, D.flag, D.ws, D.ws_bytes);
    CHECK(st == SA_CUDA_OK, "w%s %s n=%lld validate: %s", W::name(), what, (long long)n, sa_cuda_status_string(st));
    int32_t flag = -1;
    CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(glcp.data(), D.lcp, sizeof(I) * ((size_t)n + 1), cudaMemcpyDeviceToHost));
    int64_t d = first_diff(lcp.data(), glcp.data(), n);
    CHECK(d < 0, "w%s %s n=%lld: LCP differs at %lld (cpu %lld gpu %lld)", W::name(), what, (long long)n, (long long)d,
          (long long)(d >= 0 ? lcp[(size_t)d] : 0), (long long)(d >= 0 ? glcp[(size_t)d] : 0));
    CHECK(g.len == r.len && g.sa_index == r.sa_index && g.pos == r.pos && g.count == r.count,
          "w%s %s n=%lld: LRS gpu (%lld %lld %lld %lld) cpu (%lld %lld %lld %lld)", W::name(), what, (long long)n,
          (long long)g.len, (long long)g.sa_index, (long long)g.pos, (long long)g.count, (long long)r.len,
          (long long)r.sa_index, (long long)r.pos, (long long)r.count);
    CHECK(flag == 0, "w%s %s n=%lld: validator says %d for the right SA", W::name(), what, (long long)n, flag);
    return check_failures() == before;
}

static void fill_random(uint8_t *t, int64_t n, int sigma)
{
    for (int64_t i = 0; i < n; i++) t[i] = (uint8_t)(sigma >= 256 ? check_rand() : check_rand_below((uint64_t)sigma));
}

/* Words from a small vocabulary with spaces, punctuation and newlines: text-like. */
static void fill_text(uint8_t *t, int64_t n)
{
    static const char *words[] = {"the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he", "was", "for",
                                  "on", "are", "as", "with", "his", "they", "I", "at", "be", "this", "have", "from",
                                  "struct", "int", "return", "static", "const", "uint32_t", "#include", "void"};
    int64_t i = 0;
    while (i < n) {
        const char *w = words[check_rand_below(sizeof words / sizeof *words)];
        for (; *w && i < n; w++) t[i++] = (uint8_t)*w;
        if (i < n) t[i++] = (uint8_t)(check_rand_below(10) == 0 ? '\n' : check_rand_below(8) == 0 ? ',' : ' ');
    }
}

static void fill_fib(uint8_t *t, int64_t n)
{
    /* Fibonacci word: s_k = s_{k-1} s_{k-2}, as a morphism a -> ab, b -> a */
    std::vector<uint8_t> a(1, 'a'), b;
    while ((int64_t)a.size() < n) {
        std::vector<uint8_t> c;
        for (uint8_t x : a) {
            c.push_back('a');
            if (x == 'a') c.push_back('b');
        }
        a.swap(c);
    }
    for (int64_t i = 0; i < n; i++) t[i] = a[(size_t)i];
}

template <class W> static void test_single(void)
{
    std::vector<uint8_t> t((size_t)D.cap + 1);
    uint8_t *p = t.data();
    static const int sigmas[] = {1, 2, 4, 256};
    /* every size 0..4097: every n mod 3 for DC3 (quick: every size to 300, then a sample) */
    for (int64_t n = 0; n <= 4097; n++) {
        if (quick && n > 300 && n % 97 != 0 && n != 4095 && n != 4096 && n != 4097) continue;
        if (quick > 1 && n > 300 && n % 997 != 0) continue;
        fill_random(p, n, sigmas[n % 4]);
        if (!check_text<W>("random", p, n)) break;
    }
    /* one off powers of two */
    for (int k = 5; k <= 20; k++) {
        for (int64_t d = -1; d <= 1; d++) {
            int64_t n = ((int64_t)1 << k) + d;
            if ((quick && k > 14) || (quick > 1 && k > 10)) continue;
            fill_random(p, n, sigmas[(k + (int)d + 1) % 4]);
            check_text<W>("pow2", p, n);
        }
    }
    /* periodic (period 3 = DC3's period, 2, 6, random), Fibonacci, all-equal, NUL-heavy, NUL/FF */
    int64_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 64, 1000, 65537, 300001};
    for (int64_t n : sizes) {
        if (quick > 1 && n > 1000) continue;
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)("ab"[i % 2]);
        check_text<W>("ab-periodic", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)("abc"[i % 3]);
        check_text<W>("period-3", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)("aab"[i % 3]);
        check_text<W>("period-3-aab", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)("abcabd"[i % 6]);
        check_text<W>("period-6", p, n);
        fill_fib(p, n);
        check_text<W>("fibonacci", p, n);
        memset(p, 0, (size_t)n);
        check_text<W>("all-NUL", p, n);
        memset(p, 'x', (size_t)n);
        check_text<W>("all-equal", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = check_rand_below(10) ? 0 : (uint8_t)check_rand();
        check_text<W>("NUL-heavy", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)(check_rand_below(3) ? 0 : 0xFF);
        check_text<W>("NUL-FF", p, n);
        std::vector<uint8_t> unit(1 + check_rand_below(40));
        fill_random(unit.data(), (int64_t)unit.size(), 3);
        for (int64_t i = 0; i < n; i++) p[i] = unit[(size_t)i % unit.size()];
        check_text<W>("random-period", p, n);
    }
    /* long repeats: a block copied several times with a few changed bytes (long LCPs) */
    {
        int64_t n = quick > 1 ? 20000 : quick ? 200000 : 1500000, blk = n / 5 + 7;
        fill_random(p, blk, 256);
        for (int64_t i = blk; i < n; i++) p[i] = p[i - blk];
        for (int k = 0; k < 5; k++) p[check_rand_below((uint64_t)n)] ^= 1;
        check_text<W>("long-repeats", p, n);
    }
    /* random text with a planted repeat (a twentieth of it): the doubling has few suffixes left
     * after round 0, then extension rounds that make no progress and the switch to ranked rounds */
    {
        int64_t ns[3] = {5000, 65537, quick > 1 ? 30000 : quick ? 200000 : 1500000};
        for (int64_t n : ns) {
            for (int sg = 0; sg < 2; sg++) {
                fill_random(p, n, sg ? 4 : 256);
                int64_t len = n / 20, from = (int64_t)check_rand_below((uint64_t)(n / 2 - len));
                int64_t to = n / 2 + (int64_t)check_rand_below((uint64_t)(n / 2 - len));
                memmove(p + to, p + from, (size_t)len);
                check_text<W>(sg ? "planted-repeat-acgt" : "planted-repeat", p, n);
            }
        }
    }
    /* a few MB of random bytes and of text */
    int64_t big = quick > 1 ? 30000 : quick ? 300000 : D.cap;
    fill_random(p, big, 256);
    check_text<W>("random-MB", p, big);
    fill_random(p, big, 4);
    check_text<W>("acgt-MB", p, big);
    fill_text(p, big);
    check_text<W>("text-MB", p, big);
}

/* The validator must reject what is not the suffix array. */
template <class W> static void test_validator(void)
{
    typedef typename W::I I;
    int64_t n = 5000;
    std::vector<uint8_t> t((size_t)n);
    fill_random(t.data(), n, 4);
    std::vector<I> sa((size_t)n), lcp((size_t)n);
    sa_lrs_result r;
    W::cpu(t.data(), n, sa.data(), lcp.data(), &r);
    CHECK_CUDA(cudaMemcpy(D.text, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    struct { const char *what; int want; } cases[] = {{"swapped", 1}, {"duplicate", 2}, {"out of range", 3},
                                                     {"negative", 3}, {"2^32 + i", 3}};
    int ncases = sizeof(I) == 8 ? 5 : 4;
    for (int c = 0; c < ncases; c++) {
        std::vector<I> bad = sa;
        size_t k = 1 + (size_t)check_rand_below((uint64_t)n - 2);
        if (c == 0) { I x = bad[k]; bad[k] = bad[k + 1]; bad[k + 1] = x; }
        if (c == 1) bad[k] = bad[k + 1];
        if (c == 2) bad[k] = (I)n;
        if (c == 3) bad[k] = -1;
        if (c == 4) bad[k] = (I)((int64_t)bad[k] + ((int64_t)1 << 32)); /* would alias bad[k] if truncated */
        CHECK_CUDA(cudaMemcpy(D.sa, bad.data(), sizeof(I) * (size_t)n, cudaMemcpyHostToDevice));
        CHECK(W::validate(D.text, (const I *)D.sa, n, D.flag, D.ws, D.ws_bytes) == SA_CUDA_OK);
        int32_t flag = -1;
        CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
        CHECK(flag == cases[c].want, "w%s %s: validator says %d, want %d", W::name(), cases[c].what, flag, cases[c].want);
    }
}

/* Batch: device API and host convenience against one call per text (and sa.h). */
static void test_batch(int64_t count, int64_t maxlen, int sigma_mode)
{
    std::vector<int64_t> off((size_t)count + 1, 0);
    for (int64_t t = 0; t < count; t++) {
        int64_t len = maxlen < 0 ? t % (-maxlen + 1) : (int64_t)check_rand_below((uint64_t)maxlen + 1);
        if (check_rand_below(20) == 0) len = 0;
        off[(size_t)t + 1] = off[(size_t)t] + len;
    }
    int64_t total = off[(size_t)count];
    std::vector<uint8_t> text((size_t)total + 1);
    for (int64_t t = 0; t < count; t++) {
        int64_t a = off[(size_t)t], len = off[(size_t)t + 1] - a;
        int mode = sigma_mode >= 0 ? sigma_mode : (int)(t % 5);
        if (mode == 4) { /* identical texts in the batch: ties across texts must not merge them */
            for (int64_t i = 0; i < len; i++) text[(size_t)(a + i)] = (uint8_t)("ab"[i % 2]);
        } else {
            static const int sig[4] = {1, 2, 4, 256};
            fill_random(&text[(size_t)a], len, sig[mode]);
        }
    }
    std::vector<int32_t> want((size_t)total + 1), got((size_t)total + 1, -1);
    sa_options o = {};
    o.threads = 1;
    for (int64_t t = 0; t < count; t++)
        CHECK(sa_build(&text[(size_t)off[(size_t)t]], &want[(size_t)off[(size_t)t]],
                       (int32_t)(off[(size_t)t + 1] - off[(size_t)t]), &o) == SA_OK);
    /* device API */
    {
        std::vector<int32_t> off32((size_t)count + 1);
        for (size_t i = 0; i <= (size_t)count; i++) off32[i] = (int32_t)off[i];
        size_t wsb = sa_cuda_batch_workspace_size(total, count);
        uint8_t *dt; int32_t *dsa, *doff; void *dws;
        CHECK_CUDA(cudaMalloc(&dt, (size_t)total + 1));
        CHECK_CUDA(cudaMalloc(&dsa, 4 * (size_t)total + 4));
        CHECK_CUDA(cudaMalloc(&doff, 4 * off32.size()));
        CHECK_CUDA(cudaMalloc(&dws, wsb));
        CHECK_CUDA(cudaMemcpy(dt, text.data(), (size_t)total, cudaMemcpyHostToDevice));
        CHECK_CUDA(cudaMemcpy(doff, off32.data(), 4 * off32.size(), cudaMemcpyHostToDevice));
        sa_cuda_status st = sa_cuda_build_batch(dt, total, doff, count, dsa, dws, wsb, 0);
        CHECK(st == SA_CUDA_OK, "batch: %s", sa_cuda_status_string(st));
        CHECK_CUDA(cudaMemcpy(got.data(), dsa, 4 * (size_t)total, cudaMemcpyDeviceToHost));
        int64_t d = first_diff(want.data(), got.data(), total);
        CHECK(d < 0, "batch count=%lld total=%lld: SA differs at %lld", (long long)count, (long long)total, (long long)d);
        cudaFree(dt); cudaFree(dsa); cudaFree(doff); cudaFree(dws);
    }
    /* host convenience, one and several streams */
    for (int streams = 1; streams <= 3; streams++) {
        sa_cuda_options so = {};
        so.streams = streams;
        so.batch_groups = streams == 3 ? 7 : 0;
        std::fill(got.begin(), got.end(), -1);
        sa_cuda_stats stats;
        sa_cuda_status st = sa_cuda_host_batch(text.data(), off.data(), count, got.data(), &so, &stats);
        CHECK(st == SA_CUDA_OK, "host batch streams=%d: %s", streams, sa_cuda_status_string(st));
        int64_t d = first_diff(want.data(), got.data(), total);
        CHECK(d < 0, "host batch streams=%d count=%lld: SA differs at %lld", streams, (long long)count, (long long)d);
    }
}

/* Hostile offsets for the device batch call (not monotone, past the end): any status, but no
 * access out of bounds (compute-sanitizer checks) and no hang. */
static void test_batch_hostile(void)
{
    int64_t total = 5000, count = 37;
    std::vector<uint8_t> t((size_t)total);
    fill_random(t.data(), total, 4);
    std::vector<int32_t> off((size_t)count + 1);
    for (auto &o : off) o = (int32_t)check_rand_below(3 * (uint64_t)total) - (int32_t)total;
    size_t wsb = sa_cuda_batch_workspace_size(total, count);
    int32_t *doff;
    CHECK_CUDA(cudaMalloc(&doff, 4 * off.size()));
    CHECK_CUDA(cudaMemcpy(doff, off.data(), 4 * off.size(), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(D.text, t.data(), (size_t)total, cudaMemcpyHostToDevice));
    CHECK(wsb <= D.ws_bytes);
    sa_cuda_status st = sa_cuda_build_batch(D.text, total, doff, count, (int32_t *)D.sa, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK || st == SA_CUDA_ERR_INTERNAL, "hostile offsets: %s", sa_cuda_status_string(st));
    CHECK_CUDA(cudaDeviceSynchronize());
    cudaFree(doff);
}

template <class W> static void test_host(void)
{
    typedef typename W::I I;
    int64_t sizes[] = {1, 2, 17, 1000, 100000, 3000000};
    for (int64_t n : sizes) {
        if ((quick && n > 100000) || (quick > 1 && n > 1000)) continue;
        std::vector<uint8_t> t((size_t)n);
        fill_text(t.data(), n);
        std::vector<I> sa((size_t)n), lcp((size_t)n);
        sa_lrs_result r;
        W::cpu(t.data(), n, sa.data(), lcp.data(), &r);
        for (int streams = 0; streams <= 2; streams++) {
            for (int parts = 0; parts < 3; parts++) { /* SA only, SA + LCP, SA + LCP + LRS */
                std::vector<I> gsa((size_t)n, -1), glcp((size_t)n, -1);
                sa_cuda_lrs_result g = {-1, -1, -1, -1};
                sa_cuda_options o = {};
                o.streams = streams;
                o.algorithm = (sa_cuda_algorithm)(parts % 3);
                sa_cuda_stats stats;
                sa_cuda_status st = W::host(t.data(), n, gsa.data(), parts >= 1 ? glcp.data() : NULL,
                                            parts >= 2 ? &g : NULL, &o, &stats);
                CHECK(st == SA_CUDA_OK, "w%s host n=%lld streams=%d: %s", W::name(), (long long)n, streams,
                      sa_cuda_status_string(st));
                CHECK(first_diff(sa.data(), gsa.data(), n) < 0, "w%s host n=%lld streams=%d parts=%d: SA differs",
                      W::name(), (long long)n, streams, parts);
                if (parts >= 1)
                    CHECK(first_diff(lcp.data(), glcp.data(), n) < 0, "w%s host n=%lld streams=%d: LCP differs",
                          W::name(), (long long)n, streams);
                if (parts >= 2)
                    CHECK(g.len == r.len && g.sa_index == r.sa_index && g.pos == r.pos && g.count == r.count,
                          "w%s host n=%lld streams=%d: LRS differs", W::name(), (long long)n, streams);
                CHECK(stats.device_bytes > 0 && stats.rounds >= 1);
                if (o.algorithm && n >= 2)
                    CHECK(stats.algorithm == (int)o.algorithm, "w%s host n=%lld: ran %d, asked %d", W::name(),
                          (long long)n, stats.algorithm, (int)o.algorithm);
            }
        }
    }
}

/* The default rule: a pure function of the byte counts and the sampled keys' duplicates, the same
 * for both widths; then what the library picks on real texts (stats.algorithm). */
static void test_rule(void)
{
    uint64_t cnt[256];
    memset(cnt, 0, sizeof cnt);
    int64_t n = 64 << 20, k = 65536;
    for (int c = 0; c < 256; c++) cnt[c] = (uint64_t)n / 256; /* random bytes: 32 bits of entropy per key */
    CHECK(sa_cuda_default_algorithm(cnt, n, 0, k) == SA_CUDA_ALGO_DOUBLING, "random bytes should take the doubling");
    CHECK(sa_cuda_default_algorithm(cnt, n, k / 2, k) == SA_CUDA_ALGO_DC3, "a repeated random block should take DC3");
    for (int c = 0; c < 256; c++) cnt[c] *= 4; /* n = 2^28: the limit is max(4, 2^32 / (10 * 2^28)) = 4 */
    CHECK(sa_cuda_default_algorithm(cnt, 4 * n, 4, k) == SA_CUDA_ALGO_DOUBLING, "4 equal neighbours: still random");
    CHECK(sa_cuda_default_algorithm(cnt, 4 * n, 5, k) == SA_CUDA_ALGO_DC3, "5 equal neighbours at n = 2^28: DC3");
    memset(cnt, 0, sizeof cnt);
    for (int c = 0; c < 4; c++) cnt[(uint8_t)"ACGT"[c]] = (uint64_t)n / 4; /* 16 codes x 2 bits = 32 >= 26 + 3 */
    CHECK(sa_cuda_default_algorithm(cnt, n, 0, k) == SA_CUDA_ALGO_DOUBLING, "random ACGT should take the doubling");
    memset(cnt, 0, sizeof cnt);
    cnt['a'] = (uint64_t)(0.618 * (double)(16 << 20)); /* Fibonacci's counts: a random binary text has them too */
    cnt['b'] = (uint64_t)(16 << 20) - cnt['a'];
    CHECK(sa_cuda_default_algorithm(cnt, 16 << 20, 0, k) == SA_CUDA_ALGO_DOUBLING, "random binary: doubling");
    CHECK(sa_cuda_default_algorithm(cnt, 16 << 20, k - 33, k) == SA_CUDA_ALGO_DC3, "Fibonacci's keys: DC3");
    memset(cnt, 0, sizeof cnt);
    cnt['x'] = (uint64_t)n; /* all equal: no entropy */
    CHECK(sa_cuda_default_algorithm(cnt, n, 0, k) == SA_CUDA_ALGO_DC3, "an all-equal text should take DC3");
    memset(cnt, 0, sizeof cnt);
    std::vector<uint8_t> t(1 << 20);
    fill_text(t.data(), (int64_t)t.size()); /* words: under 5 bits per byte, 6-bit codes: 5 codes < 26 + 3 bits */
    for (uint8_t c : t) cnt[c] += 64;
    CHECK(sa_cuda_default_algorithm(cnt, (int64_t)t.size() * 64, 0, k) == SA_CUDA_ALGO_DC3, "text should take DC3");
    CHECK(sa_cuda_default_algorithm(NULL, 10, 0, 0) == SA_CUDA_ALGO_DOUBLING);
    CHECK(sa_cuda_default_algorithm(cnt, 1, 0, 0) == SA_CUDA_ALGO_DOUBLING);
    CHECK(sa_cuda_default_samples(1) == 0 && sa_cuda_default_samples(1000) == 333 && sa_cuda_default_samples(1 << 30) == k);
#if !SA_CUDA__REC_ALWAYS
    /* DC3's recursion rule (sa_cuda__stalled, the manual's "DC3'S RECURSION"): a sample of at least
     * SA_CUDA__REC_MIN items, the list at least half of it, the last round kept at least 7/8 */
    uint64_t M = 1 << 20;
    CHECK(sa_cuda__stalled(M, M, M / 8 * 7, 1) && !sa_cuda__stalled(M, M, M / 8 * 7 - 1, 1), "7/8 kept: the limit");
    CHECK(sa_cuda__stalled(M, M / 2 / 7 * 8, M / 2, 1) && !sa_cuda__stalled(M, M / 2 - 1, M / 2 - 1, 1), "half the sample: the limit");
    CHECK(!sa_cuda__stalled(SA_CUDA__REC_MIN - 1, SA_CUDA__REC_MIN - 1, SA_CUDA__REC_MIN - 1, 1) &&
          sa_cuda__stalled(SA_CUDA__REC_MIN, SA_CUDA__REC_MIN, SA_CUDA__REC_MIN, 1), "the least sample");
    CHECK(!sa_cuda__stalled(M, M, 0, 1) && !sa_cuda__stalled(M, M, M, SA_CUDA__REC_DEPTH), "done, or deep enough");
#endif
}

/* What the default ran on 2 MB texts (host call, stats.algorithm), both widths. */
template <class W> static void test_rule_gpu(void)
{
    typedef typename W::I I;
    int64_t n = quick > 1 ? 100000 : 2 << 20;
    std::vector<uint8_t> t((size_t)n);
    std::vector<I> sa((size_t)n), ref((size_t)n), lref((size_t)n);
    sa_lrs_result rr;
    struct { const char *what; int want; } cases[] = {{"random", SA_CUDA_ALGO_DOUBLING}, {"acgt", SA_CUDA_ALGO_DOUBLING},
        {"fibonacci", SA_CUDA_ALGO_DC3}, {"repeated 4 KB random block", SA_CUDA_ALGO_DC3}, {"text", SA_CUDA_ALGO_DC3},
        {"random binary", SA_CUDA_ALGO_DOUBLING}};
    for (int c = 0; c < 6; c++) {
        if (c == 0) fill_random(t.data(), n, 256);
        if (c == 1) fill_random(t.data(), n, 4);
        if (c == 2) fill_fib(t.data(), n);
        if (c == 3) {
            fill_random(t.data(), 4096, 256);
            for (int64_t i = 4096; i < n; i++) t[(size_t)i] = t[(size_t)i - 4096];
        }
        if (c == 4) fill_text(t.data(), n);
        if (c == 5) fill_random(t.data(), n, 2);
        sa_cuda_stats st;
        CHECK(W::host(t.data(), n, sa.data(), NULL, NULL, NULL, &st) == SA_CUDA_OK);
        CHECK(st.algorithm == cases[c].want, "w%s %s: the default ran %d, want %d", W::name(), cases[c].what,
              st.algorithm, cases[c].want);
        /* the Fibonacci word's rounds stall on the DC3 sample: it is named and sorted recursively */
        CHECK(c != 2 || st.levels >= 2, "w%s fibonacci: %d level(s), want the sample's recursion", W::name(), st.levels);
        CHECK(c != 0 || st.levels == 1, "w%s random: %d levels", W::name(), st.levels);
        W::cpu(t.data(), n, ref.data(), lref.data(), &rr);
        CHECK(sa == ref, "w%s %s: the default's SA differs from sa.h's", W::name(), cases[c].what);
    }
#if SA_CUDA__REC_ALWAYS
    /* the forced build must really recurse on small texts (else sa_cuda_rec tests nothing new) */
    sa_cuda_options o = {};
    o.algorithm = SA_CUDA_ALGO_DC3;
    n = 4097;
    fill_text(t.data(), n);
    sa_cuda_stats st;
    CHECK(W::host(t.data(), n, sa.data(), NULL, NULL, &o, &st) == SA_CUDA_OK);
    CHECK(st.levels >= 2, "w%s forced recursion, 4097-byte text: %d level(s)", W::name(), st.levels);
    W::cpu(t.data(), n, ref.data(), lref.data(), &rr);
    CHECK(std::equal(sa.begin(), sa.begin() + n, ref.begin()), "w%s forced recursion, 4097-byte text: SA", W::name());
#endif
}

template <class W> static void test_args(void)
{
    typedef typename W::I I;
    I *dsa = (I *)D.sa, *dlcp = (I *)D.lcp;
    int64_t max = sizeof(I) == 4 ? (int64_t)INT32_MAX - 1 : (int64_t)1 << 40;
    CHECK(strcmp(sa_cuda_status_string(SA_CUDA_OK), "ok") == 0);
    CHECK(W::ws(-1) == 0 && W::ws_build(-1) == 0);
    CHECK(W::ws(max + 1) == 0 && W::ws_build(max + 1) == 0);
    CHECK(W::build(D.text, dsa, -1, -1, D.ws, D.ws_bytes) == SA_CUDA_ERR_SIZE);
    CHECK(W::build(D.text, dsa, max + 1, -1, D.ws, D.ws_bytes) == SA_CUDA_ERR_SIZE);
    CHECK(W::build(D.text, dsa, 3 * D.cap, SA_CUDA_ALGO_DOUBLING, D.ws, D.ws_bytes) == SA_CUDA_ERR_SIZE);
    CHECK(W::build(NULL, dsa, 10, -1, D.ws, D.ws_bytes) == SA_CUDA_ERR_NULL);
    CHECK(W::build(D.text, dsa, 10, -1, NULL, D.ws_bytes) == SA_CUDA_ERR_NULL);
    CHECK(W::build(D.text, dsa, 10, 3, D.ws, D.ws_bytes) == SA_CUDA_ERR_ARG);
    for (int a = 0; a <= 2; a++) CHECK(W::ws_algo(-1, a) == 0 && W::ws_algo(max + 1, a) == 0);
    CHECK(W::ws_algo(10, 3) == 0 && W::ws_algo(10, -1) == 0, "an unknown sorter's workspace");
    /* too small a workspace: refused before any launch (the doubling needs more than DC3 at this n,
     * except for the ...64 calls on the 32-bit sorter, whose default's query covers both) */
    int64_t m = (int64_t)1 << 20;
    int narrow = sizeof(I) == 8 && SA_CUDA_NARROW64;
    CHECK(W::ws_algo(m, SA_CUDA_ALGO_DC3) < W::ws_algo(m, SA_CUDA_ALGO_DOUBLING));
    CHECK(W::ws_algo(m, SA_CUDA_ALGO_DEFAULT) == (narrow ? W::ws_algo(m, SA_CUDA_ALGO_DOUBLING) : W::ws_algo(m, SA_CUDA_ALGO_DC3)));
    CHECK(W::build(D.text, dsa, m, SA_CUDA_ALGO_DC3, D.ws, W::ws_algo(m, SA_CUDA_ALGO_DC3) - 1) == SA_CUDA_ERR_SIZE);
    CHECK(W::build(D.text, dsa, m, SA_CUDA_ALGO_DOUBLING, D.ws, W::ws_algo(m, SA_CUDA_ALGO_DOUBLING) - 1) ==
          SA_CUDA_ERR_SIZE);
    CHECK(W::build(D.text, dsa, m, -1, D.ws, W::ws_build(m) - 1) == SA_CUDA_ERR_SIZE);
    CHECK(W::build(D.text, dsa, m, SA_CUDA_ALGO_DEFAULT, D.ws, W::ws_build(m) - 1) == SA_CUDA_ERR_SIZE);
    CHECK(W::build(D.text, dsa, m, SA_CUDA_ALGO_DOUBLING, D.ws, W::ws_build(m)) == (narrow ? SA_CUDA_OK : SA_CUDA_ERR_SIZE));
    CHECK(W::build(D.text, dsa, 0, -1, NULL, 0) == SA_CUDA_OK); /* nothing to do */
    CHECK(W::lcp(D.text, NULL, dlcp, 10, D.ws, D.ws_bytes) == SA_CUDA_ERR_NULL);
    CHECK(W::lrs(dsa, dlcp, 10, NULL, D.ws, D.ws_bytes) == SA_CUDA_ERR_NULL);
    CHECK(W::validate(D.text, dsa, 10, NULL, D.ws, D.ws_bytes) == SA_CUDA_ERR_NULL);
    /* memory: the SA alone in at most 16n (32-bit) / 26n (64-bit) bytes with text and SA, large n */
    int64_t n = (int64_t)1 << 26;
    double per = (double)(W::ws_build(n) + (1 + sizeof(I)) * (size_t)n) / (double)n;
    printf("w%s: SA in %.2f device bytes per input byte (text + SA + build workspace, n = 2^26); any call's "
           "workspace %.2f n\n", W::name(), per, (double)W::ws(n) / (double)n);
    CHECK(per <= (sizeof(I) == 4 ? 16.0 : narrow ? 26.0 : 31.0), "w%s: %.2f bytes per input byte", W::name(), per);
    uint8_t t[4] = {1, 2, 3, 4};
    I sa[4];
    sa_cuda_options o = {};
    o.streams = -1;
    CHECK(W::host(t, 4, sa, NULL, NULL, &o, NULL) == SA_CUDA_ERR_ARG);
    o.streams = 0;
    o.algorithm = (sa_cuda_algorithm)7;
    CHECK(W::host(t, 4, sa, NULL, NULL, &o, NULL) == SA_CUDA_ERR_ARG);
    CHECK(W::host(t, -1, sa, NULL, NULL, NULL, NULL) == SA_CUDA_ERR_SIZE);
    CHECK(W::host(NULL, 4, sa, NULL, NULL, NULL, NULL) == SA_CUDA_ERR_NULL);
    sa_cuda_lrs_result r = {1, 1, 1, 1};
    CHECK(W::host(NULL, 0, NULL, NULL, &r, NULL, NULL) == SA_CUDA_OK && r.len == 0 && r.count == 0);
}

static void test_args_batch(void)
{
    CHECK(sa_cuda_build_batch(D.text, 10, (const int32_t *)D.lcp, 0, (int32_t *)D.sa, D.ws, D.ws_bytes, 0) ==
          SA_CUDA_ERR_ARG);
    uint8_t t[4] = {1, 2, 3, 4};
    int32_t sa[4];
    int64_t bad1[3] = {0, 3, 2}, bad2[3] = {1, 2, 4}, ok[3] = {0, 2, 4};
    CHECK(sa_cuda_host_batch(t, bad1, 2, sa, NULL, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_batch(t, bad2, 2, sa, NULL, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_batch(t, ok, 0, sa, NULL, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_batch(t, ok, 2, sa, NULL, NULL) == SA_CUDA_OK && sa[0] == 0 && sa[1] == 1 && sa[2] == 0);
}

/* ---- past 2^31 ------------------------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void check_big(const char *what, const uint8_t *t, int64_t n, int64_t min_lrs, int with_doubling)
{
    double t0 = now_s();
    CHECK_CUDA(cudaMemcpy(D.text, t, (size_t)n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaDeviceSynchronize());
    double t1 = now_s();
    /* the SA inside exactly the build query's bytes at the end of the workspace: within 26n with
     * text and SA (the 32-bit sorter's DC3 up to 3 x 2^30 - 1; 30.5n on 64-bit words) */
    size_t wb = sa_cuda_build_workspace_size64(n);
    double per = (double)(wb + 9 * (size_t)n) / (double)n;
    CHECK(wb > 0 && wb <= D.ws_bytes, "%s: build workspace %zu of %zu", what, wb, D.ws_bytes);
    CHECK(per <= (SA_CUDA_NARROW64 ? 26.0 : 31.0), "%s: SA in %.2f device bytes per input byte", what, per);
    if (check_failures()) return;
    sa_cuda_status st = sa_cuda_build64(D.text, (int64_t *)D.sa, n, (char *)D.ws + (D.ws_bytes - wb), wb, 0);
    CHECK_CUDA(cudaDeviceSynchronize());
    double t2 = now_s();
    CHECK(st == SA_CUDA_OK, "%s build64: %s", what, sa_cuda_status_string(st));
    fprintf(stderr, "%s: n %lld built in %.2f s (%.2f device bytes per input byte)\n", what, (long long)n, t2 - t1, per);
    std::vector<int64_t> dbl;
    if (with_doubling) { /* the doubling on 64-bit words (never narrowed past 2^31), into the LCP's buffer */
        st = sa_cuda_build_algo64(D.text, (int64_t *)D.lcp, n, SA_CUDA_ALGO_DOUBLING, D.ws, D.ws_bytes, 0);
        CHECK(st == SA_CUDA_OK, "%s build_algo64 doubling: %s", what, sa_cuda_status_string(st));
        dbl.resize((size_t)n);
        CHECK_CUDA(cudaMemcpy(dbl.data(), D.lcp, 8 * (size_t)n, cudaMemcpyDeviceToHost));
        fprintf(stderr, "%s: the doubling in %.2f s\n", what, now_s() - t2);
    }
    st = sa_cuda_lcp64(D.text, (const int64_t *)D.sa, (int64_t *)D.lcp, n, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s lcp64: %s", what, sa_cuda_status_string(st));
    st = sa_cuda_lrs64((const int64_t *)D.sa, (const int64_t *)D.lcp, n, D.res, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s lrs64: %s", what, sa_cuda_status_string(st));
    CHECK_CUDA(cudaDeviceSynchronize());
    double t3 = now_s();
    sa_cuda_lrs_result g;
    CHECK_CUDA(cudaMemcpy(&g, D.res, sizeof g, cudaMemcpyDeviceToHost));
    int32_t flag = -1;
    CHECK(sa_cuda_validate64(D.text, (const int64_t *)D.sa, n, D.flag, D.ws, D.ws_bytes, 0) == SA_CUDA_OK);
    CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
    CHECK(flag == 0, "%s: validator64 says %d", what, flag);
    double t4 = now_s();
    std::vector<int64_t> sa((size_t)n), lcp((size_t)n);
    CHECK_CUDA(cudaMemcpy(sa.data(), D.sa, 8 * (size_t)n, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(lcp.data(), D.lcp, 8 * (size_t)n, cudaMemcpyDeviceToHost));
    if (with_doubling) {
        CHECK(first_diff(sa.data(), dbl.data(), n) < 0, "%s: DC3 and the doubling differ at %lld", what,
              (long long)first_diff(sa.data(), dbl.data(), n));
        std::vector<int64_t>().swap(dbl);
    }
    /* LCP by its definition and the order of the two suffixes at random neighbours (and the ends) */
    long bad = 0;
    if (min_lrs == n - 1) { /* all equal: sa[k] = n-1-k and lcp[k] = k exactly (no byte-wise check) */
        for (int64_t k = 0; k < n; k++)
            if (sa[(size_t)k] != n - 1 - k || lcp[(size_t)k] != k) bad++;
        CHECK(bad == 0, "%s: %ld entries wrong", what, bad);
    }
    for (int s = 0; s < 200000 && min_lrs < n - 1; s++) {
        int64_t k = s < 3 ? (int64_t)s + 1 : s < 6 ? n - (int64_t)(s - 2) : 1 + (int64_t)check_rand_below((uint64_t)n - 1);
        int64_t a = sa[(size_t)k - 1], b = sa[(size_t)k], l = 0;
        if (a < 0 || a >= n || b < 0 || b >= n) { bad++; continue; }
        while (a + l < n && b + l < n && t[a + l] == t[b + l]) l++;
        int ordered = a + l == n || (b + l < n && t[a + l] < t[b + l]);
        if (l != lcp[(size_t)k] || !ordered) {
            if (bad < 5)
                fprintf(stderr, "%s: k %lld sa %lld %lld lcp gpu %lld want %lld ordered %d\n", what, (long long)k,
                        (long long)a, (long long)b, (long long)lcp[(size_t)k], (long long)l, ordered);
            bad++;
        }
    }
    CHECK(bad == 0, "%s: %ld of 200000 sampled neighbours wrong", what, bad);
    CHECK(lcp[0] == 0);
    /* the LRS by sa.h's tie-break from the downloaded arrays */
    int64_t L = 0, k0 = 0;
    for (int64_t k = 1; k < n; k++)
        if (lcp[(size_t)k] > L) { L = lcp[(size_t)k]; k0 = k; }
    CHECK(L > 0, "%s: nothing repeats", what);
    if (L == 0) return;
    int64_t e = k0 + 1, pos = sa[(size_t)k0 - 1];
    while (e < n && lcp[(size_t)e] >= L) e++;
    for (int64_t k = k0; k < e; k++) pos = sa[(size_t)k] < pos ? sa[(size_t)k] : pos;
    CHECK(g.len == L && g.sa_index == k0 && g.pos == pos && g.count == e - (k0 - 1),
          "%s: LRS gpu (%lld %lld %lld %lld) scan (%lld %lld %lld %lld)", what, (long long)g.len, (long long)g.sa_index,
          (long long)g.pos, (long long)g.count, (long long)L, (long long)k0, (long long)pos, (long long)(e - k0 + 1));
    CHECK(L >= min_lrs, "%s: LRS %lld shorter than the planted %lld", what, (long long)L, (long long)min_lrs);
    CHECK(pos + L <= n && memcmp(t + pos, t + sa[(size_t)k0], (size_t)L) == 0, "%s: LRS text differs", what);
    printf("%s: n %lld upload %.2f s, build64 %.2f s, lcp64 + lrs64 %.2f s, validate64 %.2f s, host checks %.2f s; "
           "LRS len %lld pos %lld count %lld; workspace %.2f bytes/input byte, SA+LCP+text+ws %.2f\n",
           what, (long long)n, t1 - t0, t2 - t1, t3 - t2, t4 - t3, now_s() - t4, (long long)g.len, (long long)g.pos,
           (long long)g.count, (double)D.ws_bytes / (double)n,
           (double)(D.ws_bytes + 17 * (size_t)n) / (double)n);
    fflush(stdout);
}

/* The big tests' text: n random bytes (the generator's state left in *st) with bytes
 * [1000, 1000 + BIG_REPEAT) copied to 2^31 + 1000, a repeat past 2^31. */
#define BIG_N (((int64_t)1 << 31) + ((int64_t)1 << 20) + 3)
#define BIG_REPEAT 100000
static std::vector<uint8_t> big_random_text(int64_t n, uint64_t *st)
{
    std::vector<uint8_t> t((size_t)n);
    for (int64_t i = 0; i < n; i += 8) {
        uint64_t z = check__splitmix(st);
        memcpy(&t[(size_t)i], &z, (size_t)(n - i < 8 ? n - i : 8));
    }
    int64_t src = 1000, dst = ((int64_t)1 << 31) + 1000;
    if (dst + BIG_REPEAT <= n) memcpy(&t[(size_t)dst], &t[(size_t)src], BIG_REPEAT);
    return t;
}

static void test_big(void)
{
    int64_t n = BIG_N, rep = BIG_REPEAT;
    dev_init<W64>(n);
    if (check_failures()) return;
    uint64_t st = check_rand();
    std::vector<uint8_t> t = big_random_text(n, &st);
    check_big("big random + repeat", t.data(), n, rep, 1);
    for (int64_t i = 0; i < n; i += 32) { /* random ACGT: several rounds with most of the text unsorted */
        uint64_t z = check__splitmix(&st);
        for (int64_t c = 0; c < 32 && i + c < n; c++) t[(size_t)(i + c)] = (uint8_t)"ACGT"[(z >> (2 * c)) & 3];
    }
    check_big("big ACGT", t.data(), n, 16, 0);
    memset(t.data(), 'a', (size_t)n);
    check_big("big all-equal", t.data(), n, n - 1, 0);
    dev_free<W64>();
}

/* --big-sa: the SA alone past 2^31 where an 80 GB card holds it: sa_cuda_build64 in exactly
 * sa_cuda_build_workspace_size64 bytes (text + SA + workspace within 26n: the 32-bit sorter's
 * DC3 up to 3 x 2^30 - 1), random bytes with a planted repeat past 2^31 compared byte for byte
 * with sa.h's sa_build64 (on every host core when built with OpenMP), then an all-equal text
 * (sa[k] = n - 1 - k). */
static void test_big_sa(void)
{
    int64_t n = BIG_N;
    size_t wb = sa_cuda_build_workspace_size64(n);
    double per = (double)(wb + 9 * (size_t)n) / (double)n;
    printf("big SA: n %lld, build workspace %zu bytes, %.2f device bytes per input byte with text and SA\n",
           (long long)n, wb, per);
    CHECK(wb > 0 && per <= (SA_CUDA_NARROW64 ? 26.0 : 31.0), "big SA: %.2f bytes per input byte", per);
    if (check_failures()) return;
    uint8_t *d_text = NULL;
    int64_t *d_sa = NULL;
    void *d_ws = NULL;
    CHECK_CUDA(cudaMalloc(&d_text, (size_t)n));
    CHECK_CUDA(cudaMalloc(&d_sa, 8 * (size_t)n));
    CHECK_CUDA(cudaMalloc(&d_ws, wb));
    if (check_failures()) return;
    uint64_t st = check_rand();
    std::vector<uint8_t> t = big_random_text(n, &st);
    std::vector<int64_t> g((size_t)n), ref((size_t)n);
    for (int pass = 0; pass < 2; pass++) {
        const char *what = pass == 0 ? "big SA random + repeat" : "big SA all-equal";
        if (pass == 1) memset(t.data(), 'a', (size_t)n);
        CHECK_CUDA(cudaMemcpy(d_text, t.data(), (size_t)n, cudaMemcpyHostToDevice));
        double t0 = now_s();
        sa_cuda_status s = sa_cuda_build64(d_text, d_sa, n, d_ws, wb, 0);
        CHECK_CUDA(cudaDeviceSynchronize());
        double t1 = now_s();
        CHECK(s == SA_CUDA_OK, "%s: %s", what, sa_cuda_status_string(s));
        CHECK_CUDA(cudaMemcpy(g.data(), d_sa, 8 * (size_t)n, cudaMemcpyDeviceToHost));
        int64_t d = -1;
        if (pass == 0) {
            sa_options o = sa_options_default(); /* every core */
            CHECK(sa_build64(t.data(), ref.data(), n, &o) == SA_OK);
            d = first_diff(ref.data(), g.data(), n);
            CHECK(d < 0, "%s: SA differs from sa.h's at %lld (cpu %lld gpu %lld)", what, (long long)d,
                  (long long)(d >= 0 ? ref[(size_t)d] : 0), (long long)(d >= 0 ? g[(size_t)d] : 0));
        } else {
            for (int64_t k = 0; k < n && d < 0; k++)
                if (g[(size_t)k] != n - 1 - k) d = k;
            CHECK(d < 0, "%s: sa[%lld] = %lld", what, (long long)d, (long long)(d >= 0 ? g[(size_t)d] : 0));
        }
        printf("%s: n %lld, build64 %.2f s, checked in %.2f s\n", what, (long long)n, t1 - t0, now_s() - t1);
    }
    cudaFree(d_text); cudaFree(d_sa); cudaFree(d_ws);
}

int main(int argc, char **argv)
{
    check_cuda_device_or_skip();
    check_init(argc, argv);
    int big = 0, width = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--big") == 0) big = 1;
        if (strcmp(argv[i], "--big-sa") == 0) big = 2;
        if (strcmp(argv[i], "--width") == 0 && i + 1 < argc) width = atoi(argv[++i]);
    }
    quick = getenv("SA_CUDA_TEST_QUICK") ? atoi(getenv("SA_CUDA_TEST_QUICK")) : 0;
    /* under compute-sanitizer (it injects itself through this variable) every launch is slow */
    if (getenv("CUDA_INJECTION64_PATH") && *getenv("CUDA_INJECTION64_PATH") && !getenv("SA_CUDA_TEST_FORCE")) quick = 1;
    setvbuf(stdout, NULL, _IOLBF, 0); /* the big run's progress lines reach the log as they happen */
    if (big) {
        if (big == 2) test_big_sa(); else test_big();
        return check_done();
    }
    test_rule();
    if (width != 64) {
        dev_init<W32>(quick ? 1 << 21 : 4 << 20);
        test_args<W32>();
        test_args_batch();
        test_validator<W32>();
        test_single<W32>();
        test_batch(1, 1000, 3);
        test_batch(quick > 1 ? 20 : 200, 3000, -1);
        test_batch(quick > 1 ? 300 : quick ? 400 : 4098, quick > 1 ? -300 : -4097, -1); /* lengths 0..4097 once */
        test_batch_hostile();
        test_host<W32>();
        test_rule_gpu<W32>();
        dev_free<W32>();
    }
    if (width != 32) {
        dev_init<W64>(quick ? 1 << 20 : 4 << 20);
        test_args<W64>();
        test_validator<W64>();
        test_single<W64>();
        test_host<W64>();
        test_rule_gpu<W64>();
        dev_free<W64>();
    }
    return check_done();
}
