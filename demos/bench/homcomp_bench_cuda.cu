/* GPU throughput of homcomp.cuh through the public API (preallocated workspace), beside a
 * device-to-device copy measured in the same run. cudaEvents, 2 warm-ups, median of REPS.
 * compress = REL (min/max pass + coding), compress_abs = the same stream at its absolute bound.
 *   homcomp_bench_cuda [--n N] [--reps R] [--csv FILE]     default: 1 GiB float32 smooth field */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

#include "bench_field.cuh"

__global__ void max_err(const float *a, const float *b, uint64_t n, unsigned long long *out)
{
    float m = 0;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
        m = fmaxf(m, fabsf(a[i] - b[i]));
    for (int o = 16; o; o >>= 1) m = fmaxf(m, __shfl_xor_sync(~0u, m, o));
    if ((threadIdx.x & 31) == 0) atomicMax(out, (unsigned long long)__float_as_uint(m));
}

template <typename F> static double time_med(int reps, cudaStream_t s, F f)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int i = 0; i < 2; i++) f();
    std::vector<float> t;
    for (int i = 0; i < reps; i++) {
        CK(cudaEventRecord(a, s)); f(); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    cudaEventDestroy(a); cudaEventDestroy(b);
    return t[t.size() / 2] * 1e-3;
}

