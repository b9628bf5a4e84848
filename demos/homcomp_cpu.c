/* homcomp_cpu: the CPU reference codec of homcomp.cuh on a float file or a generated field:
 * compress, decompress, QP, and the sum of k fields by in-place fused adds (acc += field j).
 * Exit 0 when every bound held, 1 when a check failed, 2 on bad arguments or input. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "demo_common.h"
#include "homcomp_demo.h"

int main(int argc, char **argv)
{
    hcd_args a;
    uint64_t n;
    hcd_parse(argc, argv, &a);
    unsigned char *x = (unsigned char *)hcd_fields(&a, &n);
    size_t es = a.dtype == HC_F32 ? 4 : 8, cap = hc_compress_bound(n, a.dtype), sz = 0, ssz = 0;
    unsigned char *s = (unsigned char *)hcd_alloc(cap), *sum = (unsigned char *)hcd_alloc(cap);
    unsigned char *y = (unsigned char *)hcd_alloc(n * es);
    int32_t *q = (int32_t *)hcd_alloc(hc_qp_count(n) * 4);
    hc_config c = hc_config_init(a.dtype, a.bound, a.eb);
    c.mode = a.mode;
    hcd_header(&a, "homcomp_cpu", n);
    dc_progress("compress");
    double t0 = dc_now();
    hcd_status("compress", hc_compress(&c, x, n, s, cap, &sz, &a.opt));
    double tc = dc_now() - t0;
    hc_info info;
    hcd_status("stream_info", hc_stream_info(s, sz, &info));
    dc_progress("decompress");
    t0 = dc_now();
    hcd_status("decompress", hc_decompress(s, sz, a.dtype, y, n, &a.opt));
    hcd_report_roundtrip(&a, "cpu", x, y, n, info.eb, sz, tc, dc_now() - t0);
    dc_progress("qp");
    t0 = dc_now();
    hcd_status("qp", hc_qp(s, sz, a.dtype, x + n * es * (a.k > 1), n, q, &a.opt));
    hcd_row(&a, "cpu", "qp", n, info.eb, (double)(n * es) / sz, 0, 1, dc_now() - t0, (double)(n * es));
    /* homomorphic sum of k fields: field 0 compressed, then acc += raw field j, in place */
    dc_progress("homomorphic sum of %d fields", a.k);
    memcpy(sum, s, sz);
    ssz = sz;
    t0 = dc_now();
    for (int j = 1; j < a.k; j++)
        hcd_status("add_raw", hc_add_raw(sum, ssz, a.dtype, x + (uint64_t)j * n * es, n, sum, cap, &ssz, &a.opt));
    double tf = dc_now() - t0;
    hcd_status("decompress sum", hc_decompress(sum, ssz, a.dtype, y, n, &a.opt));
    hcd_report_sum(&a, "cpu", x, y, n, info.eb, ssz, tf);
    dc_progress("done");
    free(x); free(s); free(sum); free(y); free(q);
    return dc_exit_code();
}
