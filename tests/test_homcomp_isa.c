/* homcomp.cuh: the CPU codec's instruction-set paths (hc_options.isa) and its fused adds.
 *  1. Every path this build and CPU run (SCALAR, SSE2, AVX2, AVX-512, AVX-512 with GFNI), each
 *     forced, gives the SCALAR path's bytes and statuses, op by op: compress, decompress, qp,
 *     add, add_raw, add_qp, validate, on block shapes chosen to reach every branch (all-zero blocks, the widest
 *     rate 31, mixed rates, outlier blocks, their first value at every byte-count boundary, a
 *     partial last block, values at the quantizer's limit, NaN/Inf, float64, steps where the
 *     float32 fast paths do not hold, sums that overflow 31 bits, damaged streams).
 *  2. The fused adds against an independent oracle, decode-add-encode in exact integers:
 *     inputs are q x step for chosen integers q (so quantization is exact), and
 *     hc_add(compress(qa), compress(qb)) must equal compress((qa + qb) x step) byte for byte,
 *     or report HC_ERR_SUM_OVERFLOW exactly when some summed delta or value leaves 31 bits.
 * SCALAR is the path tests/test_homcomp_golden.c pins; SSE2 and AVX-512 paths a machine lacks
 * are reported and skipped (hc_isa_available). */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <math.h>

#define MAXN 70001
#define NISA 5
static const int isas[NISA] = {HC_ISA_SCALAR, HC_ISA_SSE2, HC_ISA_AVX2, HC_ISA_AVX512, HC_ISA_AVX512_GFNI};

static uint64_t t_lane; /* shape 9's lane and sign */
static int64_t t_sign = 1;

/* q values of one kind of block shape for elements [i0, i0 + cnt); lim bounds |q| */
static void shape_q(int kind, int64_t *q, uint64_t n, int64_t lim)
{
    int64_t w = 0;
    for (uint64_t i = 0; i < n; i++) {
        int blk = (int)((i / 32) % 7), k = kind == 6 ? blk : kind;
        int64_t v;
        switch (k) {
        case 0: v = 0; break;                                                     /* all-zero blocks */
        case 1: v = (i & 1) ? lim : -lim; break;                                  /* widest deltas */
        case 2: w += (int64_t)check_rand_below(7) - 3; v = w; break;              /* small walk */
        case 3: v = (int64_t)(check_rand() % (uint64_t)(2 * lim + 1)) - lim; break; /* noise, full width */
        case 4: v = (i % 32 == 0) ? lim - (int64_t)check_rand_below(5) : (int64_t)check_rand_below(9) - 4; break; /* outlier */
        case 5: v = (int64_t)check_rand_below(1u << (check_rand_below(20))) - 3; break; /* mixed rates */
        case 7: v = lim; break; /* constant at the limit: a sum's values overflow, its deltas do not */
        case 9: /* one lane pair: -lim at t_lane - 1, lim at t_lane (times t_sign), zero elsewhere:
                 * two of these sum to a delta of 2 lim at t_lane only */
            v = i == t_lane ? lim * t_sign : i + 1 == t_lane ? -lim * t_sign : 0;
            break;
        case 10: /* lim at t_lane - 1, -1 at t_lane (times t_sign): two of these sum to values in
                  * range whose delta at t_lane is exactly -2^31 (or 2^31): only the lane test sees it */
            v = i == t_lane ? -t_sign : i + 1 == t_lane ? lim * t_sign : 0;
            break;
        case 8: { /* outlier d[0] at every byte-count boundary (1-4 bytes), the rest small */
            static const int64_t m[8] = {1, 255, 256, 65535, 65536, 16777215, 16777216, 1073741823};
            v = i % 32 ? (int64_t)check_rand_below(5) - 2 : m[(i / 32) % 8] * ((i / 256) % 2 ? -1 : 1);
            break;
        }
        default: v = 0; break;
        }
        if (v > lim) v = lim;
        if (v < -lim) v = -lim;
        q[i] = v;
    }
}

static unsigned char *A, *B, *O[NISA], *R, *V, *W, *S2, *Dz;
static float *xf, *yf, *of[NISA];
static double *xd, *yd, *od[NISA];
static int32_t *dq[NISA];
static int64_t *qa, *qb;

/* every isa's result of one op equals SCALAR's: status, size, bytes */
#define SAME_ALL(what, st, sz, buf, len)                                                                          \
    for (int k_ = 1; k_ < NISA; k_++)                                                                                 \
        if (hc_isa_available((hc_isa)isas[k_])) {                                                                  \
            CHECK(st[k_] == st[0], "%s isa %d status %d vs scalar %d (n %llu)", what, isas[k_], st[k_], st[0],     \
                  (unsigned long long)n);                                                                           \
            if (st[0] == HC_OK && st[k_] == HC_OK)                                                                 \
                CHECK(sz[k_] == sz[0] && !memcmp(buf[k_], buf[0], len), "%s isa %d bytes differ (n %llu)", what,   \
                      isas[k_], (unsigned long long)n);                                                             \
        }

