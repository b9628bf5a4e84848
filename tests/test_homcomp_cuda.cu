/* homcomp.cuh: the CUDA codec writes the CPU reference's bytes, for every operation. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <math.h>
#include <vector>

static cudaStream_t S;

static std::vector<unsigned char> gen(int kind, uint64_t n, hc_dtype dt, uint64_t salt)
{
    size_t es = dt == HC_F32 ? 4 : 8;
    std::vector<unsigned char> v(n * es + 16);
    double w = 0;
    for (uint64_t i = 0; i < n; i++) {
        double x;
        if (kind == 0) x = (check_rand_unit() - 0.5) * 2000.0;
        else if (kind == 1) { w += check_rand_unit() - 0.5; x = w; }
        else if (kind == 2) x = sin(i * 0.001 + salt) * 50 + cos(i * 0.3);
        else x = 0;
        if (dt == HC_F32) { float f = (float)x; memcpy(&v[4 * i], &f, 4); } else memcpy(&v[8 * i], &x, 8);
    }
    return v;
}

struct dev {
    void *p = nullptr;
    explicit dev(size_t b) { CHECK_CUDA(cudaMalloc(&p, b ? b : 1)); }
    ~dev() { cudaFree(p); }
};

static hc_cuda_result result(void *ws)
{
    hc_cuda_result r;
    CHECK(hc_cuda_read_result(ws, &r, S) == HC_OK, "read result");
    CHECK_CUDA(cudaStreamSynchronize(S));
    return r;
}

static void one(hc_dtype dt, hc_mode mode, hc_bound bound, int kind, uint64_t n, int off)
{
    char what[160];
    snprintf(what, sizeof what, "%s %s %s kind=%d n=%llu off=%d", dt ? "f64" : "f32", mode ? "outlier" : "plain",
             bound ? "REL" : "ABS", kind, (unsigned long long)n, off);
    size_t es = dt == HC_F32 ? 4 : 8, cap = hc_compress_bound(n, dt), wsb = hc_cuda_workspace_size(n);
    std::vector<unsigned char> x = gen(kind, n, dt, 1), y = gen(2, n, dt, 7);
    hc_config c = hc_config_init(dt, bound, bound == HC_REL ? 1e-3 : 1e-2);
    c.mode = mode;
    c.checksum = kind & 1; /* with and without the checksum: the GPU writes the same bytes */
    std::vector<unsigned char> cs(cap), ca(cap), cr(cap), cq(cap);
    size_t csz = 0, casz = 0, crsz = 0, cqsz = 0;
    if (!CHECK(hc_compress(&c, x.data(), n, cs.data(), cap, &csz, NULL) == HC_OK, "%s cpu compress", what)) return;
    hc_info info{};
    hc_stream_info(cs.data(), csz, &info);
    hc_config cb = c; cb.bound = HC_ABS; cb.eb = info.eb;
    std::vector<unsigned char> ys(cap);
    size_t ysz = 0;
    CHECK(hc_compress(&cb, y.data(), n, ys.data(), cap, &ysz, NULL) == HC_OK, "%s cpu compress y", what);
    CHECK(hc_add(cs.data(), csz, ys.data(), ysz, ca.data(), cap, &casz, NULL) == HC_OK, "%s cpu add", what);
    CHECK(hc_add_raw(cs.data(), csz, dt, y.data(), n, cr.data(), cap, &crsz, NULL) == HC_OK, "%s cpu add_raw", what);
    std::vector<int32_t> qp(hc_qp_count(n) + 1);
    CHECK(hc_qp(cs.data(), csz, dt, y.data(), n, qp.data(), NULL) == HC_OK, "%s cpu qp", what);
    std::vector<unsigned char> xo(n * es + 8), yo(n * es + 8);
    CHECK(hc_decompress(cs.data(), csz, dt, xo.data(), n, NULL) == HC_OK, "%s cpu decompress", what);

    dev dx(n * es + 16), dy(n * es + 16), ds(cap), dys(cap), dout(cap), dws(wsb), dq(hc_qp_count(n) * 4 + 4),
        dxo(n * es + 16);
    unsigned char *px = (unsigned char *)dx.p + off * es, *py = (unsigned char *)dy.p + off * es;
    CHECK_CUDA(cudaMemcpy(px, x.data(), n * es, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(py, y.data(), n * es, cudaMemcpyHostToDevice));
    std::vector<unsigned char> g(cap);
    /* compress */
    CHECK(hc_cuda_compress(&c, px, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "%s gpu compress launch", what);
    hc_cuda_result r = result(dws.p);
    CHECK(r.status == HC_OK && r.bytes == csz, "%s gpu compress: status %d bytes %llu vs %zu", what, r.status,
          (unsigned long long)r.bytes, csz);
    CHECK_CUDA(cudaMemcpy(g.data(), ds.p, csz, cudaMemcpyDeviceToHost));
    CHECK(memcmp(g.data(), cs.data(), csz) == 0, "%s compress bytes differ", what);
    /* decompress, with and without a host header */
    for (int hh = 0; hh < 2; hh++) {
        CHECK_CUDA(cudaMemset(dxo.p, 0xff, n * es + 16));
        CHECK(hc_cuda_decompress(ds.p, csz, hh ? cs.data() : NULL, dt, (unsigned char *)dxo.p + off * es, n, dws.p, wsb,
                                 S) == HC_OK, "%s gpu decompress launch", what);
        r = result(dws.p);
        CHECK(r.status == HC_OK, "%s gpu decompress %d", what, r.status);
        CHECK_CUDA(cudaMemcpy(yo.data(), (unsigned char *)dxo.p + off * es, n * es, cudaMemcpyDeviceToHost));
        CHECK(memcmp(yo.data(), xo.data(), n * es) == 0, "%s decompress values differ", what);
    }
    /* add (compressed + compressed) */
    CHECK_CUDA(cudaMemcpy(dys.p, ys.data(), ysz, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_add(ds.p, csz, dys.p, ysz, cs.data(), dt, n, dout.p, cap, dws.p, wsb, S) == HC_OK, "%s add launch", what);
    r = result(dws.p);
    CHECK(r.status == HC_OK && r.bytes == casz, "%s gpu add %d", what, r.status);
    CHECK_CUDA(cudaMemcpy(g.data(), dout.p, casz, cudaMemcpyDeviceToHost));
    CHECK(memcmp(g.data(), ca.data(), casz) == 0, "%s add bytes differ", what);
    /* HomComp_F: fused add of a raw buffer */
    CHECK(hc_cuda_add_raw(ds.p, csz, NULL, dt, py, n, dout.p, cap, dws.p, wsb, S) == HC_OK, "%s add_raw launch", what);
    r = result(dws.p);
    CHECK(r.status == HC_OK && r.bytes == crsz, "%s gpu add_raw %d", what, r.status);
    CHECK_CUDA(cudaMemcpy(g.data(), dout.p, crsz, cudaMemcpyDeviceToHost));
    CHECK(memcmp(g.data(), cr.data(), crsz) == 0, "%s add_raw bytes differ", what);
    /* HomComp: QP kernel then combine kernel */
    CHECK(hc_cuda_qp(ds.p, csz, NULL, dt, py, n, (int32_t *)dq.p, dws.p, wsb, S) == HC_OK, "%s qp launch", what);
    r = result(dws.p);
    CHECK(r.status == HC_OK, "%s gpu qp %d", what, r.status);
    std::vector<int32_t> gq(hc_qp_count(n) + 1);
    CHECK_CUDA(cudaMemcpy(gq.data(), dq.p, hc_qp_count(n) * 4, cudaMemcpyDeviceToHost));
    CHECK(memcmp(gq.data(), qp.data(), hc_qp_count(n) * 4) == 0, "%s qp deltas differ", what);
    CHECK(hc_add_qp(cs.data(), csz, qp.data(), n, cq.data(), cap, &cqsz, NULL) == HC_OK, "%s cpu add_qp", what);
    CHECK(hc_cuda_add_qp(ds.p, csz, NULL, dt, (const int32_t *)dq.p, n, dout.p, cap, dws.p, wsb, S) == HC_OK, "%s add_qp", what);
    r = result(dws.p);
    CHECK(r.status == HC_OK && r.bytes == cqsz && cqsz == crsz, "%s gpu add_qp %d", what, r.status);
    CHECK_CUDA(cudaMemcpy(g.data(), dout.p, cqsz, cudaMemcpyDeviceToHost));
    CHECK(memcmp(g.data(), cq.data(), cqsz) == 0, "%s add_qp bytes differ", what);
}

/* A well-formed hostile stream (one block, rate 31, every plane full: |q| up to 32 (2^31 - 1)):
 * the GPU refuses it with the CPU's statuses, for decompress and for an add. */
static void hostile_q(void)
{
    float z[32] = {0};
    hc_config c = hc_config_init(HC_F32, HC_ABS, 0.5);
    c.checksum = 0;
    size_t cap = hc_compress_bound(32, HC_F32), sz = 0, wsb = hc_cuda_workspace_size(32), osz;
    std::vector<unsigned char> s(cap), o(cap);
    CHECK(hc_compress(&c, z, 32, s.data(), cap, &sz, NULL) == HC_OK && sz == HC_HEADER_BYTES + 1, "zero block");
    s[HC_HEADER_BYTES] = 31;
    memset(&s[HC_HEADER_BYTES + 1], 0xff, 128);
    memset(&s[HC_HEADER_BYTES + 1], 0, 4); /* sign map */
    s[32] = 128; /* payload bytes */
    sz = HC_HEADER_BYTES + 1 + 128;
    float y[32];
    hc_status cd = hc_decompress(s.data(), sz, HC_F32, y, 32, NULL), ca = hc_add(s.data(), sz, s.data(), sz, o.data(), cap, &osz, NULL);
    CHECK(cd == HC_ERR_CORRUPT && ca != HC_OK, "CPU: %s / %s", hc_status_string(cd), hc_status_string(ca));
    dev ds(cap), dy(128), dout(cap), dws(wsb);
    CHECK_CUDA(cudaMemcpy(ds.p, s.data(), sz, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_decompress(ds.p, sz, NULL, HC_F32, dy.p, 32, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == cd, "GPU decompress of |q| > 2^31: %d, CPU %d", result(dws.p).status, (int)cd);
    CHECK(hc_cuda_add(ds.p, sz, ds.p, sz, NULL, HC_F32, 32, dout.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == ca, "GPU add of |q| > 2^31: %d, CPU %d", result(dws.p).status, (int)ca);
}

static void statuses(void)
{
    uint64_t n = 5000;
    size_t cap = hc_compress_bound(n, HC_F32), wsb = hc_cuda_workspace_size(n);
    std::vector<float> x(n);
    for (uint64_t i = 0; i < n; i++) x[i] = (float)sin(i * 0.01);
    dev dx(n * 4), ds(cap), dws(wsb), dout(cap), dy(n * 4);
    hc_config c = hc_config_init(HC_F32, HC_ABS, 1e-3);
    x[4321] = NAN;
    CHECK_CUDA(cudaMemcpy(dx.p, x.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_NAN, "NaN on GPU (ABS)");
    c.bound = HC_REL;
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_NAN, "NaN on GPU (REL)");
    x[4321] = 1e12f; c.bound = HC_ABS;
    CHECK_CUDA(cudaMemcpy(dx.p, x.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_OVERFLOW, "overflow on GPU");
    x[4321] = 0;
    CHECK_CUDA(cudaMemcpy(dx.p, x.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb - 1, S) == HC_ERR_WORKSPACE, "workspace size");
    CHECK(hc_cuda_compress(&c, (char *)dx.p + 1, n - 1, ds.p, cap, dws.p, wsb, S) == HC_ERR_ALIGN, "alignment");
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    hc_cuda_result r = result(dws.p);
    CHECK(r.status == HC_OK, "ok");
    std::vector<unsigned char> hs(r.bytes);
    CHECK_CUDA(cudaMemcpy(hs.data(), ds.p, r.bytes, cudaMemcpyDeviceToHost));
    /* truncated stream: host check with the header copy, in-kernel check without it */
    CHECK(hc_cuda_decompress(ds.p, r.bytes - 1, hs.data(), HC_F32, dy.p, n, dws.p, wsb, S) == HC_ERR_CORRUPT, "host check");
    CHECK(hc_cuda_decompress(ds.p, r.bytes - 1, NULL, HC_F32, dy.p, n, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_CORRUPT, "in-kernel length check");
    CHECK(hc_cuda_decompress(ds.p, r.bytes, NULL, HC_F64, dy.p, n / 2, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_FORMAT, "dtype/n check on device");
    /* mismatched eb */
    c.eb = 2e-3;
    CHECK(hc_cuda_compress(&c, dx.p, n, dout.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    hc_cuda_result r2 = result(dws.p);
    dev d3(cap);
    CHECK(hc_cuda_add(ds.p, r.bytes, dout.p, r2.bytes, NULL, HC_F32, n, d3.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_MISMATCH, "mismatch on GPU");
    /* no in-place add on the GPU: refused before any launch */
    CHECK(hc_cuda_add(ds.p, r.bytes, dout.p, r2.bytes, NULL, HC_F32, n, ds.p, cap, dws.p, wsb, S) == HC_ERR_OVERLAP,
          "GPU add in place refused");
    /* checksum: one flipped payload byte is caught by the decoder and the add */
    unsigned char flip = hs[r.bytes - 1] ^ 0x10;
    CHECK_CUDA(cudaMemcpy((unsigned char *)ds.p + r.bytes - 1, &flip, 1, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_decompress(ds.p, r.bytes, NULL, HC_F32, dy.p, n, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_CHECKSUM, "checksum on GPU decompress");
    CHECK(hc_cuda_add(dout.p, r2.bytes, ds.p, r.bytes, NULL, HC_F32, n, d3.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_CHECKSUM || result(dws.p).status == HC_ERR_MISMATCH, "checksum on GPU add");
    CHECK(hc_cuda_decompress(ds.p, r.bytes, hs.data(), HC_F32, dy.p, n, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_CHECKSUM, "checksum on GPU decompress, host header");
    hostile_q();
}

/* Issue 21: REL whose rel x (max - min) underflows on non-constant data is HC_ERR_EB on the
 * GPU as on the CPU (it compressed "OK" to zeros with rel as the absolute bound). */
static void rel_underflow(void)
{
    const uint64_t n = 4096;
    size_t cap = hc_compress_bound(n, HC_F64), wsb = hc_cuda_workspace_size(n);
    std::vector<double> x(n);
    for (uint64_t i = 0; i < n; i++) x[i] = 1e-298 * (1.0 + sin(i * 0.1));
    dev dx(n * 8), ds(cap), dws(wsb);
    hc_config c = hc_config_init(HC_F64, HC_REL, 1e-30);
    CHECK_CUDA(cudaMemcpy(dx.p, x.data(), n * 8, cudaMemcpyHostToDevice));
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_ERR_EB, "REL underflow on GPU");
    c.eb = 1e-3;
    CHECK(hc_cuda_compress(&c, dx.p, n, ds.p, cap, dws.p, wsb, S) == HC_OK, "launch");
    CHECK(result(dws.p).status == HC_OK, "REL 1e-3 on 1e-298 data on GPU");
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    check_cuda_device_or_skip();
    CHECK_CUDA(cudaStreamCreate(&S));
    uint64_t sizes[] = {0, 1, 31, 32, 33, 4097, 32767, 32769, 1000003};
    for (int dt = 0; dt < 2; dt++)
        for (int mode = 0; mode < 2; mode++)
            for (int bound = 0; bound < 2; bound++)
                for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
                    for (int kind = 0; kind < 4; kind++)
                        if (sizes[si] < 1000000 || kind == 1) /* the big size once per config */
                            one((hc_dtype)dt, (hc_mode)mode, (hc_bound)bound, kind, sizes[si], (int)(si % 3));
    statuses();
    rel_underflow();
    cudaStreamDestroy(S);
    return check_done();
}
