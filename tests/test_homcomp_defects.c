/* homcomp.cuh: the defects of issue 14 (1-3), each a test that failed on v0.1.0.
 * Build with -DHC_TEST_V010 against a copy of the v0.1.0 header to see them fail (the shim below
 * maps the calls to the old signatures); under ASan the first one is a heap overflow there. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef HC_TEST_V010
static hc_config hc_config_init(hc_dtype dt, hc_bound b, double eb)
{
    hc_config c = hc_config_default();
    c.dtype = dt; c.bound = b; c.eb = eb;
    return c;
}
#define SET_CHECKSUM(c, v) ((void)(c), (void)(v))
#define hc_compress(c, i, n, o, cap, sz, opt) hc_compress(c, i, n, o, cap, sz)
#define hc_decompress(s, l, dt, o, n, opt) hc_decompress(s, l, dt, o, n)
#define hc_validate(s, l, i, opt) hc_validate(s, l, i)
#define hc_add(a, al, b, bl, o, cap, sz, opt) hc_add(a, al, b, bl, o, cap, sz)
#define hc_add_raw(c, cl, dt, r, n, o, cap, sz, opt) hc_add_raw(c, cl, r, n, o, cap, sz)
#define hc_add_qp(c, cl, q, n, o, cap, sz, opt) hc_add_qp(c, cl, q, n, o, cap, sz)
#define hc_qp(r, rl, dt, raw, n, q, opt) hc_qp(r, rl, raw, n, q)
#else
#define SET_CHECKSUM(c, v) ((c).checksum = (v))
#endif

static float *field(uint64_t n, int kind)
{
    float *x = (float *)malloc(n * 4);
    double w = 0;
    for (uint64_t i = 0; i < n; i++) {
        w += check_rand_unit() - 0.5;
        x[i] = kind ? (float)(sin(i * 0.01) * 10) : (float)w;
    }
    return x;
}

static size_t compress(const float *x, uint64_t n, hc_mode mode, double eb, int checksum, unsigned char **s)
{
    hc_config c = hc_config_init(HC_F32, HC_ABS, eb);
    size_t cap = hc_compress_bound(n, HC_F32), sz = 0;
    c.mode = mode;
    SET_CHECKSUM(c, checksum);
    *s = (unsigned char *)malloc(cap);
    CHECK(hc_compress(&c, x, n, *s, cap, &sz, NULL) == HC_OK, "compress");
    return sz;
}

/* 14.1: the raw operand's type comes from the caller, never from the stream's dtype byte */
static void test_dtype_from_caller(void)
{
    const uint64_t n = 1000;
    float *x = field(n, 0);
    float *raw = field(n, 1); /* exactly 4n bytes: ASan sees an 8n-byte read */
    unsigned char *s;
    size_t sz = compress(x, n, HC_PLAIN, 1e-2, 0, &s), cap = hc_compress_bound(n, HC_F64), osz;
    unsigned char *o = (unsigned char *)malloc(cap);
    int32_t *q = (int32_t *)malloc(hc_qp_count(n) * 4);
    s[5] = HC_F64; /* one flipped byte: still a well-formed header (same step for both types) */
    CHECK(hc_add_raw(s, sz, HC_F32, raw, n, o, cap, &osz, NULL) != HC_OK, "add_raw took the header's dtype");
    CHECK(hc_qp(s, sz, HC_F32, raw, n, q, NULL) != HC_OK, "qp took the header's dtype");
    s[5] = HC_F32;
    CHECK(hc_add_raw(s, sz, HC_F32, raw, n, o, cap, &osz, NULL) == HC_OK, "add_raw, matching dtype");
    free(x); free(raw); free(s); free(o); free(q);
}