/* hc_add_raw_values(a, y) on every path against that path's hc_add_raw (status, stream bytes)
 * and the scalar hc_decompress of its stream (the values, byte for byte: the oracle decodes the
 * stream's bits; the fused path never does); threads 1 or 3; once more in place (values =
 * a copy of y). */
static void values_isas(int dtype, uint64_t n, const unsigned char *a, size_t la, const void *y, const char *what)
{
    size_t cap = hc_compress_bound(n, (hc_dtype)dtype), es = dtype == HC_F32 ? 4 : 8;
    hc_options o0 = {1, HC_ISA_SCALAR};
    for (int k = 0; k < NISA; k++) {
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        for (int inplace = 0; inplace < 2; inplace++) {
            hc_options o = {inplace ? 3 : 1 + 2 * (int)(check_rand() & 1), (hc_isa)isas[k]};
            size_t l1 = 0, l2 = 0;
            int s1 = hc_add_raw(a, la, (hc_dtype)dtype, y, n, O[k], cap, &l1, &o), s2;
            void *vals = inplace ? (void *)W : (void *)V;
            if (inplace) memcpy(W, y, n * es);
            memset(V, 0x5a, n * es);
            s2 = hc_add_raw_values(a, la, (hc_dtype)dtype, inplace ? W : y, n, S2, cap, &l2, vals, &o);
            CHECK(s2 == s1, "%s values isa %d inplace %d: status %d vs add_raw %d (n %llu)", what, isas[k], inplace, s2, s1,
                  (unsigned long long)n);
            if (s1 != HC_OK || s2 != HC_OK) continue;
            CHECK(l2 == l1 && !memcmp(S2, O[k], l1), "%s values isa %d inplace %d: stream differs (n %llu)", what, isas[k],
                  inplace, (unsigned long long)n);
            memset(Dz, 0xa5, n * es);
            int sd = hc_decompress(O[k], l1, (hc_dtype)dtype, Dz, n, &o0);
            CHECK(sd == HC_OK, "%s values: oracle decompress %d", what, sd);
            if (sd == HC_OK) {
                uint64_t bad = n;
                for (uint64_t i = 0; i < n && bad == n; i++)
                    if (memcmp((unsigned char *)vals + i * es, Dz + i * es, es)) bad = i;
                CHECK(bad == n, "%s values isa %d inplace %d: element %llu differs from hc_decompress (n %llu)", what,
                      isas[k], inplace, (unsigned long long)bad, (unsigned long long)n);
            }
        }
    }
}

/* hc_compress_range / hc_add_raw_range (values NULL, apart, and = raw) on every path, threads 1 or 3:
 * the plain call's status and bytes; on HC_OK the range equals an oracle's (a plain loop over
 * the input, in double) and hc__minmax's; on error range is untouched. */
static void oracle_range(int dtype, const void *x, uint64_t n, double *lo, double *hi)
{
    *lo = HUGE_VAL;
    *hi = -HUGE_VAL;
    for (uint64_t i = 0; i < n; i++) {
        double v = dtype == HC_F32 ? (double)((const float *)x)[i] : ((const double *)x)[i];
        if (v < *lo) *lo = v;
        if (v > *hi) *hi = v;
    }
}
static void range_isas(int dtype, const hc_config *c, uint64_t n, const void *x, const unsigned char *a, size_t la,
                       const void *y, int a_ok)
{
    size_t cap = hc_compress_bound(n, (hc_dtype)dtype), es = dtype == HC_F32 ? 4 : 8;
    for (int k = 0; k < NISA; k++) {
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        hc_options o = {1 + 2 * (int)(check_rand() & 1), (hc_isa)isas[k]};
        for (int op = 0; op < 4; op++) {
            const void *in = op ? y : x;
            double rg[2] = {7.0, -7.0}, lo, hi, mlo = 0, mhi = 0;
            size_t l1 = 0, l2 = 0;
            int s1, s2, sm;
            if (op && !a_ok) break;
            if (op == 0) {
                s1 = hc_compress(c, in, n, O[k], cap, &l1, &o);
                s2 = hc_compress_range(c, in, n, S2, cap, &l2, rg, &o);
            } else if (op == 1) {
                s1 = hc_add_raw(a, la, (hc_dtype)dtype, in, n, O[k], cap, &l1, &o);
                s2 = hc_add_raw_range(a, la, (hc_dtype)dtype, in, n, S2, cap, &l2, NULL, rg, &o);
            } else if (op == 3) { /* values = raw (in place): the range is raw's, read before it is written */
                s1 = hc_add_raw_values(a, la, (hc_dtype)dtype, in, n, O[k], cap, &l1, V, &o);
                memcpy(W, in, n * es);
                s2 = hc_add_raw_range(a, la, (hc_dtype)dtype, W, n, S2, cap, &l2, W, rg, &o);
                CHECK(s2 != HC_OK || !memcmp(W, V, n * es), "range op %d isa %d: values differ (n %llu)", op, isas[k],
                      (unsigned long long)n);
            } else {
                s1 = hc_add_raw_values(a, la, (hc_dtype)dtype, in, n, O[k], cap, &l1, V, &o);
                memset(W, 0x5a, n * es);
                s2 = hc_add_raw_range(a, la, (hc_dtype)dtype, in, n, S2, cap, &l2, W, rg, &o);
                CHECK(s2 != HC_OK || !memcmp(W, V, n * es), "range op %d isa %d: values differ (n %llu)", op, isas[k],
                      (unsigned long long)n);
            }
            CHECK(s2 == s1, "range op %d isa %d: status %d vs %d (n %llu)", op, isas[k], s2, s1, (unsigned long long)n);
            if (s1 != HC_OK || s2 != HC_OK) {
                CHECK(rg[0] == 7.0 && rg[1] == -7.0, "range op %d isa %d: written on error %d", op, isas[k], s2);
                continue;
            }
            CHECK(l2 == l1 && !memcmp(S2, O[k], l1), "range op %d isa %d: stream differs (n %llu)", op, isas[k],
                  (unsigned long long)n);
            oracle_range(dtype, in, n, &lo, &hi);
            CHECK(rg[0] == lo && rg[1] == hi, "range op %d isa %d: [%.9g, %.9g] vs oracle [%.9g, %.9g] (n %llu)", op,
                  isas[k], rg[0], rg[1], lo, hi, (unsigned long long)n);
            sm = hc__minmax(in, n, dtype, &mlo, &mhi, 1);
            CHECK(sm == HC_OK && rg[0] == mlo && rg[1] == mhi, "range op %d isa %d: vs hc__minmax %d [%.9g, %.9g]", op,
                  isas[k], sm, mlo, mhi);
        }
    }
}

