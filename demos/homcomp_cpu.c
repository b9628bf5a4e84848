/* homcomp_cpu: the CPU reference codec of homcomp.cuh on a float file or a generated field:
 * compress, decompress, QP, fused add (HomComp_F) and the sum of k compressed fields. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "homcomp_demo.h"

int main(int argc, char **argv)
{
    hcd_args a;
    uint64_t n;
    if (hcd_parse(argc, argv, &a)) return 2;
    unsigned char *x = (unsigned char *)hcd_fields(&a, &n);
    if (!x) return 1;
    size_t es = a.dtype == HC_F32 ? 4 : 8, cap = hc_compress_bound(n, a.dtype), sz = 0, ssz = 0, s2 = 0;
    unsigned char *s = (unsigned char *)malloc(cap), *sum = (unsigned char *)malloc(cap), *tmp = (unsigned char *)malloc(cap);
    unsigned char *y = (unsigned char *)malloc(n * es + 8);
    int32_t *q = (int32_t *)malloc(hc_qp_count(n) * 4 + 4);
    hc_config c = hc_config_default();
    c.dtype = a.dtype; c.mode = a.mode; c.bound = a.bound; c.eb = a.eb;
    hcd_header(&a, "homcomp_cpu", n);
    double t0 = hcd_now();
    hc_status st = hc_compress(&c, x, n, s, cap, &sz);
    double tc = hcd_now() - t0;
    if (st) { fprintf(stderr, "compress: %s\n", hc_status_string(st)); return 1; }
    hc_info info;
    hc_stream_info(s, sz, &info);
    t0 = hcd_now();
    st = hc_decompress(s, sz, a.dtype, y, n);
    double td = hcd_now() - t0;
    if (st) { fprintf(stderr, "decompress: %s\n", hc_status_string(st)); return 1; }
    double me = 0;
    for (uint64_t i = 0; i < n; i++) me = fmax(me, fabs(hcd_get(x, a.dtype, i) - hcd_get(y, a.dtype, i)));
    double ratio = (double)(n * es) / sz;
    hcd_row(&a, "cpu", "compress", n, info.eb, ratio, me, info.eb, tc, n * es);
    hcd_row(&a, "cpu", "decompress", n, info.eb, ratio, me, info.eb, td, n * es);
    t0 = hcd_now();
    st = hc_qp(s, sz, x + n * es * (a.k > 1), n, q);
    hcd_row(&a, "cpu", "qp", n, info.eb, ratio, 0, info.eb, hcd_now() - t0, n * es);
    /* homomorphic sum of k fields: field 0 compressed, then fused adds of raw fields 1..k-1 */
    memcpy(sum, s, sz);
    ssz = sz;
    double tf = 0;
    for (int j = 1; j < a.k && st == HC_OK; j++) {
        t0 = hcd_now();
        st = hc_add_raw(sum, ssz, x + (uint64_t)j * n * es, n, tmp, cap, &s2);
        tf += hcd_now() - t0;
        memcpy(sum, tmp, s2);
        ssz = s2;
    }
    if (st) { fprintf(stderr, "sum: %s\n", hc_status_string(st)); return 1; }
    st = hc_decompress(sum, ssz, a.dtype, y, n);
    hcd_report_sum(&a, "cpu", x, y, n, es, info.eb, ssz, tf);
    free(x); free(s); free(sum); free(tmp); free(y); free(q);
    return st ? 1 : 0;
}
