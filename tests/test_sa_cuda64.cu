/* test_sa_cuda64.cu - sa_cuda.cuh's 64-bit path (sa_cuda_build64, _lcp64, _lrs64, _validate64,
 * sa_cuda_host_compute64) against sa.h's 64-bit functions (the CPU oracle) on the adversarial
 * set of test_sa_cuda.cu. Suite 'cuda': exits 77 without a GPU. SA_CUDA_TEST_QUICK=1 samples
 * (automatic under compute-sanitizer).
 * --big: one text past 2^31 on the GPU (n = 2^31 + 2^20 + 3 random bytes with a planted 100 KB
 * repeat beyond 2^31, random ACGT, then an all-equal text of the same size), checked by the device validator,
 * by the LCP definition and the order at 200,000 random neighbours, and the LRS against a scan of
 * the downloaded LCP (needs about 110 GB of device memory and 40 GB of host memory). */
#include "check.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"

#include <time.h>
#include <vector>

static int quick;

static struct {
    int64_t cap;
    uint8_t *text;
    int64_t *sa, *lcp;
    int32_t *flag;
    sa_cuda_lrs_result *res;
    void *ws;
    size_t ws_bytes;
} D;

static void dev_init(int64_t cap)
{
    D.cap = cap;
    D.ws_bytes = sa_cuda_workspace_size64(cap);
    CHECK(D.ws_bytes > 0, "workspace size query failed");
    CHECK_CUDA(cudaMalloc(&D.text, (size_t)cap + 1));
    CHECK_CUDA(cudaMalloc(&D.sa, 8 * (size_t)cap + 8));
    CHECK_CUDA(cudaMalloc(&D.lcp, 8 * (size_t)cap + 8));
    CHECK_CUDA(cudaMalloc(&D.flag, 4));
    CHECK_CUDA(cudaMalloc(&D.res, sizeof(sa_cuda_lrs_result)));
    CHECK_CUDA(cudaMalloc(&D.ws, D.ws_bytes));
}

static void dev_free(void)
{
    cudaFree(D.text); cudaFree(D.sa); cudaFree(D.lcp); cudaFree(D.flag); cudaFree(D.res); cudaFree(D.ws);
    memset(&D, 0, sizeof D);
}

static int64_t first_diff(const int64_t *a, const int64_t *b, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (a[i] != b[i]) return i;
    return -1;
}