static void compare_isas(int dtype, int mode, double eb, uint64_t n, const void *x, const void *y)
{
    size_t cap = hc_compress_bound(n, (hc_dtype)dtype), la = 0, lb = 0, sz[NISA] = {0};
    int st[NISA], es = dtype == HC_F32 ? 4 : 8;
    hc_config c = hc_config_init((hc_dtype)dtype, HC_ABS, eb);
    c.mode = (hc_mode)mode;
    c.checksum = (int)(check_rand() & 1);
    /* reference operands from the scalar path */
    hc_options o0 = {1, HC_ISA_SCALAR};
    int sa = hc_compress(&c, x, n, A, cap, &la, &o0), sb = hc_compress(&c, y, n, B, cap, &lb, &o0);
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        if (!hc_isa_available((hc_isa)isas[k])) { st[k] = 1; continue; }
        st[k] = hc_compress(&c, x, n, O[k], cap, &sz[k], &o);
    }
    SAME_ALL("compress", st, sz, O, sz[0]);
    range_isas(dtype, &c, n, x, A, la, y, sa == HC_OK);
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        st[k] = hc_qp_eb(eb, (hc_dtype)dtype, x, n, dq[k], &o);
    }
    SAME_ALL("qp", st, sz, dq, hc_qp_count(n) * 4);
    if (sa != HC_OK || sb != HC_OK) return;
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        memset(of[k], 0x5a, (size_t)n * (size_t)es);
        st[k] = hc_decompress(A, la, (hc_dtype)dtype, dtype == HC_F32 ? (void *)of[k] : (void *)od[k], n, &o);
        sz[k] = 0;
    }
    if (dtype == HC_F32) { SAME_ALL("decompress", st, sz, of, (size_t)n * 4); }
    else { SAME_ALL("decompress", st, sz, od, (size_t)n * 8); }
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        st[k] = hc_add(A, la, B, lb, O[k], cap, &sz[k], &o);
    }
    SAME_ALL("add", st, sz, O, sz[0]);
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        st[k] = hc_add_raw(A, la, (hc_dtype)dtype, y, n, O[k], cap, &sz[k], &o);
    }
    SAME_ALL("add_raw", st, sz, O, sz[0]);
    values_isas(dtype, n, A, la, y, "add_raw");
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        st[k] = hc_add_qp(A, la, dq[0], n, O[k], cap, &sz[k], &o);
    }
    SAME_ALL("add_qp", st, sz, O, sz[0]);
    /* sums as operands: values up to 2^31 - 1, where only the range checks catch an overflow */
    {
        hc_options o = {1, HC_ISA_SCALAR};
        size_t l2 = 0;
        if (hc_add(A, la, A, la, R, cap, &l2, &o) == HC_OK) {
            for (int k = 0; k < NISA; k++) {
                hc_options ok = {1, (hc_isa)isas[k]};
                if (!hc_isa_available((hc_isa)isas[k])) continue;
                st[k] = hc_add_raw(R, l2, (hc_dtype)dtype, x, n, O[k], cap, &sz[k], &ok);
            }
            SAME_ALL("add_raw of a sum", st, sz, O, sz[0]);
            values_isas(dtype, n, R, l2, x, "add_raw of a sum");
            for (int k = 0; k < NISA; k++) {
                hc_options ok = {1, (hc_isa)isas[k]};
                if (!hc_isa_available((hc_isa)isas[k])) continue;
                st[k] = hc_add(R, l2, A, la, O[k], cap, &sz[k], &ok);
            }
            SAME_ALL("add of a sum", st, sz, O, sz[0]);
            for (int k = 0; k < NISA; k++) {
                hc_options ok = {1, (hc_isa)isas[k]};
                if (!hc_isa_available((hc_isa)isas[k])) continue;
                st[k] = hc_add(B, lb, R, l2, O[k], cap, &sz[k], &ok);
            }
            SAME_ALL("add to a sum", st, sz, O, sz[0]);
        }
    }
    /* a damaged copy (one byte past the header, no checksum): same status and bytes everywhere */
    if (la > HC_HEADER_BYTES) {
        memcpy(R, A, la);
        R[HC_HEADER_BYTES + check_rand_below(la - HC_HEADER_BYTES)] ^= (unsigned char)(1u << check_rand_below(8));
        for (int k = 0; k < NISA; k++) {
            hc_options o = {1, (hc_isa)isas[k]};
            if (!hc_isa_available((hc_isa)isas[k])) continue;
            st[k] = hc_add_raw(R, la, (hc_dtype)dtype, y, n, O[k], cap, &sz[k], &o);
            int v = hc_validate(R, la, NULL, &o), v0 = hc_validate(R, la, NULL, &o0);
            CHECK(v == v0, "validate isa %d: %d vs %d", isas[k], v, v0);
        }
        SAME_ALL("add_raw damaged", st, sz, O, sz[0]);
        for (int k = 0; k < NISA; k++) {
            hc_options o = {1, (hc_isa)isas[k]};
            if (!hc_isa_available((hc_isa)isas[k])) continue;
            st[k] = hc_decompress(R, la, (hc_dtype)dtype, dtype == HC_F32 ? (void *)of[k] : (void *)od[k], n, &o);
            sz[k] = 0;
        }
        if (st[0] == HC_OK) {
            if (dtype == HC_F32) { SAME_ALL("decompress damaged", st, sz, of, (size_t)n * 4); }
            else { SAME_ALL("decompress damaged", st, sz, od, (size_t)n * 8); }
        } else {
            SAME_ALL("decompress damaged", st, sz, of, 0);
        }
    }
}

