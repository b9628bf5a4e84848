/* test_sa_cuda.cu - sa_cuda.cuh against sa.h (the CPU library is the oracle): SA byte for byte,
 * LCP, LRS, the device validator, the batch API against one call per text, the host
 * convenience calls (one and several streams) and argument errors. Suite 'cuda': exits 77
 * without a GPU. SA_CUDA_TEST_QUICK=1 samples the size sweeps (automatic under compute-sanitizer
 * unless SA_CUDA_TEST_FORCE is set; then SA_CUDA_TEST_QUICK decides). */
#include "check.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"

#include <vector>

static int quick; /* 0 everything, 1 sampled (memcheck), 2 small inputs only (racecheck) */

/* device buffers for texts up to cap bytes, reused by every single-text check */
static struct {
    int64_t cap;
    uint8_t *text;
    int32_t *sa, *lcp, *flag;
    sa_cuda_lrs_result *res;
    void *ws;
    size_t ws_bytes;
} D;

static void dev_init(int64_t cap)
{
    D.cap = cap;
    D.ws_bytes = sa_cuda_workspace_size(cap);
    CHECK(D.ws_bytes > 0, "workspace size query failed");
    CHECK_CUDA(cudaMalloc(&D.text, (size_t)cap + 1));
    CHECK_CUDA(cudaMalloc(&D.sa, 4 * (size_t)cap + 4));
    CHECK_CUDA(cudaMalloc(&D.lcp, 4 * (size_t)cap + 4));
    CHECK_CUDA(cudaMalloc(&D.flag, 4));
    CHECK_CUDA(cudaMalloc(&D.res, sizeof(sa_cuda_lrs_result)));
    CHECK_CUDA(cudaMalloc(&D.ws, D.ws_bytes));
}

static void dev_free(void)
{
    cudaFree(D.text); cudaFree(D.sa); cudaFree(D.lcp); cudaFree(D.flag); cudaFree(D.res); cudaFree(D.ws);
}

/* The oracle: sa.h, one thread. */
static void cpu_all(const uint8_t *t, int64_t n, std::vector<int32_t> &sa, std::vector<int32_t> &lcp, sa_lrs_result *r)
{
    sa_options o = {};
    o.threads = 1;
    sa.assign((size_t)n + 1, 0);
    lcp.assign((size_t)n + 1, 0);
    CHECK(sa_build(t, sa.data(), (int32_t)n, &o) == SA_OK);
    CHECK(sa_lcp(t, sa.data(), lcp.data(), (int32_t)n, &o) == SA_OK);
    CHECK(sa_lrs(sa.data(), lcp.data(), (int32_t)n, r, &o) == SA_OK);
}

static int64_t first_diff(const int32_t *a, const int32_t *b, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (a[i] != b[i]) return i;
    return -1;
}

