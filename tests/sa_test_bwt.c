/* sa_test_bwt.c - sa.h's BWT, inverse BWT, generalized SA, search and context (issue 26),
 * against oracles written independently of the fast code:
 *  - a brute-force suffix sort (qsort with a byte-by-byte comparator) -> the naive BWT by the
 *    rows of text + $, the aux samples by definition;
 *  - the naive inverse BWT by repeated sorting (prepend the BWT column, sort the rows, n + 1
 *    times) on small inputs;
 *  - a brute-force GSA (qsort comparing up to the terminator, ties by position) and its LCP;
 *  - brute-force search (every text position tried).
 * Hostile cases: empty and one-byte texts, all-equal, periodic, every byte value, GSA strings
 * that are prefixes of each other and empty strings, patterns longer than the text, empty
 * patterns, corrupted primary indices and aux samples, the failing allocator (every allocation
 * of every call failed once: SA_ERR_NOMEM, outputs untouched where documented, nothing leaked).
 * SA__BW_GRAIN is lowered so small inputs run the multi-thread paths; SA__UB_BI_SIGMA = 2 makes
 * the inverse with aux samples run both of its walks: single-byte psi for texts of more than two
 * distinct bytes (random, periodic, every byte), bigram psi for the others (binary, all-equal,
 * Fibonacci, NUL/0xFF runs); from 4 threads on (SA__UB_BI_MT, SA__UB_BI_SIGMA_MT = 1) single-byte
 * psi for all but all-equal texts. SA__GSA_RADIX_MIN = 64: the GSA's groups of 64 or more members (the
 * large inputs, one string repeated) take the radix sort, the smaller ones quicksort.
 * SA__GSA_CAP = 5 (OpenMP build; the default 64 without): GSA pairs equal on 5 bytes finish in
 * the text-order Phi pass, so it runs on every input. test_unbwt_groups runs the aux walks' full
 * groups of SA__UB_WAYS pieces at r = 64, 128, 256 (written byte by byte) and r = 4096 (the
 * single-byte walk's output staged in 64-byte lines, SA__UB_STAGE). meson's sa_bwt_unstaged
 * builds this file with SA__UB_STAGE=0 (r = 4096 written byte by byte too) and SA__UB_TBL=256 (the
 * walks' first-byte and bigram tables cover 256 cells: long scans from each entry). */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS, MAP_NORESERVE (test_gsa_no_empty_limit) */
#endif
#include "failalloc.h"
#include <stdio.h>
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h> /* mallopt, in test_hugepage */
#endif
/* Blocks of 4 MiB or more are looked at before they are freed (test_hugepage). */
static void *hp_malloc(size_t sz);
static void hp_free(void *p);
#define SA_MALLOC(sz) hp_malloc(sz)
#define SA_FREE(p) hp_free(p)
#define SA__BW_GRAIN 256
#define SA__GRAIN 64
#define SA__UB_BI_SIGMA 2
#define SA__UB_BI_MT 4 /* from 4 threads on (test_bwt_large) even binary texts walk single-byte psi */
#define SA__UB_BI_SIGMA_MT 1
#define SA__GSA_RADIX_MIN 64
#ifdef _OPENMP
#define SA__GSA_CAP 5 /* most GSA pairs deferred to the Phi pass (its text-order carry); without OpenMP: 64 */
#endif
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"
#include "gsa_oracle.h" /* naive_gsa, gsa_strings */

/* ---- oracles ------------------------------------------------------------------------------ */
static const uint8_t *o_text;
static int32_t o_n;
static int cmp_suffix(const void *a, const void *b)
{
    int32_t i = *(const int32_t *)a, j = *(const int32_t *)b;
    while (i < o_n && j < o_n) {
        if (o_text[i] != o_text[j]) return o_text[i] < o_text[j] ? -1 : 1;
        i++, j++;
    }
    return i < o_n ? 1 : (j < o_n ? -1 : 0);
}
static void naive_sa(const uint8_t *t, int32_t n, int32_t *sa)
{
    for (int32_t i = 0; i < n; i++) sa[i] = i;
    o_text = t, o_n = n;
    qsort(sa, (size_t)n, sizeof *sa, cmp_suffix);
}
/* rows of text + $: row 0 is "$", row k + 1 the suffix sa[k]; the BWT column without the $ */
static int32_t naive_bwt(const uint8_t *t, int32_t n, const int32_t *sa, uint8_t *u, int32_t *aux, int32_t r)
{
    if (n == 0) { if (aux) aux[0] = 0; return 0; }
    int32_t k = 0, p = -1;
    u[k++] = t[n - 1];
    for (int32_t i = 0; i < n; i++) {
        if (sa[i] == 0) p = i + 1;
        else u[k++] = t[sa[i] - 1];
        if (aux && sa[i] % r == 0) aux[sa[i] / r] = i + 1;
    }
    return p;
}
/* inverse by repeated sorting: n + 1 rows of symbols 0..256 (0 = $, byte b = b + 1); round r
 * prepends the BWT column to every row and sorts the rows on their first r symbols; after n + 1
 * rounds the rows are the sorted rotations of text + $, and the one ending in $ is text + $ */
static int32_t rs_len;
static int cmp_row(const void *a, const void *b)
{
    const uint16_t *x = (const uint16_t *)a, *y = (const uint16_t *)b;
    for (int32_t i = 0; i < rs_len; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}
static void naive_unbwt(const uint8_t *u, int32_t n, int32_t p, uint8_t *t)
{
    int32_t w = n + 1;
    uint16_t *rows = (uint16_t *)calloc((size_t)w * w, sizeof(uint16_t));
    uint16_t *L = (uint16_t *)malloc((size_t)w * sizeof(uint16_t));
    for (int32_t j = 0, k = 0; j < w; j++) L[j] = j == p ? 0 : (uint16_t)(u[k++] + 1);
    for (int32_t len = 1; len <= w; len++) {
        for (int32_t j = 0; j < w; j++) {
            uint16_t *row = rows + (size_t)j * w;
            memmove(row + 1, row, (size_t)(len - 1) * sizeof(uint16_t));
            row[0] = L[j];
        }
        rs_len = len;
        qsort(rows, (size_t)w, (size_t)w * sizeof(uint16_t), cmp_row);
    }
    for (int32_t j = 0; j < w; j++) {
        uint16_t *row = rows + (size_t)j * w;
        if (row[w - 1] == 0) {
            for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)(row[i] - 1);
            break;
        }
    }
    free(rows);
    free(L);
}
/* brute-force search: suffixes below pat, and suffixes starting with pat */
static void naive_search(const uint8_t *t, int32_t n, const uint8_t *pat, int32_t m, int32_t *lo, int32_t *cnt)
{
    int32_t below = 0, c = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t l = 0;
        while (l < m && i + l < n && t[i + l] == pat[l]) l++;
        if (l == m) c++;
        else if (i + l == n || t[i + l] < pat[l]) below++;
    }
    *lo = below, *cnt = c;
}