/* the fused adds against decode-add-encode in exact integers (float64 values q x 2^-10) */
static void oracle_add(int mode, uint64_t n, int ka, int kb, int64_t lim)
{
    const double step = ldexp(1.0, -10), eb = ldexp(1.0, -11);
    size_t cap = hc_compress_bound(n, HC_F64), la = 0, lb = 0, lo = 0, lw = 0;
    hc_config c = hc_config_init(HC_F64, HC_ABS, eb);
    int overflow = 0;
    c.mode = (hc_mode)mode;
    c.checksum = 0;
    shape_q(ka, qa, n, lim);
    shape_q(kb, qb, n, lim);
    for (uint64_t i = 0; i < n; i++) { xd[i] = (double)qa[i] * step; yd[i] = (double)qb[i] * step; }
    CHECK(hc_compress(&c, xd, n, A, cap, &la, NULL) == HC_OK, "oracle compress a");
    CHECK(hc_compress(&c, yd, n, B, cap, &lb, NULL) == HC_OK, "oracle compress b");
    /* the exact sum; overflow when a summed delta or value leaves [-(2^31 - 1), 2^31 - 1] */
    for (uint64_t i = 0; i < n; i++) {
        int64_t s = qa[i] + qb[i], sp = i % 32 ? qa[i - 1] + qb[i - 1] : 0;
        if (s > 2147483647LL || s < -2147483647LL || s - sp > 2147483647LL || s - sp < -2147483647LL) overflow = 1;
        od[0][i] = (double)s * step;
    }
    if (!overflow) {
        /* oracle: the sum quantizes to itself; values past 2^30 are out of hc_compress's range,
         * so those cases compare with the encoder through a reference add of the scalar path */
        int big = 0;
        for (uint64_t i = 0; i < n; i++) big |= fabs(od[0][i] / step) >= 1073741823.5;
        if (!big) CHECK(hc_compress(&c, od[0], n, R, cap, &lw, NULL) == HC_OK, "oracle compress sum");
        for (int k = 0; k < NISA; k++) {
            hc_options o = {1, (hc_isa)isas[k]};
            if (!hc_isa_available((hc_isa)isas[k])) continue;
            int st = hc_add(A, la, B, lb, O[k], cap, &lo, &o);
            CHECK(st == HC_OK, "add isa %d kinds %d+%d n %llu: %d", isas[k], ka, kb, (unsigned long long)n, st);
            if (big && k == 0) { memcpy(R, O[0], lo); lw = lo; }
            CHECK(st != HC_OK || (lo == lw && !memcmp(O[k], R, lo)),
                  "add isa %d kinds %d+%d mode %d n %llu differs from decode-add-encode", isas[k], ka, kb, mode,
                  (unsigned long long)n);
            if (!big && lim < (1 << 29)) { /* raw second operand: |q| < 2^30 */
                st = hc_add_raw(A, la, HC_F64, yd, n, O[k], cap, &lo, &o);
                CHECK(st == HC_OK && lo == lw && !memcmp(O[k], R, lo), "add_raw isa %d kinds %d+%d differs", isas[k], ka,
                      kb);
            }
            st = hc_decompress(O[k], lo, HC_F64, od[1], n, &o);
            CHECK(st == HC_OK && !memcmp(od[1], od[0], n * 8), "decoded sum isa %d kinds %d+%d", isas[k], ka, kb);
        }
    } else {
        for (int k = 0; k < NISA; k++) {
            hc_options o = {1, (hc_isa)isas[k]};
            if (!hc_isa_available((hc_isa)isas[k])) continue;
            int st = hc_add(A, la, B, lb, O[k], cap, &lo, &o);
            CHECK(st == HC_ERR_SUM_OVERFLOW, "add isa %d kinds %d+%d: %d, want SUM_OVERFLOW", isas[k], ka, kb, st);
        }
    }
}

