/* homcomp.cuh CPU codec: error bound on every element, format edge cases, homomorphic
 * identities, statuses. Usage: homcomp_test [--seed N] [DATA_DIR]  (real fields from DATA_DIR) */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <math.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static const char *data_dir = NULL;

static double elem(const void *p, hc_dtype dt, uint64_t i)
{
    if (dt == HC_F32) { float f; memcpy(&f, (const char *)p + 4 * i, 4); return f; }
    double d; memcpy(&d, (const char *)p + 8 * i, 8); return d;
}
static void set_elem(void *p, hc_dtype dt, uint64_t i, double v)
{
    if (dt == HC_F32) { float f = (float)v; memcpy((char *)p + 4 * i, &f, 4); }
    else memcpy((char *)p + 8 * i, &v, 8);
}

/* compress, validate, decompress; every element within the stream's eb. Returns stream size. */
static size_t roundtrip(const char *what, const void *x, uint64_t n, hc_dtype dt, hc_mode mode, hc_bound bound,
                        double eb, unsigned char **stream_out, hc_info *info_out)
{
    hc_config c = hc_config_init(dt, bound, eb);
    c.mode = mode;
    size_t cap = hc_compress_bound(n, dt), sz = 0, es = dt == HC_F32 ? 4 : 8;
    unsigned char *s = malloc(cap);
    unsigned char *y = malloc(n * es + 8);
    hc_info info;
    memset(&info, 0, sizeof info);
    hc_status st = hc_compress(&c, x, n, s, cap, &sz, NULL);
    CHECK(st == HC_OK, "%s: compress %s", what, hc_status_string(st));
    if (st != HC_OK) { free(s); free(y); return 0; }
    st = hc_validate(s, sz, &info, NULL);
    CHECK(st == HC_OK && info.stream_bytes == sz && info.n == n, "%s: validate %s", what, hc_status_string(st));
    if (bound == HC_ABS) CHECK(info.eb == eb, "%s: eb %g vs %g", what, info.eb, eb);
    y[n * es] = 0xAB;
    st = hc_decompress(s, sz, dt, y, n, NULL);
    CHECK(st == HC_OK, "%s: decompress %s", what, hc_status_string(st));
    CHECK(y[n * es] == 0xAB, "%s: decompress wrote past the end", what);
    uint64_t bad = 0;
    double worst = 0;
    for (uint64_t i = 0; i < n; i++) {
        double e = fabs(elem(x, dt, i) - elem(y, dt, i));
        if (!(e <= info.eb)) bad++;
        if (e > worst) worst = e;
    }
    CHECK(bad == 0, "%s: %llu elements beyond eb=%g (worst %g) n=%llu", what, (unsigned long long)bad, info.eb, worst,
          (unsigned long long)n);
    free(y);
    if (info_out) *info_out = info;
    if (stream_out) *stream_out = s; else free(s);
    return sz;
}

static void *gen(int kind, uint64_t n, hc_dtype dt)
{
    size_t es = dt == HC_F32 ? 4 : 8;
    void *x = malloc(n * es + 16);
    double w = 0;
    for (uint64_t i = 0; i < n; i++) {
        double v = 0;
        switch (kind) {
        case 0: v = (check_rand_unit() - 0.5) * 2000.0; break;                        /* random */
        case 1: w += check_rand_unit() - 0.5; v = w; break;                           /* random walk */
        case 2: v = sin(i * 0.001) * 50 + sin(i * 0.037) * 3 + cos(i * 0.3); break;   /* sines */
        case 3: v = 3.25; break;                                                      /* constant */
        case 4: v = 0; break;                                                         /* all zero */
        case 5: v = (check_rand_unit() - 0.5) * 1e-39; break;                         /* float denormals */
        case 6: v = (check_rand_unit() - 0.5) * 1e30; break;                          /* large magnitude */
        default: v = (double)(i % 7) - 3; break;
        }
        set_elem(x, dt, i, v);
    }
    return x;
}