/* Device 64-bit API on one text against sa.h's 64-bit functions (one thread). */
static int check_text(const char *what, const uint8_t *t, int64_t n)
{
    long before = check_failures();
    std::vector<int64_t> sa((size_t)n + 1, 0), lcp((size_t)n + 1, 0), gsa((size_t)n + 1, -7), glcp((size_t)n + 1, -7);
    sa_lrs_result r;
    sa_options o = {};
    o.threads = 1;
    CHECK(sa_build64(t, sa.data(), n, &o) == SA_OK);
    CHECK(sa_lcp64(t, sa.data(), lcp.data(), n, &o) == SA_OK);
    CHECK(sa_lrs64(sa.data(), lcp.data(), n, &r, &o) == SA_OK);
    if (n > 0) CHECK_CUDA(cudaMemcpy(D.text, t, (size_t)n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(D.sa, 0xA5, 8 * (size_t)n + 8)); /* poison: every entry must be written */
    CHECK_CUDA(cudaMemset(D.lcp, 0xA5, 8 * (size_t)n + 8));
    sa_cuda_status st = sa_cuda_build64(D.text, D.sa, n, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld build64: %s", what, (long long)n, sa_cuda_status_string(st));
    st = sa_cuda_lcp64(D.text, D.sa, D.lcp, n, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld lcp64: %s", what, (long long)n, sa_cuda_status_string(st));
    st = sa_cuda_lrs64(D.sa, D.lcp, n, D.res, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld lrs64: %s", what, (long long)n, sa_cuda_status_string(st));
    sa_cuda_lrs_result g;
    CHECK_CUDA(cudaMemcpy(&g, D.res, sizeof g, cudaMemcpyDeviceToHost));
    st = sa_cuda_validate64(D.text, D.sa, n, D.flag, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s n=%lld validate64: %s", what, (long long)n, sa_cuda_status_string(st));
    int32_t flag = -1;
    CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(gsa.data(), D.sa, 8 * (size_t)n + 8, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(glcp.data(), D.lcp, 8 * (size_t)n + 8, cudaMemcpyDeviceToHost));
    int64_t d = first_diff(sa.data(), gsa.data(), n);
    CHECK(d < 0, "%s n=%lld: SA differs at %lld (cpu %lld gpu %lld)", what, (long long)n, (long long)d,
          (long long)(d >= 0 ? sa[(size_t)d] : 0), (long long)(d >= 0 ? gsa[(size_t)d] : 0));
    CHECK((uint64_t)gsa[(size_t)n] == 0xA5A5A5A5A5A5A5A5ull, "%s n=%lld: SA written past n", what, (long long)n);
    d = first_diff(lcp.data(), glcp.data(), n);
    CHECK(d < 0, "%s n=%lld: LCP differs at %lld (cpu %lld gpu %lld)", what, (long long)n, (long long)d,
          (long long)(d >= 0 ? lcp[(size_t)d] : 0), (long long)(d >= 0 ? glcp[(size_t)d] : 0));
    CHECK(g.len == r.len && g.sa_index == r.sa_index && g.pos == r.pos && g.count == r.count,
          "%s n=%lld: LRS gpu (%lld %lld %lld %lld) cpu (%lld %lld %lld %lld)", what, (long long)n, (long long)g.len,
          (long long)g.sa_index, (long long)g.pos, (long long)g.count, (long long)r.len, (long long)r.sa_index,
          (long long)r.pos, (long long)r.count);
    CHECK(flag == 0, "%s n=%lld: validator64 says %d for the right SA", what, (long long)n, flag);
    return check_failures() == before;
}

static void fill_random(uint8_t *t, int64_t n, int sigma)
{
    for (int64_t i = 0; i < n; i++) t[i] = (uint8_t)(sigma >= 256 ? check_rand() : check_rand_below((uint64_t)sigma));
}

static void fill_text(uint8_t *t, int64_t n)
{
    static const char *words[] = {"the", "of", "and", "a", "to", "in", "is", "you", "that", "it", "he", "was", "for",
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
    std::vector<uint8_t> a(1, 'a');
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
    for (int64_t n = 0; n <= 4097; n++) {
        if (n > 2100 && n % 31 != 0 && n < 4090) continue;
        if (quick && n > 300 && n % 97 != 0 && n != 4095 && n != 4096 && n != 4097) continue;
        fill_random(p, n, sigmas[n % 4]);
        if (!check_text("random", p, n)) break;
    }
    for (int k = 5; k <= 20; k++) {
        for (int64_t d = -1; d <= 1; d++) {
            if (quick && k > 14) continue;
            int64_t n = ((int64_t)1 << k) + d;
            fill_random(p, n, sigmas[(k + (int)d + 1) % 4]);
            check_text("pow2", p, n);
        }
    }
    int64_t sizes[] = {1, 2, 3, 7, 8, 9, 15, 16, 17, 64, 1000, 65537, 300001};
    for (int64_t n : sizes) {
        if (quick && n > 65537) continue;
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
        for (int64_t i = 0; i < n; i++) p[i] = (uint8_t)(check_rand_below(3) ? 0 : 0xFF); /* 0x00/0xFF */
        check_text("NUL-FF", p, n);
        std::vector<uint8_t> unit(1 + check_rand_below(40));
        fill_random(unit.data(), (int64_t)unit.size(), 3);
        for (int64_t i = 0; i < n; i++) p[i] = unit[(size_t)i % unit.size()];
        check_text("random-period", p, n);
    }
    {
        int64_t n = quick ? 200000 : 1500000, blk = n / 5 + 7;
        fill_random(p, blk, 256);
        for (int64_t i = blk; i < n; i++) p[i] = p[i - blk];
        for (int k = 0; k < 5; k++) p[check_rand_below((uint64_t)n)] ^= 1;
        check_text("long-repeats", p, n);
    }
    int64_t big = quick ? 300000 : D.cap;
    fill_random(p, big, 256);
    check_text("random-MB", p, big);
    fill_random(p, big, 4);
    check_text("acgt-MB", p, big);
    fill_text(p, big);
    check_text("text-MB", p, big);
}

static void test_validator(void)
{
    int64_t n = 5000;
    std::vector<uint8_t> t((size_t)n);
    fill_random(t.data(), n, 4);
    std::vector<int64_t> sa((size_t)n);
    CHECK(sa_build64(t.data(), sa.data(), n, NULL) == SA_OK);
    CHECK_CUDA(cudaMemcpy(D.text, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    struct { const char *what; int want; } cases[] = {{"swapped", 1}, {"duplicate", 2}, {"out of range", 3},
                                                     {"negative", 3}, {"2^32 + i", 3}};
    for (int c = 0; c < 5; c++) {
        std::vector<int64_t> bad = sa;
        size_t k = 1 + (size_t)check_rand_below((uint64_t)n - 2);
        if (c == 0) { int64_t x = bad[k]; bad[k] = bad[k + 1]; bad[k + 1] = x; }
        if (c == 1) bad[k] = bad[k + 1];
        if (c == 2) bad[k] = n;
        if (c == 3) bad[k] = -1;
        if (c == 4) bad[k] += (int64_t)1 << 32; /* would alias bad[k] if truncated to 32 bits */
        CHECK_CUDA(cudaMemcpy(D.sa, bad.data(), 8 * (size_t)n, cudaMemcpyHostToDevice));
        CHECK(sa_cuda_validate64(D.text, D.sa, n, D.flag, D.ws, D.ws_bytes, 0) == SA_CUDA_OK);
        int32_t flag = -1;
        CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
        CHECK(flag == cases[c].want, "%s: validator64 says %d, want %d", cases[c].what, flag, cases[c].want);
    }
}

static void test_host(void)
{
    int64_t sizes[] = {1, 2, 17, 1000, 100000, 3000000};
    for (int64_t n : sizes) {
        if (quick && n > 100000) continue;
        std::vector<uint8_t> t((size_t)n);
        fill_text(t.data(), n);
        std::vector<int64_t> sa((size_t)n), lcp((size_t)n);
        sa_lrs_result r;
        CHECK(sa_build64(t.data(), sa.data(), n, NULL) == SA_OK);
        CHECK(sa_lcp64(t.data(), sa.data(), lcp.data(), n, NULL) == SA_OK);
        CHECK(sa_lrs64(sa.data(), lcp.data(), n, &r, NULL) == SA_OK);
        for (int parts = 0; parts < 3; parts++) {
            std::vector<int64_t> gsa((size_t)n, -1), glcp((size_t)n, -1);
            sa_cuda_lrs_result g = {-1, -1, -1, -1};
            sa_cuda_stats stats;
            sa_cuda_status st = sa_cuda_host_compute64(t.data(), n, gsa.data(), parts >= 1 ? glcp.data() : NULL,
                                                       parts >= 2 ? &g : NULL, NULL, &stats);
            CHECK(st == SA_CUDA_OK, "host64 n=%lld: %s", (long long)n, sa_cuda_status_string(st));
            CHECK(first_diff(sa.data(), gsa.data(), n) < 0, "host64 n=%lld parts=%d: SA differs", (long long)n, parts);
            if (parts >= 1) CHECK(first_diff(lcp.data(), glcp.data(), n) < 0, "host64 n=%lld: LCP differs", (long long)n);
            if (parts >= 2)
                CHECK(g.len == r.len && g.sa_index == r.sa_index && g.pos == r.pos && g.count == r.count,
                      "host64 n=%lld: LRS differs", (long long)n);
            CHECK(stats.device_bytes > 0 && stats.rounds >= 1);
        }
    }
}

static void test_args(void)
{
    CHECK(sa_cuda_workspace_size64(-1) == 0);
    CHECK(sa_cuda_workspace_size64(((int64_t)1 << 40) + 1) == 0);
    CHECK(sa_cuda_workspace_size64((int64_t)1 << 31) > 32 * ((size_t)1 << 31)); /* a pure query: no allocation */
    CHECK(sa_cuda_build64(D.text, D.sa, -1, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_build64(D.text, D.sa, ((int64_t)1 << 40) + 1, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_build64(D.text, D.sa, D.cap + 100000, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_SIZE); /* workspace */
    CHECK(sa_cuda_build64(NULL, D.sa, 10, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_build64(D.text, D.sa, 10, NULL, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_build64(D.text, D.sa, 10, D.ws, sa_cuda_workspace_size64(10) - 1, 0) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_build64(D.text, D.sa, 0, NULL, 0, 0) == SA_CUDA_OK);
    CHECK(sa_cuda_lcp64(D.text, NULL, D.lcp, 10, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_lrs64(D.sa, D.lcp, 10, NULL, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    CHECK(sa_cuda_validate64(D.text, D.sa, 10, NULL, D.ws, D.ws_bytes, 0) == SA_CUDA_ERR_NULL);
    uint8_t t[4] = {1, 2, 3, 4};
    int64_t sa[4];
    sa_cuda_options o = {};
    o.streams = -1;
    CHECK(sa_cuda_host_compute64(t, 4, sa, NULL, NULL, &o, NULL) == SA_CUDA_ERR_ARG);
    CHECK(sa_cuda_host_compute64(t, -1, sa, NULL, NULL, NULL, NULL) == SA_CUDA_ERR_SIZE);
    CHECK(sa_cuda_host_compute64(NULL, 4, sa, NULL, NULL, NULL, NULL) == SA_CUDA_ERR_NULL);
    sa_cuda_lrs_result r = {1, 1, 1, 1};
    CHECK(sa_cuda_host_compute64(NULL, 0, NULL, NULL, &r, NULL, NULL) == SA_CUDA_OK && r.len == 0 && r.count == 0);
    /* the 32-bit path still refuses what only the 64-bit path takes */
    CHECK(sa_cuda_workspace_size((int64_t)1 << 31) == 0);
}

/* ---- past 2^31 ------------------------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void check_big(const char *what, const uint8_t *t, int64_t n, int64_t min_lrs)
{
    double t0 = now_s();
    CHECK_CUDA(cudaMemcpy(D.text, t, (size_t)n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaDeviceSynchronize());
    double t1 = now_s();
    sa_cuda_status st = sa_cuda_build64(D.text, D.sa, n, D.ws, D.ws_bytes, 0);
    CHECK_CUDA(cudaDeviceSynchronize());
    double t2 = now_s();
    CHECK(st == SA_CUDA_OK, "%s build64: %s", what, sa_cuda_status_string(st));
    fprintf(stderr, "%s: n %lld built in %.2f s\n", what, (long long)n, t2 - t1);
    st = sa_cuda_lcp64(D.text, D.sa, D.lcp, n, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s lcp64: %s", what, sa_cuda_status_string(st));
    st = sa_cuda_lrs64(D.sa, D.lcp, n, D.res, D.ws, D.ws_bytes, 0);
    CHECK(st == SA_CUDA_OK, "%s lrs64: %s", what, sa_cuda_status_string(st));
    CHECK_CUDA(cudaDeviceSynchronize());
    double t3 = now_s();
    sa_cuda_lrs_result g;
    CHECK_CUDA(cudaMemcpy(&g, D.res, sizeof g, cudaMemcpyDeviceToHost));
    int32_t flag = -1;
    CHECK(sa_cuda_validate64(D.text, D.sa, n, D.flag, D.ws, D.ws_bytes, 0) == SA_CUDA_OK);
    CHECK_CUDA(cudaMemcpy(&flag, D.flag, 4, cudaMemcpyDeviceToHost));
    CHECK(flag == 0, "%s: validator64 says %d", what, flag);
    double t4 = now_s();
    std::vector<int64_t> sa((size_t)n), lcp((size_t)n);
    CHECK_CUDA(cudaMemcpy(sa.data(), D.sa, 8 * (size_t)n, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(lcp.data(), D.lcp, 8 * (size_t)n, cudaMemcpyDeviceToHost));
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

static void test_big(void)
{
    int64_t n = ((int64_t)1 << 31) + ((int64_t)1 << 20) + 3;
    dev_init(n);
    if (check_failures()) return;
    std::vector<uint8_t> t((size_t)n);
    uint64_t st = check_rand();
    for (int64_t i = 0; i < n; i += 8) {
        uint64_t z = check__splitmix(&st);
        memcpy(&t[(size_t)i], &z, (size_t)(n - i < 8 ? n - i : 8));
    }
    int64_t rep = 100000, src = 1000, dst = ((int64_t)1 << 31) + 1000; /* the copy lies past 2^31 */
    if (dst + rep > n) { CHECK(0, "planted repeat out of the text"); return; }
    memcpy(&t[(size_t)dst], &t[(size_t)src], (size_t)rep);
    check_big("big random + repeat", t.data(), n, rep);
    for (int64_t i = 0; i < n; i += 32) { /* random ACGT: several rounds with most of the text unsorted */
        uint64_t z = check__splitmix(&st);
        for (int64_t c = 0; c < 32 && i + c < n; c++) t[(size_t)(i + c)] = (uint8_t)"ACGT"[(z >> (2 * c)) & 3];
    }
    check_big("big ACGT", t.data(), n, 16);
    memset(t.data(), 'a', (size_t)n);
    check_big("big all-equal", t.data(), n, n - 1);
    dev_free();
}

int main(int argc, char **argv)
{
    check_cuda_device_or_skip();
    check_init(argc, argv);
    int big = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--big") == 0) big = 1;
    quick = getenv("SA_CUDA_TEST_QUICK") ? atoi(getenv("SA_CUDA_TEST_QUICK")) : 0;
    if (getenv("CUDA_INJECTION64_PATH") && *getenv("CUDA_INJECTION64_PATH") && !getenv("SA_CUDA_TEST_FORCE")) quick = 1;
    setvbuf(stdout, NULL, _IOLBF, 0); /* the big run's progress lines reach the log as they happen */
    if (big) {
        test_big();
        return check_done();
    }
    dev_init(quick ? 1 << 20 : 4 << 20);
    test_args();
    test_validator();
    test_single();
    test_host();
    dev_free();
    return check_done();
}