/* ---- inputs ------------------------------------------------------------------------------- */
enum { K_RANDOM, K_BINARY, K_EQUAL, K_PERIODIC, K_ALLBYTES, K_FIB, K_NULFF, K_COUNT };
static const char *kname[K_COUNT] = {"random", "binary", "all-equal", "periodic", "every-byte", "fibonacci", "nul-ff-runs"};
static void make_text(int kind, uint8_t *t, int32_t n)
{
    int32_t per = 1 + (int32_t)check_rand_below(7);
    for (int32_t i = 0; i < n; i++) {
        switch (kind) {
        case K_RANDOM: t[i] = (uint8_t)check_rand(); break;
        case K_BINARY: t[i] = (uint8_t)('a' + check_rand_below(2)); break;
        case K_EQUAL: t[i] = 'z'; break;
        case K_PERIODIC: t[i] = (uint8_t)("abcabdx"[i % per]); break;
        case K_ALLBYTES: t[i] = (uint8_t)(i * 7 + 3); break;
        case K_FIB: break;
        default: t[i] = check_rand_below(4) == 0 ? 0xff : 0; break;
        }
    }
    if (kind == K_FIB && n > 0) { /* Fibonacci word */
        int32_t a = 1, b = 1;
        t[0] = 'a';
        while (b < n) {
            int32_t c = a + b > n ? n : a + b;
            memcpy(t + b, t, (size_t)(c - b));
            a = b, b = c;
        }
    }
}

static sa_options thr(int t) { sa_options o; memset(&o, 0, sizeof o); o.threads = t; return o; }

/* ---- BWT and inverse ---------------------------------------------------------------------- */
static void test_bwt_small(void)
{
    int32_t sizes[] = {0, 1, 2, 3, 5, 8, 17, 31, 64};
    for (int kind = 0; kind < K_COUNT; kind++)
        for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
            int32_t n = sizes[si];
            uint8_t t[64], u[64], want[64], back[64], rs[64];
            int32_t sa[64], aux[64], waux[64];
            make_text(kind, t, n);
            naive_sa(t, n, sa);
            int32_t wp = naive_bwt(t, n, sa, want, waux, 2);
            for (int th = 1; th <= 3; th += 2) {
                sa_options o = thr(th);
                int32_t p = -7;
                CHECK(sa_bwt(t, u, &p, n, &o) == SA_OK, "%s n=%d", kname[kind], n);
                CHECK(p == wp && memcmp(u, want, (size_t)n) == 0, "bwt %s n=%d p=%d want %d", kname[kind], n, p, wp);
                CHECK(sa_bwt_aux(t, u, aux, 2, n, &o) == SA_OK, "%s n=%d", kname[kind], n);
                CHECK(memcmp(u, want, (size_t)n) == 0, "bwt_aux %s n=%d", kname[kind], n);
                for (int32_t j = 0; n > 0 && j <= (n - 1) / 2; j++)
                    CHECK(aux[j] == waux[j], "aux %s n=%d j=%d", kname[kind], n, j);
                memset(back, 0xAA, sizeof back);
                CHECK(sa_unbwt(want, back, wp, n, &o) == SA_OK, "%s n=%d", kname[kind], n);
                CHECK(memcmp(back, t, (size_t)n) == 0, "unbwt %s n=%d", kname[kind], n);
                if (n > 0) {
                    memset(back, 0xAA, sizeof back);
                    CHECK(sa_unbwt_aux(want, back, waux, 2, n, &o) == SA_OK, "%s n=%d", kname[kind], n);
                    CHECK(memcmp(back, t, (size_t)n) == 0, "unbwt_aux %s n=%d", kname[kind], n);
                }
                /* in place both ways (a loop, not memcpy: newer GCC's fortified memcpy
                   cannot see that n >= 0 here and fails -Werror=stringop-overflow) */
                for (int32_t i = 0; i < n; i++) u[i] = t[i];
                CHECK(sa_bwt(u, u, &p, n, &o) == SA_OK && p == wp && memcmp(u, want, (size_t)n) == 0,
                      "in-place bwt %s n=%d", kname[kind], n);
                CHECK(sa_unbwt(u, u, p, n, &o) == SA_OK && memcmp(u, t, (size_t)n) == 0,
                      "in-place unbwt %s n=%d", kname[kind], n);
            }
            /* the inverse against repeated sorting (independent of the psi walk) */
            if (n <= 40) {
                naive_unbwt(want, n, wp, rs);
                CHECK(memcmp(rs, t, (size_t)n) == 0, "repeated-sorting oracle %s n=%d", kname[kind], n);
            }
        }
}

/* larger inputs: BWT against the naive BWT from a validated SA, round trips, every r */
static void test_bwt_large(void)
{
    const int32_t n = 300001;
    uint8_t *t = (uint8_t *)malloc(n), *u = (uint8_t *)malloc(n), *w = (uint8_t *)malloc(n), *b = (uint8_t *)malloc(n);
    int32_t *sa = (int32_t *)malloc((size_t)n * 4), *aux = (int32_t *)malloc((size_t)n * 4),
            *waux = (int32_t *)malloc((size_t)n * 4);
    for (int kind = 0; kind < K_COUNT; kind++) {
        int32_t m = kind == K_RANDOM ? n : n - (int32_t)check_rand_below(3000);
        make_text(kind, t, m);
        CHECK(sa_build(t, sa, m, NULL) == SA_OK && sa_validate(t, sa, m) == SA_OK, "%s", kname[kind]);
        int32_t r = 1 << (1 + (int)check_rand_below(14));
        int32_t wp = naive_bwt(t, m, sa, w, waux, r);
        for (int th = 1; th <= 4; th++) { /* 3: bucket slices of unequal width */
            sa_options o = thr(th);
            int32_t p;
            CHECK(sa_bwt_from_sa(t, sa, u, &p, 0, m, &o) == SA_OK && p == wp && memcmp(u, w, (size_t)m) == 0,
                  "from_sa %s", kname[kind]);
            memset(u, 0, (size_t)m);
            CHECK(sa_bwt_aux(t, u, aux, r, m, &o) == SA_OK, "%s", kname[kind]);
            CHECK(memcmp(u, w, (size_t)m) == 0 && memcmp(aux, waux, (size_t)((m - 1) / r + 1) * 4) == 0,
                  "bwt_aux %s r=%d threads=%d", kname[kind], r, th);
            memset(b, 0, (size_t)m);
            CHECK(sa_unbwt_aux(w, b, waux, r, m, &o) == SA_OK && memcmp(b, t, (size_t)m) == 0,
                  "unbwt_aux %s r=%d threads=%d", kname[kind], r, th);
            memset(b, 0, (size_t)m);
            CHECK(sa_unbwt(w, b, wp, m, &o) == SA_OK && memcmp(b, t, (size_t)m) == 0, "unbwt %s", kname[kind]);
        }
    }
    free(t), free(u), free(w), free(b), free(sa), free(aux), free(waux);
}