static const char *kind_name[] = {"random", "walk", "sines", "constant", "zero", "denormal", "large"};

static void test_bound_matrix(void)
{
    uint64_t sizes[] = {0, 1, 31, 32, 33, 32767, 32769};
    for (int dti = 0; dti < 2; dti++)
        for (int kind = 0; kind < 7; kind++)
            for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
                for (int mode = 0; mode < 2; mode++)
                    for (int bound = 0; bound < 2; bound++) {
                        hc_dtype dt = (hc_dtype)dti;
                        uint64_t n = sizes[si];
                        void *x = gen(kind, n, dt);
                        double eb = bound == HC_REL ? 1e-3 : (kind == 6 ? 1e24 : kind == 5 ? 1e-42 : 1e-2);
                        char what[128];
                        snprintf(what, sizeof what, "%s %s n=%llu %s %s", kind_name[kind], dti ? "f64" : "f32",
                                 (unsigned long long)n, mode ? "outlier" : "plain", bound ? "REL" : "ABS");
                        roundtrip(what, x, n, dt, (hc_mode)mode, (hc_bound)bound, eb, NULL, NULL);
                        free(x);
                    }
}

static void test_tight_bounds(void)
{
    /* many bounds, including ones far from a power of two and near the data's ulp */
    uint64_t n = 5000;
    for (int dti = 0; dti < 2; dti++) {
        void *x = gen(1, n, (hc_dtype)dti);
        double ebs[] = {1e-7, 3e-7, 1.1e-6, 7.77e-5, 0.3, 0.999, 1.0, 12345.0};
        for (size_t k = 0; k < sizeof ebs / sizeof *ebs; k++) {
            char what[64];
            snprintf(what, sizeof what, "tight eb=%g %s", ebs[k], dti ? "f64" : "f32");
            roundtrip(what, x, n, (hc_dtype)dti, HC_OUTLIER, HC_ABS, ebs[k], NULL, NULL);
        }
        free(x);
    }
}

static void test_unaligned(void)
{
    uint64_t n = 1000;
    for (int dti = 0; dti < 2; dti++) {
        size_t es = dti ? 8 : 4;
        unsigned char *buf = malloc(n * es + 16);
        void *x = gen(2, n, (hc_dtype)dti);
        unsigned char *ref = NULL;
        size_t rsz = roundtrip("aligned", x, n, (hc_dtype)dti, HC_PLAIN, HC_ABS, 1e-3, &ref, NULL);
        for (int off = 1; off < 8; off++) {
            memcpy(buf + off, x, n * es);
            unsigned char *s = NULL;
            size_t sz = roundtrip("unaligned", buf + off, n, (hc_dtype)dti, HC_PLAIN, HC_ABS, 1e-3, &s, NULL);
            CHECK(sz == rsz && s && memcmp(s, ref, sz) == 0, "offset %d gives other bytes", off);
            free(s);
        }
        free(ref); free(buf); free(x);
    }
}

static void read_q(const unsigned char *s, size_t len, hc_dtype dt, const void *x, uint64_t n, int64_t *q)
{
    int32_t *d = malloc(hc_qp_count(n) * 4 + 4);
    hc_status st = hc_qp(s, len, dt, x, n, d, NULL);
    CHECK(st == HC_OK, "qp %s", hc_status_string(st));
    for (uint64_t b = 0; b * 32 < n; b++) {
        int64_t acc = 0;
        for (int i = 0; i < 32 && b * 32 + i < n; i++) { acc += d[b * 32 + i]; q[b * 32 + i] = acc; }
    }
    free(d);
}

