/* homcomp_cuda_paths: the fused add (hc_cuda_add_raw) on inputs that reach its rare paths,
 * GPU bytes and status against the CPU codec: blocks too large for the float fast path,
 * sums overflowing 31 bits, incompressible full tiles (payload too large to stage beside the
 * raw rows), a mix of both kinds of tile, raw buffers off 16-byte alignment, partial last
 * tiles. Sizes span several 8192-element tiles. Exits 77 without a GPU. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "check.h"
#include <math.h>
#include <vector>

static void run(const char *what, const std::vector<float> &x, const std::vector<float> &y, double eb, hc_mode mode,
                int off)
{
    uint64_t n = x.size();
    hc_config c = hc_config_init(HC_F32, HC_ABS, eb);
    c.mode = mode;
    size_t cap = hc_compress_bound(n, HC_F32), csz = 0, rsz = 0, wsb = hc_cuda_workspace_size(n);
    std::vector<unsigned char> cs(cap), cr(cap, 0), g(cap, 0);
    if (!CHECK(hc_compress(&c, x.data(), n, cs.data(), cap, &csz, NULL) == HC_OK, "%s: CPU compress", what)) return;
    int st = hc_add_raw(cs.data(), csz, HC_F32, y.data(), n, cr.data(), cap, &rsz, NULL);
    void *dc = NULL, *dy = NULL, *dout = NULL, *dws = NULL;
    CHECK_CUDA(cudaMalloc(&dc, cap));
    CHECK_CUDA(cudaMalloc(&dy, (n + 8) * sizeof(float)));
    CHECK_CUDA(cudaMalloc(&dout, cap));
    CHECK_CUDA(cudaMalloc(&dws, wsb));
    if (check_failures()) return;
    float *py = (float *)dy + off;
    CHECK_CUDA(cudaMemcpy(dc, cs.data(), csz, cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemcpy(py, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(dout, 0xA5, cap));
    int ls = hc_cuda_add_raw(dc, csz, NULL, HC_F32, py, n, dout, cap, dws, wsb, 0);
    hc_cuda_result r;
    memset(&r, 0, sizeof r);
    CHECK(ls == HC_OK, "%s: launch status %d", what, ls);
    CHECK(hc_cuda_read_result(dws, &r, 0) == HC_OK, "%s: read result", what);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(g.data(), dout, cap, cudaMemcpyDeviceToHost));
    CHECK(r.status == st, "%s n=%llu off=%d: GPU status %d, CPU %d", what, (unsigned long long)n, off, (int)r.status, st);
    if (st == HC_OK)
        CHECK(r.bytes == rsz && !memcmp(g.data(), cr.data(), rsz), "%s n=%llu off=%d: GPU stream differs (%llu vs %zu bytes)",
              what, (unsigned long long)n, off, (unsigned long long)r.bytes, rsz);
    cudaFree(dc); cudaFree(dy); cudaFree(dout); cudaFree(dws);
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    check_cuda_device_or_skip();
    const uint64_t sizes[] = {8192ull * 6, 8192ull * 6 + 1000, 8192ull * 40 + 77};
    for (int mode = 0; mode < 2; mode++)
        for (uint64_t n : sizes) {
            const hc_mode m = (hc_mode)mode;
            std::vector<float> x(n), y(n);
            /* smooth stream, raw data with some blocks too large for the float fast path */
            for (uint64_t i = 0; i < n; i++) {
                x[i] = (float)(sin(i * 1e-3) * 30);
                y[i] = (float)(cos(i * 2e-3) * 20) + (((i / 32) % 37 == 5) ? 3.0e5f + (float)i : 0.f);
            }
            for (int off : {0, 1}) run("slow-path blocks", x, y, 0.01, m, off);
            /* sums that overflow 31 bits in a few blocks: a status on both sides */
            for (uint64_t i = 0; i < n; i++) {
                const bool big = (i / 32) % 53 == 7;
                x[i] = big ? ((i & 1) ? 1.0e9f : -1.0e9f) : (float)(sin(i * 1e-3) * 30);
                y[i] = big ? ((i & 1) ? 1.0e9f : -1.0e9f) : (float)(check_rand_unit() - 0.5);
            }
            run("sum overflow", x, y, 0.5, m, 0);
            /* incompressible stream: payload too large to stage beside the raw rows */
            for (uint64_t i = 0; i < n; i++) {
                x[i] = (float)((check_rand_unit() - 0.5) * 2e4);
                y[i] = (float)((check_rand_unit() - 0.5) * 2e4);
            }
            for (int off : {0, 1, 2}) run("incompressible", x, y, 1e-3, m, off);
            /* compressible and incompressible tiles mixed */
            for (uint64_t i = 0; i < n; i++) {
                const bool noisy = (i / 8192) % 3 == 1;
                x[i] = noisy ? (float)((check_rand_unit() - 0.5) * 2e4) : (float)(sin(i * 1e-3) * 30);
                y[i] = (float)(sin(i * 3e-3) * 10 + check_rand_unit());
            }
            run("mixed tiles", x, y, 1e-2, m, 0);
        }
    return check_done();
}