/* a sum whose VALUE leaves 31 bits in lane L only, its deltas all in range: R = A + A has
 * 2^31 - 20 at L - 1 and 2^31 - 2 at L (sign sg), B has bq at L; R + B must give every path the
 * scalar path's status (SUM_OVERFLOW once |2^31 - 2 + bq| > 2^31 - 1) and, when OK, its bytes */
static void value_lane(int mode, uint64_t n, uint64_t lane, int64_t sg, int64_t bq)
{
    const double step = ldexp(1.0, -10);
    size_t cap = hc_compress_bound(n, HC_F64), la = 0, lb = 0, lr = 0, lo[NISA] = {0};
    hc_config c = hc_config_init(HC_F64, HC_ABS, ldexp(1.0, -11));
    int st[NISA];
    c.mode = (hc_mode)mode;
    c.checksum = 0;
    for (uint64_t i = 0; i < n; i++) {
        xd[i] = i == lane ? (double)(((1 << 30) - 1) * sg) * step : i + 1 == lane ? (double)(((1 << 30) - 10) * sg) * step : 0;
        yd[i] = i == lane ? (double)(bq * sg) * step : 0;
    }
    CHECK(hc_compress(&c, xd, n, A, cap, &la, NULL) == HC_OK && hc_compress(&c, yd, n, B, cap, &lb, NULL) == HC_OK,
          "value_lane compress");
    CHECK(hc_add(A, la, A, la, R, cap, &lr, NULL) == HC_OK, "value_lane R = A + A");
    for (int k = 0; k < NISA; k++) {
        hc_options o = {1, (hc_isa)isas[k]};
        st[k] = hc_isa_available((hc_isa)isas[k]) ? hc_add(R, lr, B, lb, O[k], cap, &lo[k], &o) : st[0];
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        CHECK(st[k] == (bq > 1 ? HC_ERR_SUM_OVERFLOW : HC_OK), "value_lane isa %d n %llu lane %llu sign %d bq %d: %d",
              isas[k], (unsigned long long)n, (unsigned long long)lane, (int)sg, (int)bq, st[k]);
        CHECK(st[k] != HC_OK || (lo[k] == lo[0] && !memcmp(O[k], O[0], lo[0])), "value_lane isa %d bytes", isas[k]);
    }
}

/* 4. The pass over the rate bytes that opens every stream (hc__rates_scan: is every byte legal
 * for the mode, how many payload bytes do they announce) against the format's own words, on
 * every path: random bytes (legal ones mostly, so that totals are compared too), one illegal
 * byte at every position of a 16-byte group and of the byte loop's tail, and every byte value
 * 0-255 at each of the 16 places of a group. */