int main(int argc, char **argv)
{
    uint64_t n = (1ull << 30) / 4;
    int reps = 10;
    const char *csv = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--n")) n = strtoull(argv[++i], 0, 0);
        else if (!strcmp(argv[i], "--reps")) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--csv")) csv = argv[++i];
    }
    int dc = 0;
    if (cudaGetDeviceCount(&dc) != cudaSuccess || dc == 0) { printf("SKIP: no CUDA device\n"); return 77; }
    cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
    cudaStream_t s; CK(cudaStreamCreate(&s));
    size_t bytes = n * 4, cap = hc_compress_bound(n, HC_F32), wsb = hc_cuda_workspace_size(n);
    float *x, *y, *z; unsigned char *a, *b, *o; void *ws; int32_t *q; unsigned long long *em;
    CK(cudaMalloc(&x, bytes)); CK(cudaMalloc(&y, bytes)); CK(cudaMalloc(&z, bytes));
    CK(cudaMalloc(&a, cap)); CK(cudaMalloc(&b, cap)); CK(cudaMalloc(&o, cap)); CK(cudaMalloc(&ws, wsb));
    CK(cudaMalloc(&q, hc_qp_count(n) * 4)); CK(cudaMalloc(&em, 8));
    gen_field<<<4096, 256, 0, s>>>(x, n, 0.f);
    gen_field<<<4096, 256, 0, s>>>(y, n, 1.3f);
    CK(cudaStreamSynchronize(s));
    double tcopy = time_med(reps, s, [&] { CK(cudaMemcpyAsync(z, x, bytes, cudaMemcpyDeviceToDevice, s)); });
    double copy_in = bytes / tcopy / 1e9;
    printf("device %s, n=%llu (%.2f GiB float32), D2D copy %.1f GB/s of input (%.1f GB/s read+write)\n", prop.name,
           (unsigned long long)n, bytes / 1073741824.0, copy_in, 2 * copy_in);
    FILE *f = csv ? fopen(csv, "w") : nullptr;
    const char *hdr = "variant,op,dataset,n,dtype,mode,eb_rel,eb_abs,ratio,max_abs_err,time_s,gb_per_s,copy_gb_per_s,frac_of_copy,ok\n";
    printf("%s", hdr);
    if (f) fputs(hdr, f);
    double rels[] = {1e-2, 1e-3, 1e-4};
    int fail = 0;
    for (int mode = 0; mode < 2; mode++)
        for (double rel : rels) {
            hc_config c = hc_config_init(HC_F32, HC_REL, rel);
            c.mode = (hc_mode)mode;
            c.checksum = 0; /* as the earlier results; the checksum's cost has rows of its own */
            hc_cuda_result r;
            double tc = time_med(reps, s, [&] { hc_cuda_compress(&c, x, n, a, cap, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s));
            size_t na = r.bytes; int st = r.status;
            std::vector<unsigned char> h(HC_HEADER_BYTES);
            CK(cudaMemcpy(h.data(), a, HC_HEADER_BYTES, cudaMemcpyDeviceToHost));
            hc_info info{}; hc_stream_info(h.data(), HC_HEADER_BYTES, &info);
            double td = time_med(reps, s, [&] { hc_cuda_decompress(a, na, h.data(), HC_F32, z, n, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); st = st ? st : r.status;
            CK(cudaMemsetAsync(em, 0, 8, s)); max_err<<<4096, 256, 0, s>>>(x, z, n, em);
            unsigned long long mb; CK(cudaMemcpy(&mb, em, 8, cudaMemcpyDeviceToHost));
            float me; uint32_t mbu = (uint32_t)mb; memcpy(&me, &mbu, 4);
            int ok = st == 0 && me <= info.eb;
            /* second stream with the same eb for the adds */
            hc_config c2 = c; c2.bound = HC_ABS; c2.eb = info.eb;
            /* compress at the same absolute bound: the REL min/max pass is the difference */
            hc_config ca = c2;
            double tca = time_med(reps, s, [&] { hc_cuda_compress(&ca, x, n, o, cap, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); int stca = r.status;
            hc_cuda_compress(&c2, y, n, b, cap, ws, wsb, s);
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s));
            size_t nb = r.bytes; st = st ? st : r.status;
            double tf = time_med(reps, s, [&] { hc_cuda_add_raw(a, na, h.data(), HC_F32, y, n, o, cap, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); int stf = r.status;
            double tadd = time_med(reps, s, [&] { hc_cuda_add(a, na, b, nb, h.data(), HC_F32, n, o, cap, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); int sta = r.status;
            double t2 = time_med(reps, s, [&] {
                hc_cuda_qp(a, na, h.data(), HC_F32, y, n, q, ws, wsb, s);
                hc_cuda_add_qp(a, na, h.data(), HC_F32, q, n, o, cap, ws, wsb, s);
            });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); int st2 = r.status;
            /* the same compress and decompress with the stream checksum (one more pass over the stream) */
            hc_config ck = c; ck.checksum = 1;
            double tck = time_med(reps, s, [&] { hc_cuda_compress(&ck, x, n, o, cap, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); int stck = r.status;
            size_t nk = r.bytes;
            double tdk = time_med(reps, s, [&] { hc_cuda_decompress(o, nk, NULL, HC_F32, z, n, ws, wsb, s); });
            hc_cuda_read_result(ws, &r, s); CK(cudaStreamSynchronize(s)); int stdk = r.status;
            struct { const char *op; double t; int ok; } rows[] = {
                {"compress", tc, ok}, {"compress_abs", tca, stca == 0}, {"decompress", td, ok}, {"homcomp_f_add_raw", tf, stf == 0},
                {"add_compressed", tadd, sta == 0}, {"homcomp_2kernel", t2, st2 == 0}, {"compress_checksum", tck, stck == 0},
                {"decompress_checksum", tdk, stdk == 0}};
            for (auto &rw : rows) {
                double gbs = bytes / rw.t / 1e9;
                char line[512];
                snprintf(line, sizeof line, "cuda,%s,smooth1GiB,%llu,f32,%s,%g,%.6g,%.4f,%.6g,%.6g,%.1f,%.1f,%.3f,%d\n", rw.op,
                         (unsigned long long)n, mode ? "outlier" : "plain", rel, info.eb, (double)bytes / na, me, rw.t, gbs,
                         copy_in, gbs / copy_in, rw.ok);
                printf("%s", line);
                if (f) fputs(line, f);
                fail |= !rw.ok;
            }
        }
    if (f) fclose(f);
    return fail;
}