/* The aux walks' common case: groups of SA__UB_WAYS whole pieces of r >= 64 bytes (r = 4096: the
 * single-byte walk stages each piece's bytes in a 64-byte line), on both walks (bigram psi: few distinct
 * bytes; single-byte psi: random and every-byte texts), with and without a context, 1-4 threads;
 * then a sample inside the first group corrupted: SA_ERR_ARG (the piece before it cannot end there). */
static void test_unbwt_groups(void)
{
    static const int32_t rs[] = {64, 128, 256, 4096};
    static const int kinds[] = {K_RANDOM, K_ALLBYTES, K_FIB, K_BINARY, K_PERIODIC};
    const int32_t cap = (2 * SA__UB_WAYS + 1) * 4096 + 4096;
    uint8_t *t = (uint8_t *)malloc((size_t)cap), *w = (uint8_t *)malloc((size_t)cap), *b = (uint8_t *)malloc((size_t)cap);
    int32_t *sa = (int32_t *)malloc((size_t)cap * 4), *waux = (int32_t *)malloc((size_t)cap * 4),
            *caux = (int32_t *)malloc((size_t)cap * 4);
    sa_context *ctx = NULL;
    CHECK(sa_context_create(cap, NULL, &ctx) == SA_OK, "context");
    for (size_t ri = 0; ri < sizeof rs / sizeof *rs; ri++)
        for (size_t ki = 0; ki < sizeof kinds / sizeof *kinds; ki++) {
            int32_t r = rs[ri], n = (2 * SA__UB_WAYS + 1) * r + (int32_t)check_rand_below((uint64_t)r);
            make_text(kinds[ki], t, n);
            CHECK(sa_build(t, sa, n, NULL) == SA_OK && sa_validate(t, sa, n) == SA_OK, "%s", kname[kinds[ki]]);
            naive_bwt(t, n, sa, w, waux, r);
            int32_t ns = (n - 1) / r + 1;
            for (int th = 1; th <= 4; th++) {
                sa_options o = thr(th);
                memset(b, 0, (size_t)n);
                CHECK(sa_unbwt_aux(w, b, waux, r, n, &o) == SA_OK && memcmp(b, t, (size_t)n) == 0,
                      "groups %s r=%d n=%d threads=%d", kname[kinds[ki]], r, n, th);
                memcpy(caux, waux, (size_t)ns * 4);
                int32_t j = 1 + (int32_t)check_rand_below(SA__UB_WAYS - 1);
                caux[j] = 1 + (waux[j] + (int32_t)check_rand_below((uint64_t)n - 1)) % n; /* != waux[j] */
                CHECK(sa_unbwt_aux(w, b, caux, r, n, &o) == SA_ERR_ARG, "groups corrupt %s r=%d sample %d threads=%d",
                      kname[kinds[ki]], r, j, th);
            }
            if (ctx) {
                memset(b, 0, (size_t)n);
                CHECK(sa_context_unbwt(ctx, w, b, waux, r, n) == SA_OK && memcmp(b, t, (size_t)n) == 0,
                      "groups ctx %s r=%d", kname[kinds[ki]], r);
                CHECK(sa_context_unbwt(ctx, w, b, caux, r, n) == SA_ERR_ARG, "groups ctx corrupt %s r=%d", kname[kinds[ki]], r);
            }
        }
    sa_context_destroy(ctx);
    free(t), free(w), free(b), free(sa), free(waux), free(caux);
}

/* corrupted primary indices and aux samples: a status, or (when the corrupted index still
 * decodes to a whole text) a text whose BWT is exactly the given input; never a stray access
 * (the sanitizer build runs this too) */