static int oracle_rates(const unsigned char *r, uint64_t cnt, int mode, uint64_t *total)
{
    int bad = 0;
    for (uint64_t i = 0; i < cnt; i++) {
        unsigned rb = r[i];
        if (rb & 0x80u) { /* outlier: (obytes - 1) in bits 5-6, rate in bits 0-4 */
            if (mode != HC_OUTLIER) bad = 1;
            *total += ((rb >> 5) & 3u) + 1u + 4u + 4u * (rb & 31u);
        } else if (rb > 31u) {
            bad = 1;
        } else if (rb) {
            *total += 4u + 4u * rb; /* sign word + rb planes */
        }
    }
    return bad ? HC_ERR_CORRUPT : 0;
}
static void rates_one(const unsigned char *r, uint64_t cnt, int mode, const char *what)
{
    uint64_t want = 7, got;
    int st0 = oracle_rates(r, cnt, mode, &want);
    for (int k = 0; k < NISA; k++) {
        if (!hc_isa_available((hc_isa)isas[k])) continue;
        got = 7;
        int st = hc__rates_scan(r, cnt, mode, isas[k], &got);
        CHECK(st == st0, "rates %s: isa %d status %d vs %d (cnt %llu mode %d)", what, isas[k], st, st0,
              (unsigned long long)cnt, mode);
        if (st0 == 0 && st == 0)
            CHECK(got == want, "rates %s: isa %d total %llu vs %llu (cnt %llu mode %d)", what, isas[k],
                  (unsigned long long)got, (unsigned long long)want, (unsigned long long)cnt, mode);
    }
}
static void rates_pass(void)
{
    unsigned char r[1100];
    for (int mode = 0; mode < 2; mode++) {
        for (int rep = 0; rep < 400; rep++) {
            uint64_t cnt = rep < 100 ? (uint64_t)rep : check_rand_below(1100);
            for (uint64_t i = 0; i < cnt; i++) {
                unsigned v = (unsigned)check_rand_below(32);
                if (mode == HC_OUTLIER && check_rand_below(2)) v |= 0x80u | ((unsigned)check_rand_below(4) << 5);
                if (check_rand_below(200) == 0) v = (unsigned)check_rand_below(256); /* legal or not */
                r[i] = (unsigned char)v;
            }
            rates_one(r, cnt, mode, "random");
        }
        for (uint64_t cnt = 16; cnt <= 40; cnt += 12)
            for (uint64_t at = 0; at < cnt; at++)
                for (int kind = 0; kind < 3; kind++) {
                    for (uint64_t i = 0; i < cnt; i++) r[i] = (unsigned char)(mode == HC_OUTLIER ? 0xE5u : 31u);
                    r[at] = (unsigned char)(kind == 0 ? 32u : kind == 1 ? 0x7Fu : 0x80u); /* 0x80: illegal in plain only */
                    rates_one(r, cnt, mode, "one byte");
                }
        for (unsigned v = 0; v < 256; v++)
            for (uint64_t at = 0; at < 16; at++) {
                for (uint64_t i = 0; i < 35; i++) r[i] = (unsigned char)(i % 32);
                r[at] = (unsigned char)v;
                rates_one(r, 35, mode, "every value");
            }
    }
}