static void test_homomorphic(void)
{
    uint64_t sizes[] = {1, 33, 4099, 70001};
    for (int dti = 0; dti < 2; dti++)
        for (int mode = 0; mode < 2; mode++)
            for (size_t si = 0; si < 4; si++) {
                hc_dtype dt = (hc_dtype)dti;
                uint64_t n = sizes[si];
                size_t es = dti ? 8 : 4, cap = hc_compress_bound(n, dt);
                void *xa = gen(1, n, dt), *xb = gen(2, n, dt);
                unsigned char *a = NULL, *b = NULL, *s = malloc(cap), *s2 = malloc(cap), *s3 = malloc(cap);
                hc_info ia;
                size_t na = roundtrip("add A", xa, n, dt, (hc_mode)mode, HC_REL, 1e-3, &a, &ia);
                /* B with A's absolute eb so they are combinable */
                size_t nb = roundtrip("add B", xb, n, dt, (hc_mode)mode, HC_ABS, ia.eb, &b, NULL);
                size_t ns = 0, ns2 = 0, ns3 = 0;
                hc_status st = hc_add(a, na, b, nb, s, cap, &ns, NULL);
                CHECK(st == HC_OK, "add %s", hc_status_string(st));
                int64_t *qa = malloc(n * 8), *qb = malloc(n * 8);
                read_q(a, na, dt, xa, n, qa);
                read_q(a, na, dt, xb, n, qb);
                void *y = malloc(n * es);
                st = hc_decompress(s, ns, dt, y, n, NULL);
                CHECK(st == HC_OK, "decompress sum %s", hc_status_string(st));
                double step = ldexp(1.0, ia.step_exp);
                uint64_t bad = 0, badb = 0;
                for (uint64_t i = 0; i < n; i++) {
                    double exact = (double)(qa[i] + qb[i]) * step;
                    double want = dt == HC_F32 ? (double)(float)exact : exact;
                    if (elem(y, dt, i) != want) bad++;
                    if (!(fabs(elem(y, dt, i) - (elem(xa, dt, i) + elem(xb, dt, i))) <= 2 * ia.eb * (1 + 1e-12) + fabs(exact) * 1e-7 * (dt == HC_F32))) badb++;
                }
                CHECK(bad == 0, "decode(add) != quantized sum at %llu elements (n=%llu)", (unsigned long long)bad, (unsigned long long)n);
                CHECK(badb == 0, "sum bound 2eb violated at %llu elements", (unsigned long long)badb);
                st = hc_add_raw(a, na, dt, xb, n, s2, cap, &ns2, NULL);
                CHECK(st == HC_OK && ns2 == ns && memcmp(s, s2, ns) == 0, "add_raw(C,raw) != add(C,compress(raw)): %s",
                      hc_status_string(st));
                int32_t *d = malloc(hc_qp_count(n) * 4);
                CHECK(hc_qp(a, na, dt, xb, n, d, NULL) == HC_OK, "qp");
                st = hc_add_qp(a, na, d, n, s3, cap, &ns3, NULL);
                CHECK(st == HC_OK && ns3 == ns && memcmp(s, s3, ns) == 0, "add_qp != add: %s", hc_status_string(st));
                free(d); free(y); free(qa); free(qb); free(xa); free(xb); free(a); free(b); free(s); free(s2); free(s3);
            }
}