static void test_corrupt(void)
{
    const int32_t n = 5000;
    uint8_t t[5000], u[5000], b[5000], u2[5000];
    int32_t aux[5000], aux2[5000], p, p2;
    for (int kind = 0; kind < K_COUNT; kind++) {
        make_text(kind, t, n);
        CHECK(sa_bwt_aux(t, u, aux, 16, n, NULL) == SA_OK, "%s", kname[kind]);
        p = aux[0];
        int32_t bad[] = {0, -1, n + 1, INT32_MIN, INT32_MAX};
        for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
            memset(b, 0x5A, sizeof b);
            CHECK(sa_unbwt(u, b, bad[i], n, NULL) == SA_ERR_ARG, "%s primary %d", kname[kind], bad[i]);
            CHECK(b[0] == 0x5A && b[n - 1] == 0x5A, "output touched");
            int32_t keep = aux[3];
            aux[3] = bad[i];
            CHECK(sa_unbwt_aux(u, b, aux, 16, n, NULL) == SA_ERR_ARG, "%s aux %d", kname[kind], bad[i]);
            CHECK(b[0] == 0x5A && b[n - 1] == 0x5A, "output touched");
            aux[3] = keep;
        }
        CHECK(sa_unbwt_aux(u, b, aux, 12, n, NULL) == SA_ERR_ARG, "r not a power of two");
        CHECK(sa_unbwt_aux(u, b, aux, 1, n, NULL) == SA_ERR_ARG, "r = 1");
        for (int trial = 0; trial < 20; trial++) {
            int32_t q = 1 + (int32_t)check_rand_below(n);
            if (q == p) continue;
            sa_status st = sa_unbwt(u, b, q, n, NULL);
            CHECK(st == SA_ERR_ARG || st == SA_OK, "%s", kname[kind]);
            if (st == SA_OK) /* (u, q) is itself a valid BWT: then b must be its text */
                CHECK(sa_bwt(b, u2, &p2, n, NULL) == SA_OK && p2 == q && memcmp(u2, u, n) == 0,
                      "%s primary %d accepted but not the inverse", kname[kind], q);
            /* 1, 2, 3 and 4 threads: the same status, and the same text where SA_OK */
            for (int th = 1; th <= 4; th++) {
                sa_options o = thr(th);
                CHECK(sa_unbwt(u, u2, q, n, &o) == st && (st != SA_OK || memcmp(u2, b, n) == 0),
                      "%s primary %d: threads %d differ", kname[kind], q, th);
            }
            int32_t j = (int32_t)check_rand_below((n - 1) / 16 + 1), keep = aux[j];
            aux[j] = 1 + (int32_t)check_rand_below(n);
            if (aux[j] != keep) {
                st = sa_unbwt_aux(u, b, aux, 16, n, NULL);
                CHECK(st == SA_ERR_ARG || st == SA_OK, "%s", kname[kind]);
                if (st == SA_OK)
                    CHECK(sa_bwt_aux(b, u2, aux2, 16, n, NULL) == SA_OK && memcmp(u2, u, n) == 0 &&
                          memcmp(aux2, aux, sizeof(int32_t) * ((n - 1) / 16 + 1)) == 0,
                          "%s aux[%d] accepted but not the inverse", kname[kind], j);
                for (int th = 1; th <= 4; th++) {
                    sa_options o = thr(th);
                    CHECK(sa_unbwt_aux(u, u2, aux, 16, n, &o) == st && (st != SA_OK || memcmp(u2, b, n) == 0),
                          "%s aux[%d]: threads %d differ", kname[kind], j, th);
                }
            }
            aux[j] = keep;
        }
    }
    /* every primary index of small texts (both walks of the primary-only inverse, odd and even
     * n, short psi cycles of periodic texts): SA_OK exactly when the cycle of LF through the $
     * row, followed by the test's own counting, is n + 1 long, and then the inverse's BWT.
     * Each call is repeated through a context whose workspace was filled with 0xFF bytes: a
     * successor entry the inverse forgot to write would send a walk through a short cycle
     * (which passes row 0) 16 GB out of bounds. */
    sa_context *pctx = NULL;
    CHECK(sa_context_create(40, NULL, &pctx) == SA_OK, "context");
    const size_t pctx_bytes = 2 * (40 + 1) * sizeof(int32_t);
    for (int kind = 0; kind < K_COUNT; kind++)
        for (int32_t m = 2; m <= 40; m++) {
            make_text(kind, t, m);
            CHECK(sa_bwt(t, u, &p, m, NULL) == SA_OK, "%s", kname[kind]);
            for (int32_t q = 1; q <= m; q++) {
                int32_t lf[41], cnt[256] = {0}, row = 0, len = 0;
                for (int32_t i = 0; i < m; i++) cnt[u[i]]++;
                for (int c = 0, sum = 1; c < 256; c++) { int32_t x = cnt[c]; cnt[c] = sum; sum += x; }
                for (int32_t i = 0; i <= m; i++) /* row i's last byte: u[i] before q, $ at q, u[i-1] after */
                    lf[i] = i == q ? 0 : cnt[u[i < q ? i : i - 1]]++;
                do { row = lf[row]; len++; } while (row != 0 && len <= m + 1);
                memset(b, 0x5A, (size_t)m);
                sa_status st = sa_unbwt(u, b, q, m, NULL);
                CHECK((st == SA_OK) == (len == m + 1) && (st == SA_OK || st == SA_ERR_ARG),
                      "%s n=%d primary %d (true %d): status %d, cycle %d", kname[kind], m, q, p, (int)st, len);
                memset(pctx->iw, 0xFF, pctx_bytes);
                CHECK(sa_context_unbwt(pctx, u, u2, &q, 0, m) == st, "%s n=%d primary %d: context", kname[kind], m, q);
                if (st == SA_OK)
                    CHECK(sa_bwt(b, u2, &p2, m, NULL) == SA_OK && p2 == q && memcmp(u2, u, (size_t)m) == 0,
                          "%s n=%d primary %d accepted but not the inverse", kname[kind], m, q);
                /* the same primary index with aux samples (r = 2, 4, 8): the samples of the test's own
                 * cycle (row of suffix m - k = LF^k(row 0)) decode to that text; any other value
                 * of one sample (r = 2, 4; every value for m <= 24), or any samples when the cycle is
                 * short, is SA_ERR_ARG. Odd and even last pieces, walks through rows 0 and q. */
                int32_t rowof[41], A[41];
                for (int32_t k = 0, x = 0; k <= m; k++, x = lf[x]) rowof[m - k] = x;
                for (int32_t r = 2; r <= 8; r *= 2) {
                    int32_t nseg = (m - 1) / r + 1;
                    for (int32_t j = 0; j < nseg; j++)
                        A[j] = len == m + 1 ? rowof[j * r] : 1 + (int32_t)check_rand_below((uint64_t)m);
                    A[0] = q;
                    memset(u2, 0x5A, (size_t)m);
                    st = sa_unbwt_aux(u, u2, A, r, m, NULL);
                    CHECK(st == (len == m + 1 ? SA_OK : SA_ERR_ARG) && (st != SA_OK || memcmp(u2, b, (size_t)m) == 0),
                          "%s n=%d primary %d r=%d: aux status %d, cycle %d", kname[kind], m, q, r, (int)st, len);
                    if (r == 8) { /* pieces of four steps: a walk goes on after passing row 0 */
                        memset(pctx->iw, 0xFF, pctx_bytes);
                        CHECK(sa_context_unbwt(pctx, u, u2, A, r, m) == st, "%s n=%d primary %d r=%d: context",
                              kname[kind], m, q, r);
                    }
                    if (len != m + 1 || nseg < 2 || r == 8) continue;
                    int32_t j = 1 + (int32_t)check_rand_below((uint64_t)(nseg - 1)), keep = A[j];
                    for (int32_t v = 1; v <= m; v++) {
                        if (v == keep || (m > 24 && check_rand_below(8) != 0)) continue;
                        A[j] = v;
                        CHECK(sa_unbwt_aux(u, u2, A, r, m, NULL) == SA_ERR_ARG, "%s n=%d primary %d r=%d aux[%d] %d for %d",
                              kname[kind], m, q, r, j, v, keep);
                    }
                    A[j] = keep;
                }
            }
        }
    sa_context_destroy(pctx);
    /* the BWT of an SA that is not a permutation: a status, no stray access */
    int32_t sa[8] = {0, 1, 2, 3, 4, 5, 6, 99};
    CHECK(sa_bwt_from_sa(t, sa, u, &p, 0, 8, NULL) == SA_ERR_RANGE, "sa entry out of range");
    int32_t sa2[7] = {1, 2, 3, 4, 5, 6, 6};
    CHECK(sa_bwt_from_sa(t, sa2, u, &p, 0, 7, NULL) == SA_ERR_RANGE, "no suffix 0");
    /* argument checks */
    CHECK(sa_bwt(t, u, NULL, 4, NULL) == SA_ERR_NULL, "null primary");
    CHECK(sa_bwt(t, u, &p, -1, NULL) == SA_ERR_SIZE, "n < 0");
    CHECK(sa_bwt_aux(t, u, aux, 0, 4, NULL) == SA_ERR_ARG && sa_bwt_aux(t, u, aux, 6, 4, NULL) == SA_ERR_ARG, "r");
    CHECK(sa_unbwt(u, b, 0, 0, NULL) == SA_OK && sa_unbwt(u, b, 1, 0, NULL) == SA_ERR_ARG, "n = 0 primary");
    CHECK(sa_unbwt(u, b, 1, 1, NULL) == SA_OK && b[0] == u[0], "n = 1");
    CHECK(sa_unbwt(u, b, 2, 1, NULL) == SA_ERR_ARG, "n = 1, primary 2");
}

