/* homcomp_cuda: the CUDA codec of homcomp.cuh on a float file or a generated field:
 * compress, decompress, fused add (HomComp_F) and the sum of k fields, all on the device
 * with one preallocated workspace. Exits 77 when no GPU is present. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "homcomp_demo.h"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(e_)); return 1; } } while (0)

int main(int argc, char **argv)
{
    hcd_args a;
    uint64_t n;
    int dc = 0;
    if (hcd_parse(argc, argv, &a)) return 2;
    if (cudaGetDeviceCount(&dc) != cudaSuccess || dc == 0) { fprintf(stderr, "SKIP: no CUDA device\n"); return 77; }
    unsigned char *x = (unsigned char *)hcd_fields(&a, &n);
    if (!x) return 1;
    size_t es = a.dtype == HC_F32 ? 4 : 8, cap = hc_compress_bound(n, a.dtype), wsb = hc_cuda_workspace_size(n);
    unsigned char *dx, *ds, *dsum, *dtmp, *dy; void *ws;
    CK(cudaMalloc(&dx, (size_t)a.k * n * es + 8)); CK(cudaMalloc(&ds, cap)); CK(cudaMalloc(&dsum, cap));
    CK(cudaMalloc(&dtmp, cap)); CK(cudaMalloc(&dy, n * es + 8)); CK(cudaMalloc(&ws, wsb));
    CK(cudaMemcpy(dx, x, (size_t)a.k * n * es, cudaMemcpyHostToDevice));
    cudaStream_t s; CK(cudaStreamCreate(&s));
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    hc_config c = hc_config_default();
    c.dtype = a.dtype; c.mode = a.mode; c.bound = a.bound; c.eb = a.eb;
    hc_cuda_result r;
    float ms;
    hcd_header(&a, "homcomp_cuda", n);
    hc_cuda_compress(&c, dx, n, ds, cap, ws, wsb, s); /* warm-up */
    cudaEventRecord(e0, s);
    hc_status st = hc_cuda_compress(&c, dx, n, ds, cap, ws, wsb, s);
    cudaEventRecord(e1, s);
    hc_cuda_read_result(ws, &r, s);
    CK(cudaStreamSynchronize(s));
    cudaEventElapsedTime(&ms, e0, e1);
    double tc = ms * 1e-3;
    if (st || r.status) { fprintf(stderr, "compress: %s\n", hc_status_string(st ? st : (hc_status)r.status)); return 1; }
    size_t sz = r.bytes;
    unsigned char hdr[HC_HEADER_BYTES];
    CK(cudaMemcpy(hdr, ds, HC_HEADER_BYTES, cudaMemcpyDeviceToHost));
    hc_info info;
    hc_stream_info(hdr, HC_HEADER_BYTES, &info);
    hc_cuda_decompress(ds, sz, hdr, a.dtype, dy, n, ws, wsb, s);
    cudaEventRecord(e0, s);
    st = hc_cuda_decompress(ds, sz, hdr, a.dtype, dy, n, ws, wsb, s);
    cudaEventRecord(e1, s);
    hc_cuda_read_result(ws, &r, s);
    CK(cudaStreamSynchronize(s));
    cudaEventElapsedTime(&ms, e0, e1);
    double td = ms * 1e-3;
    if (st || r.status) { fprintf(stderr, "decompress: %s\n", hc_status_string(st ? st : (hc_status)r.status)); return 1; }
    unsigned char *y = (unsigned char *)malloc(n * es + 8);
    CK(cudaMemcpy(y, dy, n * es, cudaMemcpyDeviceToHost));
    double me = 0;
    for (uint64_t i = 0; i < n; i++) me = fmax(me, fabs(hcd_get(x, a.dtype, i) - hcd_get(y, a.dtype, i)));
    double ratio = (double)(n * es) / sz;
    hcd_row(&a, "cuda", "compress", n, info.eb, ratio, me, info.eb, tc, n * es);
    hcd_row(&a, "cuda", "decompress", n, info.eb, ratio, me, info.eb, td, n * es);
    /* sum of k fields by fused adds */
    CK(cudaMemcpyAsync(dsum, ds, sz, cudaMemcpyDeviceToDevice, s));
    size_t ssz = sz;
    double tf = 0;
    for (int j = 1; j < a.k; j++) {
        cudaEventRecord(e0, s);
        st = hc_cuda_add_raw(dsum, ssz, hdr, a.dtype, dx + (uint64_t)j * n * es, n, dtmp, cap, ws, wsb, s);
        cudaEventRecord(e1, s);
        hc_cuda_read_result(ws, &r, s);
        CK(cudaStreamSynchronize(s));
        cudaEventElapsedTime(&ms, e0, e1);
        tf += ms * 1e-3;
        if (st || r.status) { fprintf(stderr, "add_raw: %s\n", hc_status_string(st ? st : (hc_status)r.status)); return 1; }
        ssz = r.bytes;
        unsigned char *t = dsum; dsum = dtmp; dtmp = t;
    }
    hc_cuda_decompress(dsum, ssz, NULL, a.dtype, dy, n, ws, wsb, s);
    hc_cuda_read_result(ws, &r, s);
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(y, dy, n * es, cudaMemcpyDeviceToHost));
    hcd_report_sum(&a, "cuda", x, y, n, es, info.eb, ssz, tf);
    free(x); free(y);
    return r.status ? 1 : 0;
}