int main(int argc, char **argv)
{
    static const uint64_t ns[] = {1, 31, 32, 33, 1000, 32768, 32769, MAXN};
    check_init(argc, argv);
    /* the float32 fast paths are on wherever float carries no excess precision: FLT_EVAL_METHOD 0
     * or 16 (GNU C with AVX512-FP16 on, e.g. gcc -march=native on Sapphire Rapids: they were off) */
    CHECK(HC__FLT_EVAL_OK(0) && HC__FLT_EVAL_OK(16) && !HC__FLT_EVAL_OK(1) && !HC__FLT_EVAL_OK(2) && !HC__FLT_EVAL_OK(-1),
          "HC__FLT_EVAL_OK");
#if defined(FLT_EVAL_METHOD) && (FLT_EVAL_METHOD == 0 || FLT_EVAL_METHOD == 16)
    CHECK(HC__FLT_FAST == 1, "FLT_EVAL_METHOD %d: float32 fast paths off", (int)FLT_EVAL_METHOD);
#endif
    printf("isa: scalar 1, sse2 %d, avx2 %d, avx512 %d, avx512+gfni %d (best %d)\n", hc_isa_available(HC_ISA_SSE2),
           hc_isa_available(HC_ISA_AVX2), hc_isa_available(HC_ISA_AVX512), hc_isa_available(HC_ISA_AVX512_GFNI),
           hc_isa_available(HC_ISA_AUTO));
    {
        hc_options bad = {1, (hc_isa)9}, bad6 = {1, (hc_isa)6};
        float v = 1;
        int32_t d[32];
        CHECK(hc_qp_eb(0.1, HC_F32, &v, 1, d, &bad) == HC_ERR_ARG, "unknown isa");
        CHECK(hc_qp_eb(0.1, HC_F32, &v, 1, d, &bad6) == HC_ERR_ARG, "unknown isa one past the last");
        for (int k = 1; k < NISA; k++)
            if (!hc_isa_available((hc_isa)isas[k])) {
                hc_options o = {1, (hc_isa)isas[k]};
                CHECK(hc_qp_eb(0.1, HC_F32, &v, 1, d, &o) == HC_ERR_ARG, "isa the CPU lacks");
            }
    }
    size_t cap = hc_compress_bound(MAXN, HC_F64);
    A = malloc(cap); B = malloc(cap); R = malloc(cap); S2 = malloc(cap);
    V = malloc(MAXN * 8); W = malloc(MAXN * 8); Dz = malloc(MAXN * 8);
    xf = malloc(MAXN * 4); yf = malloc(MAXN * 4); xd = malloc(MAXN * 8); yd = malloc(MAXN * 8);
    qa = malloc(MAXN * 8); qb = malloc(MAXN * 8);
    for (int k = 0; k < NISA; k++) {
        O[k] = malloc(cap); of[k] = malloc(MAXN * 8); od[k] = malloc(MAXN * 8); dq[k] = malloc((MAXN + 32) * 4);
    }
    /* hc_add_raw_values' arguments: values NULL, or overlapping c, out, or raw other than exactly */
    {
        float x[64], y[80];
        size_t l = 0, l2 = 0, cb = hc_compress_bound(64, HC_F32);
        hc_config c = hc_config_init(HC_F32, HC_ABS, 1e-3);
        for (int i = 0; i < 64; i++) x[i] = y[i] = (float)i * 0.25f;
        CHECK(hc_compress(&c, x, 64, A, cap, &l, NULL) == HC_OK, "values args: compress");
        CHECK(hc_add_raw_values(A, l, HC_F32, y, 64, O[0], cb, &l2, NULL, NULL) == HC_ERR_NULL, "values NULL");
        CHECK(hc_add_raw_values(A, l, HC_F32, y, 64, O[0], cb, &l2, O[0] + 8, NULL) == HC_ERR_ARG, "values in out");
        CHECK(hc_add_raw_values(A, l, HC_F32, y, 64, O[0], cb, &l2, A + 4, NULL) == HC_ERR_ARG, "values in c");
        CHECK(hc_add_raw_values(A, l, HC_F32, y, 64, O[0], cb, &l2, y + 1, NULL) == HC_ERR_ARG, "values 1 past raw");
        CHECK(hc_add_raw_values(A, l, HC_F32, y + 1, 64, O[0], cb, &l2, y, NULL) == HC_ERR_ARG, "values 1 before raw");
        CHECK(hc_add_raw_values(A, l, HC_F32, y, 64, O[0], cb, &l2, y, NULL) == HC_OK, "values = raw");
        CHECK(hc_add_raw_values(A, l, HC_F32, y, 0, O[0], cb, &l2, NULL, NULL) == HC_ERR_MISMATCH, "values n 0: as add_raw");
        /* the range calls: range NULL; n 0 gives the empty range */
        double rg[2] = {1, 2};
        CHECK(hc_compress_range(&c, x, 64, O[0], cb, &l2, NULL, NULL) == HC_ERR_NULL, "compress_range NULL");
        CHECK(hc_add_raw_range(A, l, HC_F32, y, 64, O[0], cb, &l2, NULL, NULL, NULL) == HC_ERR_NULL, "add_raw_range NULL");
        CHECK(hc_add_raw_range(A, l, HC_F32, y, 64, O[0], cb, &l2, O[0] + 8, rg, NULL) == HC_ERR_ARG && rg[0] == 1,
              "add_raw_range values in out");
        int sr = hc_add_raw_range(A, l, HC_F32, x, 64, O[0], cb, &l2, NULL, rg, NULL);
        CHECK(sr == HC_OK && rg[0] == 0 && rg[1] == 15.75, "add_raw_range %d [%g, %g]", sr, rg[0], rg[1]);
        CHECK(hc_compress_range(&c, x, 0, O[0], cb, &l2, rg, NULL) == HC_OK && rg[0] == HUGE_VAL && rg[1] == -HUGE_VAL,
              "compress_range n 0: [%g, %g]", rg[0], rg[1]);
    }
    /* 1. paths against the scalar path */
    for (unsigned ni = 0; ni < sizeof ns / sizeof ns[0]; ni++) {
        uint64_t n = ns[ni];
        for (int kind = 0; kind < 11; kind++) {
            /* float32: walk, noise, spikes, values at the limit, NaN/Inf; step 2^-9 (fast paths)
             * or 2^-140 (double paths) or a large step */
            double eb = kind == 7 ? 1e-42 : kind == 8 ? 1e30 : 1e-3;
            int64_t w = 0;
            for (uint64_t i = 0; i < n; i++) {
                uint64_t r = check_rand();
                float v;
                switch (kind) {
                case 0: w += (int64_t)(r % 201) - 100; v = (float)w * 0.01f; break;
                case 1: v = (float)((int32_t)r) * 4.656612873e-10f * 1000.0f; break;
                case 2: v = (r >> 40) % 53 == 0 ? 1e5f : (float)(r % 100) * 1e-3f; break;
                case 3: v = (float)(((r >> 8) % 3) - 1) * 1073741.0f * (1.0f + (float)(r % 3) * 1e-7f); break; /* |x/step| near 2^29 */
                case 4: v = i == n / 2 ? ((r & 1) ? NAN : INFINITY) : (float)(r % 1000); break;
                case 5: v = 0.0f; break;
                case 6: v = (i / 32) % 2 ? (float)(r % 7) : 0.0f; break;
                case 7: v = (float)(r % 1000) * 1e-40f; break;
                case 8: v = (float)(r % 1000) * 1e33f; break;
                case 10: /* at the quantizer's limit (eb 1e-3: step 2^-9): x / step = +-(2^30 - 64), the
                          * largest float below 2^30 (in range), and in odd n one value at 2^30 (out),
                          * +2^30 at n = 1 and 32769 (lane 0 of a full block), -2^30 at n = 31 (lane 15 of
                          * a partial block) and n = 33 (lane 16 of a full block: the 32-value load path) */
                    if (n % 2 && i == n / 2) v = (float)ldexp(n % 4 == 1 && n != 33 ? 1073741824.0 : -1073741824.0, -9);
                    else v = (float)ldexp(1073741760.0, -9) * ((r & 1) ? 1.0f : -1.0f);
                    break;
                default: v = (float)ldexp((double)(r % 2047) - 1023, (int)(r >> 60)); break;
                }
                xf[i] = v;
                yf[i] = kind == 3 ? -v : (float)((int64_t)(r >> 32) % 999) * 1e-2f;
            }
            for (int mode = 0; mode < 2; mode++) compare_isas(HC_F32, mode, eb, n, xf, yf);
            for (uint64_t i = 0; i < n; i++) { xd[i] = (double)xf[i] * 1.0000001; yd[i] = (double)yf[i]; }
            if (kind != 7 && kind != 8) compare_isas(HC_F64, (int)(check_rand() & 1), eb, n, xd, yd);
        }
        /* integer shapes: rate 31, sums that overflow */
        for (int ka = 0; ka < 9; ka++) {
            shape_q(ka, qa, n, (1 << 30) - 1);
            for (uint64_t i = 0; i < n; i++) { xd[i] = (double)qa[i] * ldexp(1.0, -10); yd[i] = (double)(i % 5) * ldexp(1.0, -10); }
            compare_isas(HC_F64, (ka & 1) | (ka == 8), ldexp(1.0, -11), n, xd, yd);
            compare_isas(HC_F64, (ka & 1) | (ka == 8), ldexp(1.0, -11), n, xd, xd);
        }
    }
    /* 2. fused adds against decode-add-encode */
    for (unsigned ni = 0; ni < sizeof ns / sizeof ns[0]; ni++)
        for (int ka = 0; ka < 7; ka++)
            for (int kb = 0; kb < 7; kb++)
                for (int mode = 0; mode < 2; mode++) {
                    oracle_add(mode, ns[ni], ka, kb, (1 << 20) - 1);
                    if (ni % 3 == 0) oracle_add(mode, ns[ni], ka, kb, (1 << 30) - 1); /* widest rates, overflow */
                }
    /* outlier bytes at every boundary (shape 8) against every shape, and with itself */
    for (unsigned ni = 0; ni < sizeof ns / sizeof ns[0]; ni++)
        for (int kb = 0; kb < 9; kb++) oracle_add(1, ns[ni], 8, kb, (1 << 30) - 1);
    /* 3. an overflow in one lane only (the first or second half of a 32-lane block, its last
     * lane, the last lane of a partial block), each sign, of a delta or of a value, and the same
     * lanes without overflow: every path must give the scalar path's verdict and bytes */
    {
        static const struct { uint64_t n, lane; } one[] = {{32, 1}, {32, 15}, {32, 16}, {32, 17}, {32, 31},
                                                           {33, 31}, {63, 62}, {71, 70}, {71, 33}, {71, 48}};
        for (unsigned j = 0; j < sizeof one / sizeof one[0]; j++)
            for (int sg = 0; sg < 2; sg++) {
                t_lane = one[j].lane;
                t_sign = sg ? -1 : 1;
                oracle_add(sg, one[j].n, 9, 9, (1 << 30) - 1); /* summed delta 2^31 - 2 twice over: overflow */
                oracle_add(sg, one[j].n, 9, 0, (1 << 30) - 1); /* no overflow */
                oracle_add(sg, one[j].n, 10, 10, (1 << 30) - 1); /* a delta of -2^31 / 2^31, values in range */
                oracle_add(sg, one[j].n, 10, 0, (1 << 30) - 1);
                value_lane(sg, one[j].n, one[j].lane, sg ? -1 : 1, 10); /* a value overflows */
                value_lane(sg, one[j].n, one[j].lane, sg ? -1 : 1, 1);  /* 2^31 - 1: in range */
            }
        t_sign = 1;
    }
    rates_pass();
    for (int k = 0; k < NISA; k++) { free(O[k]); free(of[k]); free(od[k]); free(dq[k]); }
    free(A); free(B); free(R); free(S2); free(V); free(W); free(Dz); free(xf); free(yf); free(xd); free(yd); free(qa); free(qb);
    return check_done();
}