/* ---- GSA ---------------------------------------------------------------------------------- */
static void test_gsa(void)
{
    uint8_t t[400];
    int32_t sa[400], lcp[400], wsa[400], wlcp[400];
    for (int trial = 0; trial < 600; trial++) {
        int32_t n = 1 + (int32_t)check_rand_below(trial < 300 ? 40 : 400);
        int mode = trial % 4;
        if (mode == 0) /* random short strings over a tiny alphabet, empty strings likely */
            for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)check_rand_below(3);
        else if (mode == 1) { /* strings that are prefixes of each other: "a", "ab", "abc", ... */
            int32_t i = 0, len = 0;
            while (i < n) {
                int32_t l = (int32_t)check_rand_below((uint64_t)len + 2);
                for (int32_t q = 0; q < l && i < n; q++) t[i++] = (uint8_t)("abcab"[q % 5]);
                if (i < n) t[i++] = 0;
                len = l;
            }
        } else if (mode == 2) /* the same string many times */
            for (int32_t i = 0; i < n; i++) t[i] = (uint8_t)(i % 5 == 4 ? 0 : 'x' + i % 5 % 2);
        else /* every nonzero byte value */
            for (int32_t i = 0; i < n; i++) t[i] = check_rand_below(9) == 0 ? 0 : (uint8_t)(1 + check_rand_below(255));
        t[n - 1] = 0;
        naive_gsa(t, n, wsa, wlcp);
        sa_options o = thr(1 + trial % 3);
        memset(lcp, 0x11, sizeof lcp);
        CHECK(sa_gsa(t, sa, lcp, n, &o) == SA_OK, "gsa trial %d", trial);
        CHECK(memcmp(sa, wsa, (size_t)n * 4) == 0, "gsa order trial %d n=%d mode=%d", trial, n, mode);
        CHECK(memcmp(lcp, wlcp, (size_t)n * 4) == 0, "gsa lcp trial %d n=%d mode=%d", trial, n, mode);
        CHECK(sa_gsa(t, sa, NULL, n, &o) == SA_OK && memcmp(sa, wsa, (size_t)n * 4) == 0, "gsa without lcp");
        for (int q = 0; q < 8; q++) { /* search over the GSA: patterns without 0 (sa.h's contract) */
            uint8_t pat[8];
            int32_t m = (int32_t)check_rand_below(8), s0 = (int32_t)check_rand_below((uint64_t)n), wl, wc, a, c;
            for (int32_t z = 0; z < m; z++) pat[z] = s0 + z < n && t[s0 + z] ? t[s0 + z] : (uint8_t)(1 + check_rand_below(3));
            naive_search(t, n, pat, m, &wl, &wc);
            CHECK(sa_search(t, sa, n, pat, m, &a, &c) == SA_OK && a == wl && c == wc, "gsa search trial %d m=%d", trial, m);
        }
    }
    /* larger: all threads, runs split over chunks */
    const int32_t n = 200000;
    uint8_t *T = (uint8_t *)malloc(n);
    int32_t *S = (int32_t *)malloc((size_t)n * 4), *L = (int32_t *)malloc((size_t)n * 4),
            *WS = (int32_t *)malloc((size_t)n * 4), *WL = (int32_t *)malloc((size_t)n * 4);
    for (int mode = 0; mode < 3; mode++) {
        /* mode 2: strings of 300 bytes, all equal: the direct comparisons run past their budget
         * (about 150 bytes a suffix) and Phi takes over */
        int32_t m = mode == 2 ? 60000 : n;
        for (int32_t i = 0; i < m; i++)
            T[i] = mode == 0 ? (uint8_t)(i % 37 == 36 ? 0 : 'a' + (i % 37) % 3) /* one string many times */
                 : mode == 1 ? (uint8_t)(check_rand_below(20) == 0 ? 0 : 'a' + check_rand_below(2))
                             : (uint8_t)(i % 301 == 300 ? 0 : 'a' + (i % 301) % 3);
        T[m - 1] = 0;
        naive_gsa(T, m, WS, WL);
        for (int th = 1; th <= 4; th++) { /* 1, 2, 3, 4 threads: the same SA and LCP */
            sa_options o = thr(th);
            CHECK(sa_gsa(T, S, L, m, &o) == SA_OK && memcmp(S, WS, (size_t)m * 4) == 0 &&
                  memcmp(L, WL, (size_t)m * 4) == 0, "gsa large mode %d threads %d", mode, th);
            CHECK(sa_gsa(T, S, NULL, m, &o) == SA_OK && memcmp(S, WS, (size_t)m * 4) == 0,
                  "gsa large mode %d threads %d without lcp", mode, th);
        }
        /* parallel SA-IS in the GSA order at the library's own block sizes (sa_test_gsa_par:
         * tiny ones); below SA_AUTO_MIN the default runs one thread, so it is asked for */
        sa_options op = thr(4);
        op.algorithm = SA_ALGO_PARALLEL_SAIS;
        CHECK(sa_gsa(T, S, L, m, &op) == SA_OK && memcmp(S, WS, (size_t)m * 4) == 0 &&
              memcmp(L, WL, (size_t)m * 4) == 0, "gsa large mode %d parallel SA-IS", mode);
    }
    free(T), free(S), free(L), free(WS), free(WL);
    CHECK(sa_gsa(t, sa, lcp, 0, NULL) == SA_OK, "n = 0");
    t[0] = 'a';
    CHECK(sa_gsa(t, sa, lcp, 1, NULL) == SA_ERR_ARG, "no terminator at the end");
    t[0] = 0;
    CHECK(sa_gsa(t, sa, lcp, 1, NULL) == SA_OK && sa[0] == 0 && lcp[0] == 0, "one empty string");
}

