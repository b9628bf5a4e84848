/* test_sa_cuda_bwt.cu - sa_cuda.cuh's BWT, inverse BWT and batched search against sa.h (the
 * CPU functions, themselves tested against brute-force oracles in sa_test_bwt.c): the BWT and
 * its aux samples byte for byte, the inverse round trip, corrupted primary indices and samples
 * (a flag, never a stray access: run under compute-sanitizer by tests/gpu.sh), the search's
 * lo/count for every pattern (empty, longer than the text, absent, present). --quick: small
 * inputs only (memcheck). Built with -DSA_CUDA__LEAN_TO_DC3=1 (meson test sa_cuda_bwt_lean_dc3)
 * the lean layout's restart by DC3 runs every time.
 * Skips (77) without a GPU. */
#include "check.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"

#include <vector>

static void make_text(int kind, std::vector<uint8_t> &t)
{
    int64_t n = (int64_t)t.size();
    for (int64_t i = 0; i < n; i++) {
        switch (kind) {
        case 0: t[i] = (uint8_t)check_rand(); break;
        case 1: t[i] = (uint8_t)"ACGT"[check_rand_below(4)]; break;
        case 2: t[i] = 'a'; break;
        case 3: t[i] = (uint8_t)("abcab"[i % 5]); break;
        default: t[i] = (uint8_t)(i * 7 + 3); break;
        }
    }
}

static void test_bwt(int64_t n, int kind, int32_t r)
{
    std::vector<uint8_t> t((size_t)n + 1), want((size_t)n + 1), got((size_t)n + 1), back((size_t)n + 1);
    t.resize((size_t)n), make_text(kind, t);
    size_t naux = r ? (size_t)(n > 0 ? (n - 1) / r + 1 : 1) : 1;
    std::vector<int32_t> waux(naux + 1), gaux(naux + 1);
    sa_status st = r ? sa_bwt_aux(t.data(), want.data(), waux.data(), r, (int32_t)n, NULL)
                     : sa_bwt(t.data(), want.data(), waux.data(), (int32_t)n, NULL);
    CHECK(st == SA_OK, "cpu bwt");
    sa_cuda_status cs = sa_cuda_host_bwt(t.data(), got.data(), gaux.data(), r, n);
    CHECK(cs == SA_CUDA_OK, "host_bwt n=%lld: %s", (long long)n, sa_cuda_status_string(cs));
    CHECK(memcmp(got.data(), want.data(), (size_t)n) == 0, "bwt differs n=%lld kind=%d r=%d", (long long)n, kind, r);
    CHECK(memcmp(gaux.data(), waux.data(), 4 * naux) == 0, "aux differs n=%lld kind=%d r=%d", (long long)n, kind, r);
    cs = sa_cuda_host_unbwt(want.data(), back.data(), waux.data(), r, n);
    CHECK(cs == SA_CUDA_OK && memcmp(back.data(), t.data(), (size_t)n) == 0, "unbwt n=%lld kind=%d r=%d: %s",
          (long long)n, kind, r, sa_cuda_status_string(cs));
    if (n > 2) { /* corrupted: out of range -> ARG with text untouched; in range -> ARG or a true inverse */
        int32_t keep = waux[naux - 1];
        waux[naux - 1] = (int32_t)n + 1;
        memset(back.data(), 0x5A, (size_t)n);
        CHECK(sa_cuda_host_unbwt(want.data(), back.data(), waux.data(), r, n) == SA_CUDA_ERR_ARG && back[0] == 0x5A,
              "out-of-range sample accepted");
        waux[naux - 1] = 1 + (int32_t)check_rand_below((uint64_t)n);
        cs = sa_cuda_host_unbwt(want.data(), back.data(), waux.data(), r, n);
        if (waux[naux - 1] != keep) {
            CHECK(cs == SA_CUDA_ERR_ARG || cs == SA_CUDA_OK, "corrupt sample: %s", sa_cuda_status_string(cs));
            if (cs == SA_CUDA_OK) { /* then (bwt, aux) is a valid BWT of back */
                std::vector<int32_t> a2(naux + 1);
                std::vector<uint8_t> u2((size_t)n);
                sa_status s2 = r ? sa_bwt_aux(back.data(), u2.data(), a2.data(), r, (int32_t)n, NULL)
                                 : sa_bwt(back.data(), u2.data(), a2.data(), (int32_t)n, NULL);
                CHECK(s2 == SA_OK && memcmp(u2.data(), want.data(), (size_t)n) == 0 &&
                      memcmp(a2.data(), waux.data(), 4 * naux) == 0, "corrupt sample accepted, not an inverse");
            }
        }
        waux[naux - 1] = keep;
    }
}