static void test_statuses(void)
{
    uint64_t n = 100;
    float x[100];
    size_t cap = hc_compress_bound(n, HC_F32), sz, sz2;
    unsigned char *s = malloc(cap), *s2 = malloc(cap), *o = malloc(cap);
    hc_config c = hc_config_init(HC_F32, HC_ABS, 1e-3);
    c.checksum = 0; /* the damaged-stream checks below reach the structural checks */
    for (int i = 0; i < 100; i++) x[i] = (float)i;
    x[40] = NAN;
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_NAN, "NaN");
    c.bound = HC_REL;
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_NAN, "NaN REL");
    c.bound = HC_ABS;
    x[40] = INFINITY;
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_INF, "Inf");
    x[40] = 1e9f;
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_OVERFLOW, "overflow");
    x[40] = 40;
    c.eb = 0;
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_EB, "eb 0");
    c.eb = NAN;
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_EB, "eb NaN");
    c.eb = 1e-3;
    CHECK(hc_compress(&c, x, n, s, cap - 1, &sz, NULL) == HC_ERR_CAPACITY, "capacity");
    CHECK(hc_compress(NULL, x, n, s, cap, &sz, NULL) == HC_ERR_NULL, "NULL cfg");
    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_OK, "ok");
    /* mismatches */
    c.eb = 2e-3;
    CHECK(hc_compress(&c, x, n, s2, cap, &sz2, NULL) == HC_OK, "ok2");
    CHECK(hc_add(s, sz, s2, sz2, o, cap, NULL, NULL) == HC_ERR_MISMATCH, "eb mismatch");
    c.eb = 1e-3; c.mode = HC_OUTLIER;
    CHECK(hc_compress(&c, x, n, s2, cap, &sz2, NULL) == HC_OK, "ok3");
    CHECK(hc_add(s, sz, s2, sz2, o, cap, NULL, NULL) == HC_ERR_MISMATCH, "mode mismatch");
    c.mode = HC_PLAIN;
    CHECK(hc_compress(&c, x, n - 1, s2, cap, &sz2, NULL) == HC_OK, "ok4");
    CHECK(hc_add(s, sz, s2, sz2, o, cap, NULL, NULL) == HC_ERR_MISMATCH, "n mismatch");
    CHECK(hc_add_raw(s, sz, HC_F32, x, n - 1, o, cap, NULL, NULL) == HC_ERR_MISMATCH, "raw n mismatch");
    {
        double xd[100];
        for (int i = 0; i < 100; i++) xd[i] = i;
        c.dtype = HC_F64;
        CHECK(hc_compress(&c, xd, n, s2, cap, &sz2, NULL) == HC_OK, "ok5");
        CHECK(hc_add(s, sz, s2, sz2, o, cap, NULL, NULL) == HC_ERR_MISMATCH, "dtype mismatch");
        CHECK(hc_decompress(s2, sz2, HC_F32, x, n, NULL) == HC_ERR_FORMAT, "decompress with wrong dtype");
        c.dtype = HC_F32;
    }
    /* truncated and damaged streams */
    for (size_t cut = 0; cut < sz; cut++)
        CHECK(hc_decompress(s, cut, HC_F32, x, n, NULL) != HC_OK, "truncated to %zu accepted", cut);
    s[0] ^= 1;
    CHECK(hc_decompress(s, sz, HC_F32, x, n, NULL) == HC_ERR_FORMAT, "magic");
    s[0] ^= 1;
    s[HC_HEADER_BYTES] ^= 0x80; /* outlier flag in a plain stream */
    CHECK(hc_validate(s, sz, NULL, NULL) == HC_ERR_CORRUPT, "flag in plain stream");
    s[HC_HEADER_BYTES] ^= 0x80;
    s[HC_HEADER_BYTES + 1] += 1; /* payload sum no longer matches */
    CHECK(hc_validate(s, sz, NULL, NULL) == HC_ERR_CORRUPT, "rate changed");
    s[HC_HEADER_BYTES + 1] -= 1;
    CHECK(hc_validate(s, sz, NULL, NULL) == HC_OK, "restored");
    free(s); free(s2); free(o);

    /* summed deltas beyond 31 bits */
    {
        double xd[64];
        for (int i = 0; i < 64; i++) xd[i] = (i & 1) ? 1073741000.0 : -1073741000.0;
        hc_config cd = hc_config_init(HC_F64, HC_ABS, 0.5);
        size_t cp = hc_compress_bound(64, HC_F64), za;
        unsigned char *a = malloc(cp), *r = malloc(cp);
        CHECK(hc_compress(&cd, xd, 64, a, cp, &za, NULL) == HC_OK, "big deltas compress");
        CHECK(hc_add(a, za, a, za, r, cp, NULL, NULL) == HC_ERR_SUM_OVERFLOW, "sum overflow detected");
        free(a); free(r);
    }
}