/* ---- search ------------------------------------------------------------------------------- */
static void test_search(void)
{
    uint8_t t[300], pats[64 * 40];
    int32_t sa[300], lo[64], cnt[64], wlo, wcnt;
    int64_t off[65];
    for (int trial = 0; trial < 300; trial++) {
        int32_t n = (int32_t)check_rand_below(trial < 50 ? 4 : 300);
        make_text(trial % K_COUNT, t, n);
        CHECK(sa_build(t, sa, n, NULL) == SA_OK, "build");
        int npat = 64;
        off[0] = (int64_t)check_rand_below(3);
        for (int i = 0; i < npat; i++) {
            int32_t m;
            int pick = (int)check_rand_below(4);
            if (pick == 0 || n == 0) m = (int32_t)check_rand_below(6); /* random, maybe empty */
            else m = 1 + (int32_t)check_rand_below(n < 30 ? (uint64_t)n + 3 : 30); /* may be longer than the text */
            uint8_t *p = pats + off[i];
            if (pick > 0 && n > 0) { /* a substring of the text, maybe running off its end */
                int32_t s = (int32_t)check_rand_below((uint64_t)n);
                for (int32_t q = 0; q < m; q++) p[q] = s + q < n ? t[s + q] : (uint8_t)check_rand();
                if (pick == 3 && m > 0) p[m - 1] ^= 1;
            } else
                for (int32_t q = 0; q < m; q++) p[q] = (uint8_t)check_rand_below(3) + 'a';
            off[i + 1] = off[i] + m;
        }
        sa_options o = thr(1 + trial % 3);
        CHECK(sa_search_many(t, sa, n, pats, off, npat, lo, cnt, &o) == SA_OK, "many");
        for (int i = 0; i < npat; i++) {
            int32_t m = (int32_t)(off[i + 1] - off[i]);
            naive_search(t, n, pats + off[i], m, &wlo, &wcnt);
            CHECK(lo[i] == wlo && cnt[i] == wcnt, "pattern %d (m=%d) n=%d: lo %d count %d, want %d %d", i, m, n,
                  lo[i], cnt[i], wlo, wcnt);
            int32_t a = -1, c = -1;
            CHECK(sa_search(t, sa, n, pats + off[i], m, &a, &c) == SA_OK && a == wlo && c == wcnt, "single");
            for (int32_t k = a; k < a + c; k++) /* locate: every listed position matches */
                CHECK(sa[k] + m <= n && memcmp(t + sa[k], pats + off[i], (size_t)m) == 0, "locate");
        }
    }
    /* hostile */
    make_text(K_RANDOM, t, 100);
    CHECK(sa_build(t, sa, 100, NULL) == SA_OK, "build");
    sa[50] = 100;
    int32_t a, c;
    uint8_t pat[1] = {t[sa[49]]};
    sa_status st = sa_search(t, sa, 100, pat, 1, &a, &c);
    CHECK(st == SA_ERR_RANGE || st == SA_OK, "corrupt sa"); /* the search may not step on index 50 */
    sa[50] = -5;
    int64_t o2[3] = {0, 1, 0};
    CHECK(sa_search_many(t, sa, 100, pat, o2, 2, lo, cnt, NULL) == SA_ERR_ARG, "decreasing offsets");
    CHECK(sa_search(t, sa, 100, pat, -1, &a, &c) == SA_ERR_SIZE, "m < 0");
    CHECK(sa_search(t, sa, 0, NULL, 0, &a, &c) == SA_OK && a == 0 && c == 0, "empty text, empty pattern");
}

/* ---- context ------------------------------------------------------------------------------ */
static void test_context(void)
{
    sa_context *ctx = NULL;
    sa_options o = thr(3);
    CHECK(sa_context_create(4000, &o, &ctx) == SA_OK, "create");
    uint8_t t[4001], u[4001], w[4001], b[4001];
    int32_t sa[4001], aux[4001], waux[4001];
    long live = fa_live();
    for (int round = 0; round < 6; round++) {
        int32_t n = round == 5 ? 4000 : (int32_t)check_rand_below(4001);
        make_text(round % K_COUNT, t, n);
        naive_sa(t, n, sa);
        int32_t wp = naive_bwt(t, n, sa, w, waux, 8);
        fa_arm(0);
        long calls0 = fa_calls();
        CHECK(sa_context_bwt(ctx, t, u, aux, 0, n) == SA_OK && aux[0] == wp && memcmp(u, w, (size_t)n) == 0, "ctx bwt");
        CHECK(sa_context_bwt(ctx, t, u, aux, 8, n) == SA_OK && memcmp(aux, waux, 4 * (size_t)(n ? (n - 1) / 8 + 1 : 1)) == 0, "ctx aux");
        CHECK(sa_context_unbwt(ctx, w, b, waux, 8, n) == SA_OK && memcmp(b, t, (size_t)n) == 0, "ctx unbwt");
        long layer_calls = fa_calls() - calls0;
        /* only sa_build's own scratch may allocate: the unbwt above allocated nothing */
        fa_arm(0);
        CHECK(sa_context_unbwt(ctx, w, b, &wp, 0, n) == SA_OK && memcmp(b, t, (size_t)n) == 0 && fa_calls() == 0,
              "ctx unbwt allocates nothing (%ld calls)", fa_calls());
        (void)layer_calls;
        memcpy(u, t, (size_t)n);
        CHECK(sa_context_bwt(ctx, u, u, aux, 0, n) == SA_OK && memcmp(u, w, (size_t)n) == 0, "ctx in place");
        if (n > 0) {
            t[n - 1] = 0;
            int32_t gs[4001], gl[4001], ws[4001], wl[4001];
            naive_gsa(t, n, ws, wl);
            CHECK(sa_context_gsa(ctx, t, gs, gl, n) == SA_OK && memcmp(gs, ws, 4 * (size_t)n) == 0 &&
                  memcmp(gl, wl, 4 * (size_t)n) == 0, "ctx gsa");
        }
    }
    CHECK(sa_context_bwt(ctx, t, u, aux, 0, 4001) == SA_ERR_SIZE, "n above max_n");
    CHECK(fa_live() == live, "context calls leaked");
    sa_context_destroy(ctx);
    sa_context_destroy(NULL);
}

/* ---- huge-page hint (Linux) ---------------------------------------------------------------- */
/* The allocator in front of failalloc: remembers the blocks of 4 MiB or more and, when one is
 * freed, whether the 2 MiB-aligned page inside it carried the madvise(MADV_HUGEPAGE) flag ("hg"
 * in its VmFlags in /proc/self/smaps; set whatever the host's THP mode, as long as the kernel
 * has THP). A block counts only if the flag was NOT there when it was handed out: a heap block
 * reused at an address an earlier call had hinted keeps that flag (test_hugepage also makes
 * glibc map every big block afresh). hp_flag: 1 when some big block freed since it was reset
 * gained the flag, 0 when none did, -1 when none was freed (sa_build's own never gain it). */