/* The device bytes of a BWT (text + BWT + primary index + sa_cuda_bwt_workspace_size) at most
 * libcubwt 1.6's 20.5n (issue 26) at every size from 2^16 to the 32-bit limit (was 22.18n: the
 * SA + the doubling's full layout); the fast size at least that. Only the size queries run. */
static void test_bwt_bound(void)
{
    int64_t ns[] = {1 << 16, 100003, 1 << 20, 45984237, 1 << 26, 1 << 28, 1 << 30, (int64_t)INT32_MAX - 1};
    for (int64_t n : ns) {
        size_t ws = sa_cuda_bwt_workspace_size(n), fast = sa_cuda_bwt_fast_workspace_size(n);
        double per_n = (double)(2 * (size_t)n + 4 + ws) / (double)n;
        printf("# BWT device bytes n=%lld: %.3fn (fast workspace %.3fn)\n", (long long)n, per_n,
               (double)(2 * (size_t)n + 4 + fast) / (double)n);
        CHECK(ws > 0 && per_n <= 20.5, "n=%lld: %.3fn device bytes > 20.5n", (long long)n, per_n);
        CHECK(fast >= ws, "n=%lld: fast workspace %zu < %zu", (long long)n, fast, ws);
    }
}

/* sa_cuda_bwt inside exactly sa_cuda_bwt_workspace_size(n) bytes (its own allocation, so
 * compute-sanitizer sees any byte past it) and inside the fast size: the same bytes as sa.h;
 * one byte short: SA_CUDA_ERR_SIZE before any launch. */
