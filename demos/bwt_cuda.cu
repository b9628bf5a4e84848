/* bwt_cuda.cu - the bwt_cuda demo: the GPU twin of bwt (sa_cuda.cuh's BWT and inverse).
 *
 *   bwt_cuda [FILE] [--aux R] [--csv] [--out F]
 *
 * Without FILE: 4 MiB of random bytes. BWT of the file on the GPU with aux samples every R (default 4096, a power of two >= 2;
 * sa_cuda_host_bwt), the inverse on the GPU (sa_cuda_host_unbwt). Checks (exit 1 on a failure):
 * the BWT and samples equal sa.h's on the host byte for byte, the inverse gives the file back.
 * --out F writes the BWT bytes. Bad arguments exit 2; no GPU exits 77. */
#include "demo_common.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"

int main(int argc, char **argv)
{
    const char *file = NULL, *out = NULL;
    int csv = 0;
    int64_t r = 4096;
    dc_init(argc, argv, "[FILE] [--aux R] [--csv] [--out F]");
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (dc_is(argv[i], "--csv")) csv = 1;
        else if (dc_is(argv[i], "--aux")) r = dc_arg_i64(&i, 2, (int64_t)1 << 30);
        else if (dc_is(argv[i], "--out")) out = dc_arg_str(&i);
        else if (argv[i][0] == '-' || file) dc_unknown(i);
        else file = argv[i];
    }
    if (r & (r - 1)) dc_usage_error("--aux %lld is not a power of two", (long long)r);
    unsigned char *text;
    size_t nz;
    if (file) dc_read_file(file, (size_t)INT32_MAX - 2, &text, &nz);
    else { /* the default input: 4 MiB of random bytes */
        nz = (size_t)1 << 22;
        text = (unsigned char *)malloc(nz);
        if (!text) { fprintf(stderr, "%s: out of memory\n", dc_prog()); return DC_EXIT_FAIL; }
        dc_random_bytes(text, nz, 26);
    }
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) { printf("SKIP: no CUDA device\n"); return DC_EXIT_SKIP; }
    int32_t n = (int32_t)nz;
    size_t ns = nz ? nz : 1, naux = (ns - 1) / (size_t)r + 1;
    uint8_t *g = (uint8_t *)malloc(ns), *c = (uint8_t *)malloc(ns), *back = (uint8_t *)malloc(ns);
    int32_t *ga = (int32_t *)malloc(naux * 4), *ca = (int32_t *)malloc(naux * 4);
    if (!g || !c || !back || !ga || !ca) { fprintf(stderr, "%s: out of memory\n", dc_prog()); return DC_EXIT_FAIL; }
    double t0 = dc_now();
    sa_cuda_status st = sa_cuda_host_bwt(text, g, ga, (int32_t)r, n);
    double t1 = dc_now();
    dc_check(st == SA_CUDA_OK, "sa_cuda_host_bwt: %s", sa_cuda_status_string(st));
    double t2 = dc_now();
    sa_status hs = sa_bwt_aux(text, c, ca, (int32_t)r, n, NULL);
    double t3 = dc_now();
    dc_check(hs == SA_OK && memcmp(g, c, nz) == 0 && memcmp(ga, ca, naux * 4) == 0, "GPU BWT differs from sa.h's");
    double t4 = dc_now();
    st = sa_cuda_host_unbwt(g, back, ga, (int32_t)r, n);
    double t5 = dc_now();
    dc_check(st == SA_CUDA_OK && memcmp(back, text, nz) == 0, "sa_cuda_host_unbwt: %s", sa_cuda_status_string(st));
    if (out) {
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(g, 1, nz, f) != nz || fclose(f)) dc_usage_error("cannot write %s", out);
    }
    int ok = !dc_failed_checks();
    if (csv) {
        printf("variant,n,aux_r,primary,time_gpu_bwt_s,time_cpu_bwt_s,time_gpu_unbwt_s,ok\n");
        printf("bwt_cuda,%d,%lld,%d,%.6f,%.6f,%.6f,%d\n", n, (long long)r, ga[0], t1 - t0, t3 - t2, t5 - t4, ok);
    } else {
        printf("bwt_cuda: Burrows-Wheeler transform on the GPU (sa_cuda.cuh)\n");
        printf("  input           %s, %d bytes\n", file ? file : "random bytes (default)", n);
        printf("  primary index   %d (aux samples every %lld)\n", ga[0], (long long)r);
        printf("  BWT             %.4f s GPU (host to host, with allocation), %.4f s sa.h\n", t1 - t0, t3 - t2);
        printf("  inverse         %.4f s GPU (host to host)\n", t5 - t4);
        printf("  checks          %s\n", ok ? "ok (GPU BWT = sa.h's byte for byte, round trip)" : "FAILED");
    }
    free(text), free(g), free(c), free(back), free(ga), free(ca);
    return dc_exit_code();
}