#define HP_MAX 16
static void *hp_block[HP_MAX];
static int hp_before[HP_MAX]; /* the flag when the block was handed out */
static int hp_flag = -1;
/* 1 when the mapping holding address a has the hg flag, 0 when not, -1 when smaps says nothing */
static int hp_has_flag(const void *a)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return -1;
    char line[512];
    int in = 0, res = -1;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        char dash;
        if (sscanf(line, "%lx%c%lx", &lo, &dash, &hi) == 3 && dash == '-') /* "lo-hi perms ..." */
            in = (uintptr_t)a >= lo && (uintptr_t)a < hi;
        else if (in && strncmp(line, "VmFlags:", 8) == 0) {
            res = strstr(line, " hg") != NULL;
            break;
        }
    }
    fclose(f);
    return res;
}
static void *hp_malloc(size_t sz)
{
    void *p = fa_malloc(sz);
    if (p && sz >= ((size_t)4 << 20)) {
        uintptr_t a = ((uintptr_t)p + ((uintptr_t)2 << 20) - 1) & ~(((uintptr_t)2 << 20) - 1);
        int before = hp_has_flag((const void *)a);
#ifdef _OPENMP
#pragma omp critical(hp_table)
#endif
        for (int i = 0; i < HP_MAX; i++)
            if (!hp_block[i]) { hp_block[i] = p; hp_before[i] = before; break; }
    }
    return p;
}
static void hp_free(void *p)
{
#ifdef _OPENMP
#pragma omp critical(hp_table)
#endif
    for (int i = 0; p && i < HP_MAX; i++)
        if (hp_block[i] == p) {
            uintptr_t a = ((uintptr_t)p + ((uintptr_t)2 << 20) - 1) & ~(((uintptr_t)2 << 20) - 1);
            int f = hp_before[i] == 0 ? hp_has_flag((const void *)a) : 0; /* flagged before: proves nothing */
            if (f > hp_flag) hp_flag = f;
            hp_block[i] = NULL;
        }
    fa_free(p);
}
/* sa_gsa's one-thread path (sa__sais_gsa32: SA-IS with the zeros as unique symbols ordered by
 * position, for texts without empty strings) against the naive GSA: called directly (so that a
 * fallback cannot hide it) and through sa_gsa. Strings that are prefixes of each other, one
 * string many times, one-byte strings, every nonzero byte, tiny alphabets, and lengths past
 * 65536 (the LMS bit vector) with several recursion levels. */
static void test_gsa_sais(void)
{
    const int32_t big = 150000;
    uint8_t *t = (uint8_t *)malloc(big);
    int32_t *sa = (int32_t *)malloc((size_t)big * 4), *wsa = (int32_t *)malloc((size_t)big * 4),
            *wlcp = (int32_t *)malloc((size_t)big * 4), *lcp = (int32_t *)malloc((size_t)big * 4);
    if (!t || !sa || !wsa || !wlcp || !lcp) { CHECK(0, "out of memory"); return; }
    for (int trial = 0; trial < 1500; trial++) {
        int mode = trial % 6;
        int32_t n = trial < 1200 ? 2 + (int32_t)check_rand_below(trial < 600 ? 30 : 600)
                                 : 60000 + (int32_t)check_rand_below((uint64_t)big - 60000);
        if (trial >= 1200 && trial % 50 != 0 && trial - 1200 >= 12) continue; /* 12 large ones, and a few later */
        gsa_strings(t, n, mode);
        CHECK(sa__gsa_no_empty(t, n), "gsa_sais trial %d: generator", trial);
        naive_gsa(t, n, wsa, wlcp);
        memset(sa, 0x55, (size_t)n * 4);
        CHECK(sa__sais_gsa32(t, sa, n) == SA_OK && memcmp(sa, wsa, (size_t)n * 4) == 0,
              "gsa_sais trial %d n=%d mode=%d", trial, n, mode);
        sa_options o = thr(1);
        memset(sa, 0x55, (size_t)n * 4);
        CHECK(sa_gsa(t, sa, NULL, n, &o) == SA_OK && memcmp(sa, wsa, (size_t)n * 4) == 0,
              "gsa_sais via sa_gsa trial %d n=%d mode=%d", trial, n, mode);
        memset(sa, 0x55, (size_t)n * 4);
        memset(lcp, 0x55, (size_t)n * 4);
        CHECK(sa_gsa(t, sa, lcp, n, &o) == SA_OK && memcmp(sa, wsa, (size_t)n * 4) == 0 &&
              memcmp(lcp, wlcp, (size_t)n * 4) == 0, "gsa_sais + lcp (sa__gsa_plcp) trial %d n=%d mode=%d", trial, n, mode);
    }
    /* the empty-string test itself: each string of the text made empty in turn (and the first) */
    for (int32_t n = 2; n < 40; n++) {
        gsa_strings(t, n, 3);
        CHECK(sa__gsa_no_empty(t, n), "no_empty n=%d", n);
        for (int32_t i = 0; i + 1 < n; i++) {
            uint8_t c = t[i];
            int want = !(c != 0 && ((i > 0 && t[i - 1] == 0) || t[i + 1] == 0 || i == 0));
            t[i] = 0;
            CHECK(sa__gsa_no_empty(t, n) == want, "no_empty n=%d zero at %d", n, i);
            if (!want) { /* the fallback's order */
                sa_options o = thr(1);
                naive_gsa(t, n, wsa, wlcp);
                CHECK(sa_gsa(t, sa, NULL, n, &o) == SA_OK && memcmp(sa, wsa, (size_t)n * 4) == 0, "empty string n=%d at %d", n, i);
            }
            t[i] = c;
        }
    }
    free(t), free(sa), free(wsa), free(wlcp), free(lcp);
}

static void test_hugepage(void)
{
#if defined(__linux__)
    FILE *thp = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
    if (!thp || hp_has_flag((const void *)&hp_flag) < 0) {
        if (thp) fclose(thp);
        printf("huge-page hint: not checked (no THP or no /proc/self/smaps)\n");
        return;
    }
    fclose(thp);
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, 1 << 20); /* big blocks: fresh mappings, no flag left by an earlier block */
#endif
    const int32_t n = 1 << 21; /* the BWT's SA: 8 MiB, psi: 8 MiB, psi + LF: 16 MiB, Phi: 8 MiB */
    uint8_t *t = (uint8_t *)malloc((size_t)n), *u = (uint8_t *)malloc((size_t)n), *b = (uint8_t *)malloc((size_t)n);
    int32_t *aux = (int32_t *)malloc(((size_t)n / 4096 + 1) * sizeof(int32_t)), *sa = (int32_t *)malloc((size_t)n * 4);
    CHECK(t && u && b && aux && sa, "out of memory");
    if (!t || !u || !b || !aux || !sa) return;
    make_text(K_RANDOM, t, n);
    hp_flag = -1;
    CHECK(sa_bwt_aux(t, u, aux, 4096, n, NULL) == SA_OK, "bwt");
    CHECK(hp_flag == 1, "bwt_aux: its SA without the huge-page hint (%d)", hp_flag);
    hp_flag = -1;
    CHECK(sa_unbwt_aux(u, b, aux, 4096, n, NULL) == SA_OK && memcmp(b, t, (size_t)n) == 0, "unbwt_aux");
    CHECK(hp_flag == 1, "unbwt_aux: psi without the huge-page hint (%d)", hp_flag);
    hp_flag = -1;
    CHECK(sa_unbwt(u, b, aux[0], n, NULL) == SA_OK && memcmp(b, t, (size_t)n) == 0, "unbwt");
    CHECK(hp_flag == 1, "unbwt: psi2 + LF2 without the huge-page hint (%d)", hp_flag);
    for (int32_t i = 63; i < n; i += 64) t[i] = 0;
    t[n - 1] = 0;
    t[n - 2] = 0; /* an empty string: the plain SA and Phi also at one thread (else sa__sais_gsa) */
    hp_flag = -1;
    CHECK(sa_gsa(t, sa, NULL, n, NULL) == SA_OK, "gsa");
    CHECK(hp_flag == 1, "gsa: Phi without the huge-page hint (%d)", hp_flag);
    sa_context *ctx = NULL;
    hp_flag = -1;
    CHECK(sa_context_create(n, NULL, &ctx) == SA_OK, "context");
    sa_context_destroy(ctx);
    CHECK(hp_flag == 1, "context workspace without the huge-page hint (%d)", hp_flag);
    free(t), free(u), free(b), free(aux), free(sa);
