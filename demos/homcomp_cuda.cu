/* homcomp_cuda: the CUDA codec of homcomp.cuh on a float file or a generated field: compress,
 * decompress, fused add (HomComp_F) and the sum of k fields, all on the device with one
 * preallocated workspace. Exit 0 when every bound held, 1 when a check failed, 2 on bad
 * arguments or input, 77 when no GPU is present. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "demo_common.h"
#include "homcomp_demo.h"

static void ck(cudaError_t e, const char *what)
{
    if (e != cudaSuccess) { fprintf(stderr, "%s: %s: %s\n", dc_prog(), what, cudaGetErrorString(e)); dc_exit(DC_EXIT_FAIL); }
}
static void *dalloc(size_t bytes)
{
    void *p = NULL;
    ck(cudaMalloc(&p, bytes ? bytes : 1), "cudaMalloc");
    return p;
}

/* one timed call on stream s (after an untimed warm-up); a failed launch or kernel ends the run */
template <typename F> static double timed(cudaStream_t s, void *ws, const char *what, hc_cuda_result *r, F call)
{
    cudaEvent_t e0, e1;
    float ms = 0;
    hcd_status(what, call());
    ck(cudaEventCreate(&e0), "event"); ck(cudaEventCreate(&e1), "event");
    ck(cudaEventRecord(e0, s), "event");
    hc_status st = call();
    ck(cudaEventRecord(e1, s), "event");
    hcd_status(what, st);
    hcd_status(what, hc_cuda_read_result(ws, r, s));
    ck(cudaStreamSynchronize(s), what);
    hcd_status(what, (hc_status)r->status);
    ck(cudaEventElapsedTime(&ms, e0, e1), "event");
    cudaEventDestroy(e0); cudaEventDestroy(e1);
    return ms * 1e-3;
}

int main(int argc, char **argv)
{
    hcd_args a;
    uint64_t n;
    int devs = 0;
    hcd_parse(argc, argv, &a);
    if (cudaGetDeviceCount(&devs) != cudaSuccess || devs == 0) { fprintf(stderr, "SKIP: no CUDA device\n"); return DC_EXIT_SKIP; }
    unsigned char *x = (unsigned char *)hcd_fields(&a, &n);
    size_t es = a.dtype == HC_F32 ? 4 : 8, cap = hc_compress_bound(n, a.dtype), wsb = hc_cuda_workspace_size(n);
    unsigned char *dx = (unsigned char *)dalloc((size_t)a.k * n * es), *ds = (unsigned char *)dalloc(cap);
    unsigned char *dsum = (unsigned char *)dalloc(cap), *dtmp = (unsigned char *)dalloc(cap), *dy = (unsigned char *)dalloc(n * es);
    void *ws = dalloc(wsb);
    ck(cudaMemcpy(dx, x, (size_t)a.k * n * es, cudaMemcpyHostToDevice), "copy in");
    cudaStream_t s;
    ck(cudaStreamCreate(&s), "stream");
    hc_config c = hc_config_init(a.dtype, a.bound, a.eb);
    c.mode = a.mode;
    hc_cuda_result r;
    hcd_header(&a, "homcomp_cuda", n);
    dc_progress("compress");
    double tc = timed(s, ws, "compress", &r, [&] { return hc_cuda_compress(&c, dx, n, ds, cap, ws, wsb, s); });
    size_t sz = r.bytes;
    unsigned char hdr[HC_HEADER_BYTES];
    ck(cudaMemcpy(hdr, ds, HC_HEADER_BYTES, cudaMemcpyDeviceToHost), "header");
    hc_info info;
    hcd_status("stream_info", hc_stream_info(hdr, HC_HEADER_BYTES, &info));
    dc_progress("decompress");
    double td = timed(s, ws, "decompress", &r, [&] { return hc_cuda_decompress(ds, sz, hdr, a.dtype, dy, n, ws, wsb, s); });
    unsigned char *y = (unsigned char *)hcd_alloc(n * es);
    ck(cudaMemcpy(y, dy, n * es, cudaMemcpyDeviceToHost), "copy out");
    hcd_report_roundtrip(&a, "cuda", x, y, n, info.eb, sz, tc, td);
    dc_progress("homomorphic sum of %d fields", a.k);
    /* sum of k fields by fused adds (the GPU adds need an output apart from their inputs) */
    ck(cudaMemcpyAsync(dsum, ds, sz, cudaMemcpyDeviceToDevice, s), "copy");
    size_t ssz = sz;
    double tf = 0;
    for (int j = 1; j < a.k; j++) {
        tf += timed(s, ws, "add_raw", &r, [&] {
            return hc_cuda_add_raw(dsum, ssz, hdr, a.dtype, dx + (uint64_t)j * n * es, n, dtmp, cap, ws, wsb, s);
        });
        ssz = r.bytes;
        unsigned char *t = dsum; dsum = dtmp; dtmp = t;
    }
    timed(s, ws, "decompress sum", &r, [&] { return hc_cuda_decompress(dsum, ssz, NULL, a.dtype, dy, n, ws, wsb, s); });
    ck(cudaMemcpy(y, dy, n * es, cudaMemcpyDeviceToHost), "copy out");
    hcd_report_sum(&a, "cuda", x, y, n, info.eb, ssz, tf);
    dc_progress("done");
    free(x); free(y);
    cudaFree(dx); cudaFree(ds); cudaFree(dsum); cudaFree(dtmp); cudaFree(dy); cudaFree(ws);
    return dc_exit_code();
}