/* 14.2: acc += recv in place gives the out-of-place sum, for every add; a failed one gives acc back */
static void test_in_place(void)
{
    const uint64_t n = 5000;
    float *x = field(n, 0), *y = field(n, 1);
    unsigned char *a, *b;
    size_t na = compress(x, n, HC_OUTLIER, 1e-3, 1, &a), nb = compress(y, n, HC_OUTLIER, 1e-3, 1, &b);
    size_t cap = hc_compress_bound(n, HC_F32), ns = 0, nacc = 0;
    unsigned char *sum = (unsigned char *)malloc(cap), *acc = (unsigned char *)malloc(cap);
    int32_t *q = (int32_t *)malloc(hc_qp_count(n) * 4);
    CHECK(hc_add(a, na, b, nb, sum, cap, &ns, NULL) == HC_OK, "add");
    memcpy(acc, a, na);
    CHECK(hc_add(acc, na, b, nb, acc, cap, &nacc, NULL) == HC_OK && nacc == ns && memcmp(acc, sum, ns) == 0,
          "hc_add(acc, b, out = acc) differs from the out-of-place sum");
    memcpy(acc, b, nb);
    CHECK(hc_add(a, na, acc, nb, acc, cap, &nacc, NULL) == HC_OK && nacc == ns && memcmp(acc, sum, ns) == 0,
          "hc_add(a, acc, out = acc) differs");
    CHECK(hc_add_raw(a, na, HC_F32, y, n, sum, cap, &ns, NULL) == HC_OK, "add_raw");
    memcpy(acc, a, na);
    CHECK(hc_add_raw(acc, na, HC_F32, y, n, acc, cap, &nacc, NULL) == HC_OK && nacc == ns && memcmp(acc, sum, ns) == 0,
          "hc_add_raw in place differs");
    CHECK(hc_qp(a, na, HC_F32, y, n, q, NULL) == HC_OK, "qp");
    memcpy(acc, a, na);
    CHECK(hc_add_qp(acc, na, q, n, acc, cap, &nacc, NULL) == HC_OK && nacc == ns && memcmp(acc, sum, ns) == 0,
          "hc_add_qp in place differs");
    /* a failing in-place add (corrupt operand) leaves the accumulator as it was */
    memcpy(acc, a, na);
    b[nb - 1] ^= 0x40;
    CHECK(hc_add(acc, na, b, nb, acc, cap, &nacc, NULL) != HC_OK, "corrupt operand accepted");
    CHECK(memcmp(acc, a, na) == 0, "failed in-place add destroyed the accumulator");
    free(x); free(y); free(a); free(b); free(sum); free(acc); free(q);
}

/* a 32-element float32 stream of one hand-made block (rate byte rb, payload p of len bytes) */
static size_t craft(unsigned char *s, double eb, hc_mode mode, unsigned rb, const unsigned char *p, size_t len)
{
    float z[32] = {0};
    unsigned char *t;
    size_t sz = compress(z, 32, mode, eb, 0, &t); /* header + one zero rate byte */
    CHECK(sz == HC_HEADER_BYTES + 1, "zero block");
    memcpy(s, t, HC_HEADER_BYTES);
    s[HC_HEADER_BYTES] = (unsigned char)rb;
    memcpy(s + HC_HEADER_BYTES + 1, p, len);
    for (int i = 0; i < 8; i++) s[32 + i] = (unsigned char)((uint64_t)len >> (8 * i)); /* payload bytes */
    free(t);
    return HC_HEADER_BYTES + 1 + len;
}

/* 14.3: hc_validate OK <=> decoding OK; |q| beyond the encoder's range refused; checksum */
static void test_one_validity(void)
{
    unsigned char s[HC_HEADER_BYTES + 1 + 128], p[128];
    float y[32];
    size_t len;
    hc_status v, d;
    /* outlier magnitude 2^32 - 1: does not fit 31 bits */
    memset(p, 0, sizeof p);
    p[0] = p[1] = p[2] = p[3] = 0xff;
    len = craft(s, 1e-3, HC_OUTLIER, 0x80u | (3u << 5), p, 8);
    v = hc_validate(s, len, NULL, NULL);
    d = hc_decompress(s, len, HC_F32, y, 32, NULL);
    CHECK(v == d, "outlier >= 2^31: validate says %s, decompress %s", hc_status_string(v), hc_status_string(d));
    CHECK(d != HC_OK, "outlier >= 2^31 decoded");
    /* rate 31, every plane full: |q| reaches 32 (2^31 - 1), far beyond what the encoder emits */
    memset(p, 0xff, sizeof p);
    memset(p, 0, 4); /* sign map: all positive */
    for (int k = 0; k < 2; k++) {
        double eb = k ? ldexp(1.0, 96) : 0.5; /* k = 1: the largest float32 step, the values overflow */
        len = craft(s, eb, HC_PLAIN, 31, p, 128);
        v = hc_validate(s, len, NULL, NULL);
        d = hc_decompress(s, len, HC_F32, y, 32, NULL);
        CHECK(v == d, "rate 31 (eb %g): validate %s, decompress %s", eb, hc_status_string(v), hc_status_string(d));
        CHECK(d != HC_OK, "rate 31 (eb %g): |q| > 2^31 decoded with HC_OK (y[31] = %g)", eb, (double)y[31]);
    }
}