static void test_threads_identical(void)
{
#ifdef _OPENMP
    uint64_t n = 300001;
    void *x = gen(1, n, HC_F32);
    hc_config c = hc_config_init(HC_F32, HC_REL, 1e-4);
    c.mode = HC_OUTLIER;
    size_t cap = hc_compress_bound(n, HC_F32), s1, s2;
    unsigned char *a = malloc(cap), *b = malloc(cap);
    hc_options o1 = {1, HC_ISA_AUTO}, o4 = {4, HC_ISA_AUTO};
    CHECK(hc_compress(&c, x, n, a, cap, &s1, &o1) == HC_OK, "1 thread");
    CHECK(hc_compress(&c, x, n, b, cap, &s2, &o4) == HC_OK, "4 threads");
    CHECK(s1 == s2 && memcmp(a, b, s1) == 0, "thread count changes the stream");
    free(a); free(b); free(x);
#endif
}

static void test_real_fields(void)
{
    static const char *files[] = {"sz3_testfloat_8x8x128.f32", "iris_theta_colpex.f32", "iris_tas_FC167.f32",
                                  "iris_pr_rotpole.f32", "iris_toa_bt_mercator.f32", "eraint_z.f32", "eraint_u.f32",
                                  "eraint_v.f32", "iris_tmean_1910_nan.f32"};
    if (!data_dir) { printf("no data dir: real fields skipped\n"); return; }
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", data_dir, files[f]);
        FILE *fp = fopen(path, "rb");
        if (!CHECK(fp != NULL, "open %s", path)) continue;
        fseek(fp, 0, SEEK_END);
        long bytes = ftell(fp);
        fseek(fp, 0, SEEK_SET);
        uint64_t n = (uint64_t)bytes / 4;
        float *x = malloc((size_t)bytes + 4);
        CHECK(fread(x, 4, n, fp) == n, "read %s", path);
        fclose(fp);
        int has_nan = strstr(files[f], "nan") != NULL;
        double rels[] = {1e-2, 1e-3, 1e-4};
        for (int r = 0; r < 3; r++)
            for (int mode = 0; mode < 2; mode++) {
                if (has_nan) {
                    hc_config c = hc_config_init(HC_F32, HC_REL, rels[r]);
                    c.mode = (hc_mode)mode;
                    size_t cap = hc_compress_bound(n, HC_F32), sz;
                    unsigned char *s = malloc(cap);
                    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_NAN, "%s must give HC_ERR_NAN", files[f]);
                    c.bound = HC_ABS;
                    CHECK(hc_compress(&c, x, n, s, cap, &sz, NULL) == HC_ERR_NAN, "%s ABS must give HC_ERR_NAN", files[f]);
                    free(s);
                } else {
                    char what[128];
                    snprintf(what, sizeof what, "%s rel=%g %s", files[f], rels[r], mode ? "outlier" : "plain");
                    roundtrip(what, x, n, HC_F32, (hc_mode)mode, HC_REL, rels[r], NULL, NULL);
                }
            }
        free(x);
    }
}

/* hc_step_exponent against a step found by halving (largest power of two <= 2 eb, the type's
 * clamps), and its promise: two ebs with one exponent give the same payload bytes. */
static int step_oracle(double eb, hc_dtype dt)
{
    int k = 0;
    double s = 1.0;
    while (s > 2.0 * eb) { s *= 0.5; k--; }
    while (s * 2.0 <= 2.0 * eb) { s *= 2.0; k++; }
    if (dt == HC_F32 && k < -149) k = -149;
    if (k > (dt == HC_F32 ? 97 : 992)) k = dt == HC_F32 ? 97 : 992;
    return k;
}