#endif
}

/* ---- failing allocator -------------------------------------------------------------------- */
static void test_failalloc(void)
{
    const int32_t n = 3000;
    uint8_t t[3000], u[3000], w[3000], b[3000];
    int32_t sa[3000], lcp[3000], aux[3000], wsa[3000], wlcp[3000];
    make_text(K_RANDOM, t, n);
    for (int32_t i = 0; i < n; i += 7) t[i] = 0;
    t[n - 1] = 0;
    int32_t wp;
    CHECK(sa_bwt(t, w, &wp, n, NULL) == SA_OK, "reference");
    naive_gsa(t, n, wsa, wlcp);
    uint8_t g[3000]; /* no empty string: sa_gsa's SA-IS and sa__gsa_plcp at one thread */
    int32_t gsa_[3000], glcp[3000];
    memcpy(g, t, n);
    for (int32_t i = 0; i + 1 < n; i++) if (g[i] == 0 && (i == 0 || g[i - 1] == 0)) g[i] = 'x';
    if (g[n - 2] == 0) g[n - 2] = 'x';
    g[n - 1] = 0;
    CHECK(sa__gsa_no_empty(g, n), "failalloc gsa text without empty strings");
    naive_gsa(g, n, gsa_, glcp);
    int32_t waux[3000 / 4 + 1];
    CHECK(sa_bwt_aux(t, u, waux, 4, n, NULL) == SA_OK && memcmp(u, w, n) == 0, "reference aux");
    for (int what = 0; what < 8; what++)
        for (int th = 1; th <= 3; th += 2) {
            sa_options o = thr(th);
            for (long k = 1; k < 1000; k++) {
                long live = fa_live();
                memset(u, 0x33, sizeof u);
                memset(b, 0x33, sizeof b);
                memset(lcp, 0x33, sizeof lcp);
                int32_t p = -3;
                sa_context *ctx = NULL;
                fa_arm(k);
                sa_status st;
                switch (what) {
                case 0: st = sa_bwt(t, u, &p, n, &o); break;
                case 1: memcpy(u, t, n); st = sa_bwt(u, u, &p, n, &o); break;
                case 2: st = sa_unbwt(w, b, wp, n, &o); break;
                case 3: st = sa_gsa(t, sa, lcp, n, &o); break;
                case 4: st = sa_context_create(n, &o, &ctx); break;
                case 5: st = sa_bwt_aux(t, u, aux, 4, n, &o); break;
                case 7: st = sa_gsa(g, sa, lcp, n, &o); break;
                default: st = sa_unbwt_aux(w, b, waux, 4, n, &o); break; /* 6 */
                }
                int fired = fa_fired();
                fa_arm(0);
                if (ctx) sa_context_destroy(ctx);
                CHECK(fa_live() == live, "what=%d k=%ld leaked", what, k);
                /* SA_OK after a failed allocation: one of sa_build's documented fallbacks */
                if (!fired || st == SA_OK) {
                    CHECK(st == SA_OK, "what=%d k=%ld", what, k);
                    if (what <= 1) CHECK(p == wp && memcmp(u, w, n) == 0, "bwt after failures");
                    if (what == 2 || what == 6) CHECK(memcmp(b, t, n) == 0, "unbwt after failures");
                    if (what == 3) CHECK(memcmp(sa, wsa, 4 * n) == 0 && memcmp(lcp, wlcp, 4 * n) == 0, "gsa");
                    if (what == 7) CHECK(memcmp(sa, gsa_, 4 * n) == 0 && memcmp(lcp, glcp, 4 * n) == 0, "gsa (no empty string)");
                    if (!fired) break;
                    continue;
                }
                CHECK(st == SA_ERR_NOMEM, "what=%d k=%ld: %s", what, k, sa_status_string(st));
                if (what == 2 || what == 6) CHECK(b[0] == 0x33 && b[n - 1] == 0x33, "unbwt output touched");
                if (what == 3 || what == 7) CHECK(lcp[0] == 0x33333333, "gsa lcp touched");
                if (what == 0) CHECK(p == -3, "primary written on failure");
            }
        }
}

/* sa__gsa_no_empty at n = 2^31 - 1 (sa_gsa's largest text): its word loop's bound once
 * overflowed int32 there (i + 8 <= n). 2 GiB of address space showing one 64 KiB file page
 * again and again (no memory spent): zeros 64 bytes apart, text[n - 1] = 0, no empty string. */
#if defined(__linux__) && UINTPTR_MAX > 0xffffffffu
#include <sys/mman.h>
#include <unistd.h>
static void test_gsa_no_empty_limit(void)
{
    const size_t P = 65536, tot = (size_t)1 << 31;
    char path[] = "/tmp/sa_test_bwt_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) { printf("no_empty limit: skipped (mkstemp)\n"); return; }
    unlink(path);
    uint8_t *pat = ftruncate(fd, (off_t)P) == 0 ? mmap(NULL, P, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    uint8_t *base = mmap(NULL, tot, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    size_t off = 0;
    if (pat != MAP_FAILED && base != MAP_FAILED) {
        for (size_t i = 0; i < P; i++) pat[i] = (i % 64 == 10 || i == P - 2) ? 0 : 'a';
        for (; off < tot; off += P)
            if (mmap(base + off, P, PROT_READ, MAP_SHARED | MAP_FIXED, fd, 0) == MAP_FAILED) break;
    }
    if (off == tot) {
        const int32_t n = INT32_MAX; /* text[n - 1] = pat[P - 2] = 0 */
        CHECK(base[n - 1] == 0 && sa__gsa_no_empty(base, n) == 1, "no_empty at n = 2^31 - 1");
    } else {
        printf("no_empty limit: skipped (mmap)\n");
    }
    if (base != MAP_FAILED) munmap(base, tot);
    if (pat != MAP_FAILED) munmap(pat, P);
    close(fd);
}
#else
static void test_gsa_no_empty_limit(void) {}
#endif

int main(int argc, char **argv)
{
    check_init(argc, argv);
    test_bwt_small();
    test_bwt_large();
    test_unbwt_groups();
    test_corrupt();
    test_gsa();
    test_gsa_sais();
    test_gsa_no_empty_limit();
    test_search();
    test_context();
    test_failalloc();
    test_hugepage();
    return check_done();
}