/* Device API on one text: SA, LCP, LRS and the validator against sa.h. */
static int check_text(const char *what, const uint8_t *t, int64_t n)
{
    long before = check_failures();
    std::vector<int32_t> sa, lcp, gsa((size_t)n + 1, -7), glcp((size_t)n + 1, -7);
    sa_lrs_result r;
    cpu_all(t, n, sa, lcp, &r);
    if (n > 0) CHECK_CUDA(cudaMemcpy(D.text, t, (size_t)n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(D.sa, 0xA5, 4 * (size_t)n + 4)); /* poison: every entry must be written */
    CHECK_CUDA(cudaMemset(D.lcp, 0xA5, 4 * (size_t)n + 4));
    sa_cuda_status st = sa_cuda_build(D.text, D.sa, n, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld build: %s", what, (long long)n, sa_cuda_status_string(st));
    st = sa_cuda_lcp(D.text, D.sa, D.lcp, n, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld lcp: %s", what, (long long)n, sa_cuda_status_string(st));
    st = sa_cuda_lrs(D.sa, D.lcp, n, D.res, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld lrs: %s", what, (long long)n, sa_cuda_status_string(st));
    sa_cuda_lrs_result g;
    CHECK_CUDA(cudaMemcpy(&g, D.res, sizeof g, cudaMemcpyDeviceToHost));
    st = sa_cuda_validate(D.text, D.sa, n, D.flag, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld validate: %s", what, (long long)n, sa_cuda_status_string(st));
    int32_t flag = -1;
    CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(gsa.data(), D.sa, 4 * (size_t)n + 4, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(glcp.data(), D.lcp, 4 * (size_t)n + 4, cudaMemcpyDeviceToHost));
    int64_t d = first_diff(sa.data(), gsa.data(), n);
    CHECK(d < 0, "%s n=%lld: SA differs at %lld (cpu %d gpu %d)", what, (long long)n, (long long)d,
          d >= 0 ? sa[(size_t)d] : 0, d >= 0 ? gsa[(size_t)d] : 0);
    CHECK((uint32_t)gsa[(size_t)n] == 0xA5A5A5A5u, "%s n=%lld: SA written past n", what, (long long)n);
    d = first_diff(lcp.data(), glcp.data(), n);
    CHECK(d < 0, "%s n=%lld: LCP differs at %lld (cpu %d gpu %d)", what, (long long)n, (long long)d,
          d >= 0 ? lcp[(size_t)d] : 0, d >= 0 ? glcp[(size_t)d] : 0);
    CHECK(g.len == r.len && g.sa_index == r.sa_index && g.pos == r.pos && g.count == r.count,
          "%s n=%lld: LRS gpu (%lld %lld %lld %lld) cpu (%lld %lld %lld %lld)", what, (long long)n, (long long)g.len,
          (long long)g.sa_index, (long long)g.pos, (long long)g.count, (long long)r.len, (long long)r.sa_index,
          (long long)r.pos, (long long)r.count);
    CHECK(flag == 0, "%s n=%lld: validator says %d for the right SA", what, (long long)n, flag);
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

static void test_single(void)
{
    std::vector<uint8_t> t((size_t)D.cap + 1);
    uint8_t *p = t.data();
    static const int sigmas[] = {1, 2, 4, 256};
    /* every size 0..4097 (quick: every size to 300, then a sample) */
    for (int64_t n = 0; n <= 4097; n++) {
        if (quick && n > 300 && n % 97 != 0 && n != 4095 && n != 4096 && n != 4097) continue;
        if (quick > 1 && n > 300 && n % 997 != 0) continue;
        int sg = sigmas[n % 4];
        fill_random(p, n, sg);
        if (!check_text("random", p, n)) break;
    }
    /* one off powers of two */
    for (int k = 5; k <= 20; k++) {
        for (int64_t d = -1; d <= 1; d++) {
            int64_t n = ((int64_t)1 << k) + d;
            if ((quick && k > 14) || (quick > 1 && k > 10)) continue;
            fill_random(p, n, sigmas[(k + (int)d + 1) % 4]);
            check_text("pow2", p, n);
        }
    }
    /* periodic, Fibonacci, all-equal, NUL-heavy */
    int64_t sizes[] = {1, 2, 3, 7, 64, 1000, 65537, 300001};
    for (int64_t n : sizes) {
        if (quick > 1 && n > 1000) continue;
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)("ab"[i % 2]);
        check_text("ab-periodic", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)("abcabd"[i % 6]);
        check_text("period-6", p, n);
        fill_fib(p, n);
        check_text("fibonacci", p, n);
        memset(p, 0, (size_t)n);
        check_text("all-NUL", p, n);
        memset(p, 'x', (size_t)n);
        check_text("all-equal", p, n);
        for (int64_t i = 0; i < n; i++) p[i] = check_rand_below(10) ? 0 : (uint8_t)check_rand();
        check_text("NUL-heavy", p, n);
        std::vector<uint8_t> unit(1 + check_rand_below(40));
        fill_random(unit.data(), (int64_t)unit.size(), 3);
        for (int64_t i = 0; i < n; i++) p[i] = unit[(size_t)i % unit.size()];
        check_text("random-period", p, n);
    }
    /* long repeats: a block copied several times with a few changed bytes (long LCPs) */
    {
        int64_t n = quick > 1 ? 20000 : quick ? 200000 : 1500000, blk = n / 5 + 7;
        fill_random(p, blk, 256);
        for (int64_t i = blk; i < n; i++) p[i] = p[i - blk];
        for (int k = 0; k < 5; k++) p[check_rand_below((uint64_t)n)] ^= 1;
        check_text("long-repeats", p, n);
    }
    /* a few MB of random bytes and of text */
    int64_t big = quick > 1 ? 30000 : quick ? 300000 : D.cap;
    fill_random(p, big, 256);
    check_text("random-MB", p, big);
    fill_random(p, big, 4);
    check_text("acgt-MB", p, big);
    fill_text(p, big);
    check_text("text-MB", p, big);
}

/* The validator must reject what is not the suffix array. */
static void test_validator(void)
{
    int64_t n = 5000;
    std::vector<uint8_t> t((size_t)n);
    fill_random(t.data(), n, 256);
    std::vector<int32_t> sa((size_t)n);
    sa_options o = {};
    o.threads = 1;
    CHECK(sa_build(t.data(), sa.data(), (int32_t)n, &o) == SA_OK);
    CHECK_CUDA(cudaMemcpy(D.text, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    struct { const char *what; int want; } cases[] = {{"swapped", 1}, {"duplicate", 2}, {"out of range", 3}, {"negative", 3}};
    for (int c = 0; c < 4; c++) {
        std::vector<int32_t> bad = sa;
        size_t k = 1 + (size_t)check_rand_below((uint64_t)n - 2);
        if (c == 0) { int32_t x = bad[k]; bad[k] = bad[k + 1]; bad[k + 1] = x; }
        if (c == 1) bad[k] = bad[k + 1];
        if (c == 2) bad[k] = (int32_t)n;
        if (c == 3) bad[k] = -1;
        CHECK_CUDA(cudaMemcpy(D.sa, bad.data(), 4 * (size_t)n, cudaMemcpyHostToDevice));
        CHECK(sa_cuda_validate(D.text, D.sa, n, D.flag, D.ws, D.ws_bytes, 0) == SA_CUDA_OK);
        int32_t flag = -1;
        CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
        CHECK(flag == cases[c].want, "%s: validator says %d, want %d", cases[c].what, flag, cases[c].want);
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
    sa_cuda_status st = sa_cuda_build_batch(D.text, total, doff, count, D.sa, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK || st == SA_CUDA_ERR_INTERNAL, "hostile offsets: %s", sa_cuda_status_string(st));
    CHECK_CUDA(cudaDeviceSynchronize());
    cudaFree(doff);
}

static void test_host(void)
{
    int64_t sizes[] = {1, 2, 17, 1000, 100000, 3000000};
    for (int64_t n : sizes) {
        if ((quick && n > 100000) || (quick > 1 && n > 1000)) continue;
        std::vector<uint8_t> t((size_t)n);
        fill_text(t.data(), n);
        std::vector<int32_t> sa, lcp;
        sa_lrs_result r;
        cpu_all(t.data(), n, sa, lcp, &r);
        for (int streams = 0; streams <= 2; streams++) {
            for (int parts = 0; parts < 3; parts++) { /* SA only, SA + LCP, SA + LCP + LRS */
                std::vector<int32_t> gsa((size_t)n, -1), glcp((size_t)n, -1);
                sa_cuda_lrs_result g = {-1, -1, -1, -1};
                sa_cuda_options o = {};
                o.streams = streams;
                sa_cuda_stats stats;
                sa_cuda_status st = sa_cuda_host_compute(t.data(), n, gsa.data(), parts >= 1 ? glcp.data() : NULL,
                                                         parts >= 2 ? &g : NULL, &o, &stats);
                CHECK(st == SA_CUDA_OK, "host n=%lld streams=%d: %s", (long long)n, streams, sa_cuda_status_string(st));
                CHECK(first_diff(sa.data(), gsa.data(), n) < 0, "host n=%lld streams=%d parts=%d: SA differs",
                      (long long)n, streams, parts);
                if (parts >= 1)
                    CHECK(first_diff(lcp.data(), glcp.data(), n) < 0, "host n=%lld streams=%d: LCP differs", (long long)n,
                          streams);
                if (parts >= 2)
                    CHECK(g.len == r.len && g.sa_index == r.sa_index && g.pos == r.pos && g.count == r.count,
                          "host n=%lld streams=%d: LRS differs", (long long)n, streams);
                CHECK(stats.device_bytes > 0 && stats.rounds >= 1);
            }
        }
    }
}

static void test_args(void)
{
    CHECK(strcmp(sa_cuda_status_string(SA_CUDA_OK), "ok") == 0);
    CHECK(sa_cuda_workspace_size(-1) == 0);
    CHECK(sa_cuda_workspace_size((int64_t)1 << 31) == 0);
    CHECK(sa_cuda_build(D.text, D.sa, -1, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_build(D.text, D.sa, (int64_t)1 << 31, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_build(NULL, D.sa, 10, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_build(D.text, D.sa, 10, NULL, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_build(D.text, D.sa, 10, D.ws, sa_cuda_workspace_size(10) - 1, 0) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_build(D.text, D.sa, 0, NULL, 0, 0) == SA_CUDA_OK); /* nothing to do */
    CHECK(sa_cuda_lcp(D.text, NULL, D.lcp, 10, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_lrs(D.sa, D.lcp, 10, NULL, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_validate(D.text, D.sa, 10, NULL, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_build_batch(D.text, 10, (const int32_t *)D.lcp, 0, D.sa, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_ARG);
    uint8_t t[4] = {1, 2, 3, 4};
    int32_t sa[4];
    int64_t bad1[3] = {0, 3, 2}, bad2[3] = {1, 2, 4}, ok[3] = {0, 2, 4};
    CHECK(sa_cuda_host_batch(t, bad1, 2, sa, NULL, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_batch(t, bad2, 2, sa, NULL, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_batch(t, ok, 0, sa, NULL, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_batch(t, ok, 2, sa, NULL, NULL) == SA_CUDA_OK && sa[0] == 0 && sa[1] == 1 && sa[2] == 0);
    sa_cuda_options o = {};
    o.streams = -1;
    CHECK(sa_cuda_host_compute(t, 4, sa, NULL, NULL, &o, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_compute(t, -1, sa, NULL, NULL, NULL, NULL) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_host_compute(NULL, 4, sa, NULL, NULL, NULL, NULL) == SA_CUDA_ERR_NULL);
    sa_cuda_lrs_result r = {1, 1, 1, 1};
    CHECK(sa_cuda_host_compute(NULL, 0, NULL, NULL, &r, NULL, NULL) == SA_CUDA_OK && r.len == 0 && r.count == 0);
}

int main(int argc, char **argv)
{
    check_cuda_device_or_skip();
    check_init(argc, argv);
    quick = getenv("SA_CUDA_TEST_QUICK") ? atoi(getenv("SA_CUDA_TEST_QUICK")) : 0;
    /* under compute-sanitizer (it injects itself through this variable) every launch is slow */
    if (getenv("CUDA_INJECTION64_PATH") && *getenv("CUDA_INJECTION64_PATH") && !getenv("SA_CUDA_TEST_FORCE")) quick = 1;
    dev_init(quick ? 1 << 21 : 4 << 20);
    test_args();
    test_validator();
    test_single();
    test_batch(1, 1000, 3);
    test_batch(quick > 1 ? 20 : 200, 3000, -1);
    test_batch(quick > 1 ? 300 : quick ? 400 : 4098, quick > 1 ? -300 : -4097, -1); /* lengths 0..4097 once */
    test_batch_hostile();
    test_host();
    dev_free();
    return check_done();
}