static void test_validity_agrees(void)
{
    const uint64_t n = 700;
    float *x = field(n, 0), *y = (float *)malloc(n * 4);
    unsigned char *s;
    size_t sz = compress(x, n, HC_OUTLIER, 1e-4, 0, &s);
    long disagree = 0, tried = 0;
    test_one_validity();
    /* every single-byte change of the payload area (no checksum): both say the same */
    for (size_t i = HC_HEADER_BYTES; i < sz; i++)
        for (int bit = 0; bit < 8; bit += 3) {
            s[i] ^= (unsigned char)(1u << bit);
            hc_status v = hc_validate(s, sz, NULL, NULL), d = hc_decompress(s, sz, HC_F32, y, n, NULL);
            disagree += (v == HC_OK) != (d == HC_OK);
            tried++;
            s[i] ^= (unsigned char)(1u << bit);
        }
    CHECK(disagree == 0, "validate and decompress disagree on %ld of %ld corruptions", disagree, tried);
    free(x); free(y); free(s);
}

/* 14.3: with the checksum every single-byte corruption of a stream is refused */
static void test_checksum(void)
{
    const uint64_t n = 3000;
    float *x = field(n, 1), *y = (float *)malloc(n * 4);
    unsigned char *s;
    size_t sz = compress(x, n, HC_PLAIN, 1e-3, 1, &s);
    long accepted = 0, tried = 0;
    for (size_t i = 0; i < sz; i++) {
        unsigned char keep = s[i];
        for (int k = 0; k < 3; k++) {
            s[i] = (unsigned char)(keep ^ (k == 0 ? 0x01 : k == 1 ? 0x80 : 0xff));
            accepted += hc_decompress(s, sz, HC_F32, y, n, NULL) == HC_OK;
            tried++;
        }
        s[i] = keep;
    }
    CHECK(accepted == 0, "%ld of %ld single-byte corruptions decoded with HC_OK", accepted, tried);
    CHECK(hc_decompress(s, sz, HC_F32, y, n, NULL) == HC_OK, "restored stream");
    free(x); free(y); free(s);
}

/* Issue 21: REL on data whose range times rel underflows to 0 (values of magnitude 1e-298,
 * rel 1e-30) is HC_ERR_EB, not a compression with rel itself as the absolute bound (which
 * decoded every value to 0 with "OK"). Constant and all-zero fields keep their documented
 * fallbacks (rel x max|x|, rel); float32 the same where its range underflows. */
static void test_rel_underflow(void)
{
    enum { N = 1000 };
    double x[N], y[N];
    float xf[N];
    unsigned char *s = (unsigned char *)malloc(hc_compress_bound(N, HC_F64));
    size_t sz = 0;
    hc_config c = hc_config_init(HC_F64, HC_REL, 1e-30);
    hc_status st;
    for (int i = 0; i < N; i++) x[i] = 1e-298 * (1.0 + sin(i * 0.1));
    st = hc_compress(&c, x, N, s, hc_compress_bound(N, HC_F64), &sz, NULL);
    CHECK(st == HC_ERR_EB, "rel 1e-30 on 1e-298 data: %s", hc_status_string(st));
    /* a range that still gives a positive bound compresses within it */
    c.eb = 1e-3;
    st = hc_compress(&c, x, N, s, hc_compress_bound(N, HC_F64), &sz, NULL);
    CHECK(st == HC_OK && hc_decompress(s, sz, HC_F64, y, N, NULL) == HC_OK, "rel 1e-3 on 1e-298 data");
    /* constant data: rel x |x| is the documented fallback; it underflows too, so rel itself
     * (any bound holds for data that decodes exactly as its one value's quantization) */
    for (int i = 0; i < N; i++) x[i] = 3e-298;
    c.eb = 1e-30;
    st = hc_compress(&c, x, N, s, hc_compress_bound(N, HC_F64), &sz, NULL);
    CHECK(st == HC_OK, "constant 3e-298, rel 1e-30: %s", hc_status_string(st));
    /* float32: a range of 1e-30 with rel 1e-300 */
    for (int i = 0; i < N; i++) xf[i] = (float)(1e-30 * (1.0 + (i % 7)));
    c = hc_config_init(HC_F32, HC_REL, 1e-300);
    st = hc_compress(&c, xf, N, s, hc_compress_bound(N, HC_F64), &sz, NULL);
    CHECK(st == HC_ERR_EB, "float32 rel 1e-300 on 1e-30 data: %s", hc_status_string(st));
    free(s);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    test_dtype_from_caller();
    test_in_place();
    test_validity_agrees();
    test_checksum();
    test_rel_underflow();
    return check_done();
}