static void test_step_exponent(void)
{
    static const double ebs[] = {1e-3, 1.9e-3, 2e-3, 0.5, 0.25, 1.0, 3.0, 1e-40, 1e-50, 1e-300, 1e30, 1e300};
    int k = 0;
    for (int d = 0; d < 2; d++) {
        hc_dtype dt = d ? HC_F64 : HC_F32;
        for (size_t i = 0; i < sizeof ebs / sizeof ebs[0]; i++) {
            CHECK(hc_step_exponent(ebs[i], dt, &k) == HC_OK && k == step_oracle(ebs[i], dt),
                  "step exponent of %g (dtype %d): %d, oracle %d", ebs[i], d, k, step_oracle(ebs[i], dt));
        }
        CHECK(hc_step_exponent(0.0, dt, &k) == HC_ERR_EB, "eb 0");
        CHECK(hc_step_exponent(-1.0, dt, &k) == HC_ERR_EB, "eb < 0");
        CHECK(hc_step_exponent(NAN, dt, &k) == HC_ERR_EB, "eb NaN");
        CHECK(hc_step_exponent(INFINITY, dt, &k) == HC_ERR_EB, "eb Inf");
        CHECK(hc_step_exponent(1e-3, dt, NULL) == HC_ERR_NULL, "k NULL");
    }
    CHECK(hc_step_exponent(1e-310, HC_F32, &k) == HC_OK && k == -149, "f32 clamps below 2^-149");
    CHECK(hc_step_exponent(1e-310, HC_F64, &k) == HC_ERR_EB, "f64 refuses a step below 2^-1022");
    CHECK(hc_step_exponent(0x1p-1023, HC_F64, &k) == HC_OK && k == -1022, "f64 eb 2^-1023: step 2^-1022 (%d)", k);
    CHECK(hc_step_exponent(nextafter(0x1p-1023, 0.0), HC_F64, &k) == HC_ERR_EB, "f64 eb just below 2^-1023");
    CHECK(hc_step_exponent(1e-3, (hc_dtype)7, &k) == HC_ERR_ARG, "dtype 7");
    {
        enum { N = 1000 };
        float x[N];
        size_t cap = hc_compress_bound(N, HC_F32), sa, sb;
        unsigned char *a = malloc(cap), *b = malloc(cap);
        hc_config c = hc_config_init(HC_F32, HC_ABS, 1e-3);
        int ka = 0, kb = 0;
        c.checksum = 0;
        for (int i = 0; i < N; i++) x[i] = (float)sin(i * 0.01) * 3.0f;
        CHECK(hc_step_exponent(1e-3, HC_F32, &ka) == HC_OK && hc_step_exponent(1.9e-3, HC_F32, &kb) == HC_OK &&
                  ka == kb, "1e-3 and 1.9e-3 share a step");
        CHECK(hc_compress(&c, x, N, a, cap, &sa, NULL) == HC_OK, "compress 1e-3");
        c.eb = 1.9e-3;
        CHECK(hc_compress(&c, x, N, b, cap, &sb, NULL) == HC_OK, "compress 1.9e-3");
        CHECK(sa == sb && memcmp(a + HC_HEADER_BYTES, b + HC_HEADER_BYTES, sa - HC_HEADER_BYTES) == 0,
              "same step exponent, same payload");
        c.eb = 2.1e-3; /* next step up */
        CHECK(hc_compress(&c, x, N, b, cap, &sb, NULL) == HC_OK, "compress 2.1e-3");
        CHECK(hc_step_exponent(2.1e-3, HC_F32, &kb) == HC_OK && kb == ka + 1 &&
                  (sa != sb || memcmp(a + HC_HEADER_BYTES, b + HC_HEADER_BYTES, sa - HC_HEADER_BYTES) != 0),
              "the next exponent changes the payload");
        free(a);
        free(b);
    }
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--seed") == 0) i++;
        else data_dir = argv[i];
    test_bound_matrix();
    test_tight_bounds();
    test_unaligned();
    test_homomorphic();
    test_statuses();
    test_step_exponent();
    test_threads_identical();
    test_real_fields();
    return check_done();
}