static void test_bwt_ws(int64_t n, int kind)
{
    std::vector<uint8_t> t((size_t)n), want((size_t)n), got((size_t)n);
    make_text(kind, t);
    int32_t wp = -1, gp = -2;
    CHECK(sa_bwt(t.data(), want.data(), &wp, (int32_t)n, NULL) == SA_OK, "cpu bwt");
    uint8_t *dt, *db;
    int32_t *da;
    CHECK_CUDA(cudaMalloc(&dt, (size_t)n));
    CHECK_CUDA(cudaMalloc(&db, (size_t)n));
    CHECK_CUDA(cudaMalloc(&da, 4));
    CHECK_CUDA(cudaMemcpy(dt, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    for (int fast = 0; fast < 2; fast++) {
        size_t ws = fast ? sa_cuda_bwt_fast_workspace_size(n) : sa_cuda_bwt_workspace_size(n);
        void *w = NULL;
        CHECK_CUDA(cudaMalloc(&w, ws));
        if (!fast)
            CHECK(sa_cuda_bwt(dt, db, da, 0, n, w, ws - 1, 0) == SA_CUDA_ERR_SIZE, "n=%lld: one byte short accepted",
                  (long long)n);
        CHECK_CUDA(cudaMemset(db, 0, (size_t)n));
        sa_cuda_status cs = sa_cuda_bwt(dt, db, da, 0, n, w, ws, 0);
        CHECK(cs == SA_CUDA_OK, "n=%lld kind=%d fast=%d: %s", (long long)n, kind, fast, sa_cuda_status_string(cs));
        CHECK_CUDA(cudaMemcpy(got.data(), db, (size_t)n, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(&gp, da, 4, cudaMemcpyDeviceToHost));
        CHECK(gp == wp && memcmp(got.data(), want.data(), (size_t)n) == 0, "n=%lld kind=%d fast=%d: BWT differs",
              (long long)n, kind, fast);
        cudaFree(w);
    }
    /* the sorter alone in the lean layout's bytes: random bytes and DNA (the rule's doubling)
     * must finish in it (the SA as sa.h's), unless the test build gives it up on purpose */
    if ((kind == 0 || kind == 1) && n >= 1000000) {
        size_t lw = sa_cuda__ws_lean<uint32_t>((uint32_t)n);
        std::vector<int32_t> want_sa((size_t)n), got_sa((size_t)n);
        CHECK(sa_build(t.data(), want_sa.data(), (int32_t)n, NULL) == SA_OK, "cpu sa");
        uint32_t *dsa = NULL;
        void *w = NULL;
        CHECK_CUDA(cudaMalloc(&dsa, 4 * (size_t)n));
        CHECK_CUDA(cudaMalloc(&w, lw));
        sa_cuda__texts<uint32_t> T = {NULL, 1, (uint32_t)n, (uint32_t)n, 0};
        int rounds = 0, algo = -1;
        sa_cuda_status cs = sa_cuda__sort<uint32_t>(dt, T, dsa, w, lw, 0, 0, &rounds, &algo, 0);
        CHECK(cs == SA_CUDA_OK, "lean sort n=%lld kind=%d: %s", (long long)n, kind, sa_cuda_status_string(cs));
        int want_algo = SA_CUDA__LEAN_TO_DC3 ? SA_CUDA__ALGO_DC3 : SA_CUDA__ALGO_DOUBLING;
        CHECK(algo == want_algo, "lean layout n=%lld kind=%d: sorter %d ran", (long long)n, kind, algo);
        CHECK_CUDA(cudaMemcpy(got_sa.data(), dsa, 4 * (size_t)n, cudaMemcpyDeviceToHost));
        CHECK(memcmp(got_sa.data(), want_sa.data(), 4 * (size_t)n) == 0, "lean sort n=%lld kind=%d: SA differs",
              (long long)n, kind);
        cudaFree(dsa), cudaFree(w);
    }
    cudaFree(dt), cudaFree(db), cudaFree(da);
}

/* The inverse from the primary index alone marks one row in each block of S rows
 * (sa_cuda__ub_row) and row p; one thread walks from each marked row to the next, so the longest
 * walk is serial time. Two long runs of zero bytes (as in binaries) make the walk through them
 * step by exactly 2 rows: marking rows 0, S, 2S, ... missed every row of one parity and one
 * thread walked a whole run (2^20 steps here; 0.09 s of a 64 MiB /usr/bin inverse on an H200).
 * Checked on the host with the header's own marking: every block's marked row inside the block
 * (block 0's is row 0), and every walk of this text at most 40 S (about 10 S expected). */
static void test_unbwt_marks(void)
{
    std::vector<uint8_t> t;
    for (int part = 0; part < 3; part++) {
        for (int i = 0; i < (1 << 20); i++) t.push_back((uint8_t)check_rand());
        if (part == 2) break;
        t.push_back((uint8_t)(5 + 2 * part));
        t.insert(t.end(), (size_t)1 << 20, (uint8_t)0);
    }
    uint32_t n = (uint32_t)t.size(), S = sa_cuda__ub_stride(n), K = n / S + 1;
    std::vector<int32_t> sa(n), row(n);
    CHECK(sa_build(t.data(), sa.data(), (int32_t)n, NULL) == SA_OK, "cpu sa");
    for (uint32_t k = 0; k < n; k++) row[(size_t)sa[k]] = (int32_t)k + 1;
    int bad = 0;
    for (uint32_t j = 0; j < K; j++) {
        uint32_t x = sa_cuda__ub_row(j, S, n);
        bad += x / S != j || x > n || (j == 0 && x != 0) || sa_cuda__ub_idx(x, S, K, n) != j;
    }
    CHECK(bad == 0, "%d blocks without their marked row", bad);
    uint64_t last = 0, longest = 0; /* the walk visits the rows of positions 1, 2, ..., n-1, then row 0 */
    for (uint64_t i = 1; i <= n; i++) {
        uint32_t r = i == n ? 0u : (uint32_t)row[i];
        if (i == n || r == (uint32_t)row[0] || sa_cuda__ub_idx(r, S, K, n) != K) {
            if (i - last > longest) longest = i - last;
            last = i;
        }
    }
    CHECK(longest <= 40 * (uint64_t)S, "n=%u: a walk of %llu rows between marked rows (S = %u)", n,
          (unsigned long long)longest, S);
    /* and the inverse itself on this text */
    std::vector<uint8_t> u(n), back(n);
    int32_t p = 0;
    CHECK(sa_bwt(t.data(), u.data(), &p, (int32_t)n, NULL) == SA_OK, "cpu bwt");
    sa_cuda_status cs = sa_cuda_host_unbwt(u.data(), back.data(), &p, 0, n);
    CHECK(cs == SA_CUDA_OK && memcmp(back.data(), t.data(), n) == 0, "zero runs: unbwt %s", sa_cuda_status_string(cs));
}

/* Texts the rule calls random (the probe's samples, every 3rd / 15th position, miss the repeat)
 * on which the lean layout cannot finish: the sorter alone in exactly the lean bytes must restart
 * by DC3, in the full layout run the doubling, both giving sa.h's SA. (a) random R then R again
 * from an offset = 1 (mod 3), n = 70001: round 0 leaves nearly every suffix unsorted, more than
 * the lean rank array holds (k_unsorted0 stops writing at its capacity); (b) 1 MB of random bytes
 * with a 4096-byte block copied 500007 bytes on: the extension rounds make little progress and
 * the ranked rounds would need every rank. */
static void test_lean_restart(int which)
{
    int64_t n = which == 0 ? 70001 : 1000000;
    std::vector<uint8_t> t((size_t)n);
    make_text(0, t);
    if (which == 0) for (int64_t i = 35002; i < n; i++) t[(size_t)i] = t[(size_t)(i - 35002)];
    else memcpy(&t[600010], &t[100003], 4096);
    std::vector<int32_t> want((size_t)n), got((size_t)n);
    CHECK(sa_build(t.data(), want.data(), (int32_t)n, NULL) == SA_OK, "cpu sa");
    uint8_t *dt = NULL;
    uint32_t *dsa = NULL;
    CHECK_CUDA(cudaMalloc(&dt, (size_t)n));
    CHECK_CUDA(cudaMalloc(&dsa, 4 * (size_t)n));
    CHECK_CUDA(cudaMemcpy(dt, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    for (int full = 0; full < 2; full++) {
        size_t ws = full ? sa_cuda_workspace_size(n) : sa_cuda__ws_lean<uint32_t>((uint32_t)n);
        void *w = NULL;
        CHECK_CUDA(cudaMalloc(&w, ws));
        CHECK_CUDA(cudaMemset(dsa, 0, 4 * (size_t)n));
        sa_cuda__texts<uint32_t> T = {NULL, 1, (uint32_t)n, (uint32_t)n, 0};
        int rounds = 0, algo = -1;
        sa_cuda_status cs = sa_cuda__sort<uint32_t>(dt, T, dsa, w, ws, 0, 0, &rounds, &algo, 0);
        CHECK(cs == SA_CUDA_OK, "text %d full=%d: %s", which, full, sa_cuda_status_string(cs));
        CHECK(algo == (full ? SA_CUDA__ALGO_DOUBLING : SA_CUDA__ALGO_DC3), "text %d full=%d: sorter %d ran", which, full,
              algo);
        CHECK_CUDA(cudaMemcpy(got.data(), dsa, 4 * (size_t)n, cudaMemcpyDeviceToHost));
        CHECK(memcmp(got.data(), want.data(), 4 * (size_t)n) == 0, "text %d full=%d: SA differs", which, full);
        cudaFree(w);
    }
    cudaFree(dt), cudaFree(dsa);
}

static void test_search(int64_t n, int kind, int64_t npat)
{
    std::vector<uint8_t> t((size_t)n);
    make_text(kind, t);
    std::vector<int32_t> sa((size_t)n + 1);
    CHECK(sa_build(t.data(), sa.data(), (int32_t)n, NULL) == SA_OK, "sa");
    std::vector<int64_t> off((size_t)npat + 1);
    std::vector<uint8_t> pats;
    off[0] = 0;
    for (int64_t i = 0; i < npat; i++) {
        int64_t m = (int64_t)check_rand_below(40);
        if (i % 97 == 0) m = 0;
        if (i % 89 == 0) m = n + 3; /* longer than the text */
        int64_t s = n > 0 ? (int64_t)check_rand_below((uint64_t)n) : 0;
        for (int64_t q = 0; q < m; q++) pats.push_back(s + q < n && i % 3 ? t[(size_t)(s + q)] : (uint8_t)"ACGTa"[check_rand_below(5)]);
        off[(size_t)i + 1] = (int64_t)pats.size();
    }
    pats.push_back(0);
    std::vector<int32_t> wlo((size_t)npat), wc((size_t)npat), glo((size_t)npat), gc((size_t)npat);
    CHECK(sa_search_many(t.data(), sa.data(), (int32_t)n, pats.data(), off.data(), npat, wlo.data(), wc.data(), NULL) ==
              SA_OK, "cpu search");
    uint8_t *dt, *dp;
    int32_t *ds, *dlo, *dc;
    int64_t *doff;
    CHECK_CUDA(cudaMalloc(&dt, (size_t)n + 1));
    CHECK_CUDA(cudaMalloc(&ds, 4 * (size_t)n + 4));
    CHECK_CUDA(cudaMalloc(&dp, pats.size()));
    CHECK_CUDA(cudaMalloc(&doff, 8 * (size_t)(npat + 1)));
    CHECK_CUDA(cudaMalloc(&dlo, 4 * (size_t)npat));
    CHECK_CUDA(cudaMalloc(&dc, 4 * (size_t)npat));
    CHECK_CUDA(cudaMemcpy(dt, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(ds, sa.data(), 4 * (size_t)n, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(dp, pats.data(), pats.size(), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(doff, off.data(), 8 * (size_t)(npat + 1), cudaMemcpyHostToDevice));
    CHECK(sa_cuda_search(dt, ds, n, dp, doff, npat, dlo, dc, 0) == SA_CUDA_OK, "gpu search");
    CHECK_CUDA(cudaMemcpy(glo.data(), dlo, 4 * (size_t)npat, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(gc.data(), dc, 4 * (size_t)npat, cudaMemcpyDeviceToHost));
    for (int64_t i = 0; i < npat; i++)
        if (!CHECK(glo[(size_t)i] == wlo[(size_t)i] && gc[(size_t)i] == wc[(size_t)i],
                   "pattern %lld n=%lld: gpu %d %d cpu %d %d", (long long)i, (long long)n, glo[(size_t)i], gc[(size_t)i],
                   wlo[(size_t)i], wc[(size_t)i]))
            break;
    /* device BWT from this SA equals the host one */
    if (n > 0) {
        uint8_t *db;
        int32_t *da, prim = -1, wp = -2;
        std::vector<uint8_t> gb((size_t)n), wb((size_t)n);
        CHECK_CUDA(cudaMalloc(&db, (size_t)n));
        CHECK_CUDA(cudaMalloc(&da, 4));
        CHECK(sa_cuda_bwt_from_sa(dt, ds, db, da, 0, n, 0) == SA_CUDA_OK, "bwt_from_sa");
        CHECK_CUDA(cudaMemcpy(gb.data(), db, (size_t)n, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(&prim, da, 4, cudaMemcpyDeviceToHost));
        CHECK(sa_bwt_from_sa(t.data(), sa.data(), wb.data(), &wp, 0, (int32_t)n, NULL) == SA_OK, "cpu from_sa");
        CHECK(prim == wp && memcmp(gb.data(), wb.data(), (size_t)n) == 0, "bwt_from_sa differs");
        cudaFree(db), cudaFree(da);
    }
    cudaFree(dt), cudaFree(ds), cudaFree(dp), cudaFree(doff), cudaFree(dlo), cudaFree(dc);
}

int main(int argc, char **argv)
{
    int quick = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--quick") == 0) quick = 1;
    check_init(argc, argv);
    check_cuda_device_or_skip();
    /* 1000: one thread decodes from the primary index; above: marked rows every 64 (65536: the
     * all-equal text's primary index n is a marked row itself) or 256 ((1 << 22) + 5) */
    test_bwt_bound();
    test_lean_restart(0);
    test_lean_restart(1);
    if (!quick) test_unbwt_marks();
    for (int64_t n : {2, 3, 1000, 70000, 1000003, (1 << 22) + 5})
        for (int kind = 0; kind < 5; kind++)
            if (!quick || n <= 70000 || (n == 1000003 && kind < 2)) test_bwt_ws(n, kind); /* memcheck: the lean doubling */
    int64_t sizes[] = {0, 1, 2, 3, 17, 1000, 65536, 65537, 1000003, (1 << 22) + 5};
    int32_t rs[] = {0, 2, 64, 4096};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        if (quick && sizes[si] > 70000) break;
        for (int kind = 0; kind < 5; kind++)
            for (size_t ri = 0; ri < 4; ri++) test_bwt(sizes[si], kind, rs[ri]);
    }
    /* wrong primary indices (periodic texts have short psi cycles): the device accepts exactly
     * those sa.h's sa_unbwt accepts (whose check sa_test_bwt.c tests against the cycle length),
     * with the same text */
    for (int64_t n : {1100, 5000, 70000})
        for (int kind = 0; kind < 5; kind++) {
            std::vector<uint8_t> t((size_t)n), u((size_t)n), a((size_t)n), b((size_t)n);
            make_text(kind, t);
            int32_t p = 0;
            CHECK(sa_bwt(t.data(), u.data(), &p, (int32_t)n, NULL) == SA_OK, "cpu bwt");
            for (int trial = 0; trial < (quick ? 4 : 24); trial++) {
                int32_t q = trial < 2 ? p + 1 - 2 * trial : 1 + (int32_t)check_rand_below((uint64_t)n);
                if (q < 1 || q > n) continue;
                memset(b.data(), 0x5A, (size_t)n);
                sa_status st = sa_unbwt(u.data(), a.data(), q, (int32_t)n, NULL);
                sa_cuda_status cs = sa_cuda_host_unbwt(u.data(), b.data(), &q, 0, n);
                CHECK((st == SA_OK) == (cs == SA_CUDA_OK) && (cs == SA_CUDA_OK || cs == SA_CUDA_ERR_ARG),
                      "n=%lld kind=%d primary %d (true %d): cpu %d gpu %d", (long long)n, kind, q, p, (int)st, (int)cs);
                if (st == SA_OK && cs == SA_CUDA_OK)
                    CHECK(memcmp(a.data(), b.data(), (size_t)n) == 0, "n=%lld primary %d: texts differ", (long long)n, q);
            }
        }
    int64_t ssz[] = {0, 1, 50, 5000, 300001};
    for (size_t si = 0; si < 5; si++)
        for (int kind = 0; kind < 5; kind++) test_search(ssz[si], kind, quick ? 500 : 20000);
    /* argument errors before any launch */
    CHECK(sa_cuda_bwt(NULL, NULL, NULL, 0, 5, NULL, 0, 0) == SA_CUDA_ERR_NULL, "null");
    uint8_t two[2] = {'a', 'b'}, out2[2];
    int32_t aux1[2];
    CHECK(sa_cuda_host_bwt(two, out2, aux1, 3, 2) == SA_CUDA_ERR_ARG, "r = 3");
    CHECK(sa_cuda_host_unbwt(two, out2, aux1, 1, 2) == SA_CUDA_ERR_ARG, "r = 1");
    return check_done();
}
