/* sa_cuda.cu - the sa_cuda and sa_cuda_ms demos (one source; sa_cuda_ms is compiled with
 * -DSA_CUDA_DEMO_MS and overlaps the copies with the kernels on two streams).
 *
 *   sa_cuda                        the seed's default input: 4.76 MB of random bytes (100 MB / 21)
 *   sa_cuda FILE                   any file (bytes, NUL included)
 *   sa_cuda --random N [--seed S]  N random bytes (the same bytes as sa_seq's for the same N, S)
 *   --csv                          header + one row (sa_seq's columns + the GPU's)
 *   --streams K                    streams for the host call (sa_cuda: 1, sa_cuda_ms: 2)
 *
 * Same report and CSV as sa_seq (demos/sa_demo.c), so sa_fnv1a64 can be compared, plus
 * time_h2d, time_kernel (SA + LCP + LRS on the device), time_d2h and device bytes per input
 * byte. The SA is validated on the device (column ok). Exit 77 without a GPU. */
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#include "demo_common.h"

#ifdef SA_CUDA_DEMO_MS
#define VARIANT "sa_cuda_ms"
#define DEFAULT_STREAMS 2
#else
#define VARIANT "sa_cuda"
#define DEFAULT_STREAMS 1
#endif

static uint64_t fnv1a64_sa(const int32_t *sa, int64_t n)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 over the SA as little-endian int32, as sa_seq */
    for (int64_t i = 0; i < n; i++) {
        uint32_t v = (uint32_t)sa[i];
        for (int k = 0; k < 4; k++) { h ^= (uint8_t)(v >> (8 * k)); h *= 0x100000001b3ull; }
    }
    return h;
}

/* The device check that sa is the suffix array of text: 0 = yes (see sa_cuda_validate). */
static int validate_on_device(const uint8_t *text, const int32_t *sa, int64_t n, double *secs)
{
    double t0 = dc_now();
    size_t ws = sa_cuda_workspace_size(n);
    uint8_t *dt = NULL; int32_t *dsa = NULL, *dflag = NULL; void *dws = NULL;
    int flag = -1;
    if (cudaMalloc(&dt, (size_t)n + 1) == cudaSuccess && cudaMalloc(&dsa, 4 * (size_t)n + 4) == cudaSuccess &&
        cudaMalloc(&dflag, 4) == cudaSuccess && cudaMalloc(&dws, ws) == cudaSuccess &&
        cudaMemcpy(dt, text, (size_t)n, cudaMemcpyHostToDevice) == cudaSuccess &&
        cudaMemcpy(dsa, sa, 4 * (size_t)n, cudaMemcpyHostToDevice) == cudaSuccess &&
        sa_cuda_validate(dt, dsa, n, dflag, dws, ws, 0) == SA_CUDA_OK &&
        cudaMemcpy(&flag, dflag, 4, cudaMemcpyDeviceToHost) != cudaSuccess)
        flag = -1;
    cudaFree(dt); cudaFree(dsa); cudaFree(dflag); cudaFree(dws);
    *secs = dc_now() - t0;
    return flag;
}

int main(int argc, char **argv)
{
    dc_init(argc, argv, "[FILE | --random N] [--seed S] [--streams K] [--csv] [--progress]");
    const char *file = NULL;
    int64_t n = 100 * 1000000 / 21; /* the seed's 100 MB budget */
    uint64_t seed = 730;
    int csv = 0, streams = DEFAULT_STREAMS, rnd = 0, progress = 0;
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--csv")) csv = 1;
        else if (dc_is(argv[i], "--progress")) progress = 1;
        else if (dc_is(argv[i], "--random")) { n = dc_arg_i64(&i, 0, INT32_MAX - 1); rnd = 1; }
        else if (dc_is(argv[i], "--seed")) seed = dc_arg_u64(&i, 0, UINT64_MAX);
        else if (dc_is(argv[i], "--streams")) streams = (int)dc_arg_i64(&i, 1, 4);
        else if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (argv[i][0] == '-' || file) dc_unknown(i);
        else file = argv[i];
    }
    if (file && rnd) dc_usage_error("FILE and --random are either-or (got '%s' and --random)", file);
    /* host side: text + SA + LCP in page-locked memory (9n bytes), before any allocation */
    struct stat fst;
    uint64_t n_known = file ? (stat(file, &fst) == 0 && S_ISREG(fst.st_mode) ? (uint64_t)fst.st_size : 0) : (uint64_t)n;
    dc_mem_check(9 * n_known + (file ? n_known : 0), "text, SA and LCP in page-locked host memory");
    dc_progress_enable(progress, n_known, (uint64_t)1 << 26); /* stderr: --progress, or a terminal and >= 64 MiB */
    int ndev = 0;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
        printf("%s: no CUDA device: skipped\n", VARIANT);
        return DC_EXIT_SKIP;
    }
    dc_progress("%s %s", file ? "reading" : "generating random bytes", file ? file : "");
    /* input, in page-locked memory so that the copies can overlap the kernels */
    double t0 = dc_now();
    uint8_t *text = NULL;
    if (file) {
        unsigned char *buf;
        size_t len;
        dc_read_file(file, (size_t)INT32_MAX - 1, &buf, &len);
        n = (int64_t)len;
        if (cudaMallocHost(&text, len ? len : 1) != cudaSuccess) { fprintf(stderr, "out of pinned memory\n"); return DC_EXIT_FAIL; }
        memcpy(text, buf, len);
        free(buf);
    } else {
        if (cudaMallocHost(&text, n ? (size_t)n : 1) != cudaSuccess) { fprintf(stderr, "out of pinned memory\n"); return DC_EXIT_FAIL; }
        dc_random_bytes(text, (size_t)n, seed);
    }
    double t_io = dc_now() - t0;
    t0 = dc_now();
    int32_t *sa = NULL, *lcp = NULL;
    if (cudaMallocHost(&sa, 4 * (size_t)n + 4) != cudaSuccess || cudaMallocHost(&lcp, 4 * (size_t)n + 4) != cudaSuccess) {
        fprintf(stderr, "out of pinned memory for SA + LCP\n");
        return DC_EXIT_FAIL;
    }
    double t_alloc = dc_now() - t0;

    sa_cuda_options opt = {};
    opt.streams = streams;
    sa_cuda_stats st;
    sa_cuda_lrs_result lrs;
    dc_progress("sa_cuda_host_compute: SA, LCP and LRS of %lld bytes on the GPU", (long long)n);
    sa_cuda_status s = sa_cuda_host_compute(text, n, sa, lcp, &lrs, &opt, &st);
    if (s != SA_CUDA_OK) { fprintf(stderr, "%s: %s\n", VARIANT, sa_cuda_status_string(s)); return DC_EXIT_FAIL; }
    double t_val = 0;
    dc_progress("validating the SA on the GPU");
    int flag = n ? validate_on_device(text, sa, n, &t_val) : 0;
    int ok = flag == 0;
    uint64_t h = fnv1a64_sa(sa, n);
    double mb = (double)n / 1e6, t_sa = st.time_sa, t_lcp = st.time_kernel - st.time_sa, t_total = st.time_total;
    double ratio = n ? (double)st.device_bytes / (double)n : 0.0;
    if (csv) {
        printf("variant,algo,lcp,index_bits,n,threads,ranks,time_io_s,time_alloc_s,time_sa_s,time_lcp_s,time_lrs_s,"
               "time_total_s,time_validate_s,throughput_mb_s,sa_throughput_mb_s,peak_mem_bytes,memory_overhead_ratio,"
               "lrs_len,lrs_sa_index,lrs_pos,lrs_count,sa_fnv1a64,ok,streams,time_h2d_s,time_kernel_s,time_d2h_s,"
               "device_bytes_per_n,rounds\n");
        printf("%s,%s,phi,32,%lld,1,1,%.6f,%.6f,%.6f,%.6f,0,%.6f,%.6f,%.3f,%.3f,%zu,%.3f,%lld,%lld,%lld,%lld,"
               "%016llx,%d,%d,%.6f,%.6f,%.6f,%.3f,%d\n",
               VARIANT, st.algorithm == SA_CUDA_ALGO_DC3 ? "dc3" : "doubling", (long long)n, t_io, t_alloc, t_sa, t_lcp, t_total, t_val, t_total > 0 ? mb / t_total : 0.0,
               t_sa > 0 ? mb / t_sa : 0.0, st.device_bytes, ratio, (long long)lrs.len, (long long)lrs.sa_index,
               (long long)lrs.pos, (long long)lrs.count, (unsigned long long)h, ok, streams, st.time_h2d,
               st.time_kernel, st.time_d2h, ratio, st.rounds);
    } else {
        cudaDeviceProp prop;
        cudaGetDeviceProperties(&prop, 0);
        printf("%s: suffix array + LCP + longest repeated substring on the GPU (sa_cuda.cuh)\n", VARIANT);
        printf("  device          %s\n", prop.name);
        printf("  input           %s, %lld bytes (%.2f MB)\n", file ? file : "random bytes", (long long)n, mb);
        printf("  algorithm       %s (%d sorting rounds), LCP Phi/PLCP, 32-bit indices, %d stream%s\n",
               st.algorithm == SA_CUDA_ALGO_DC3 ? "prefix doubling on the DC3 sample + merge" : "prefix doubling",
               st.rounds, streams, streams == 1 ? "" : "s");
        printf("  time_io         %.4f s\n  time_alloc      %.4f s (page-locked host buffers)\n", t_io, t_alloc);
        printf("  time_h2d        %.4f s\n", st.time_h2d);
        printf("  time_sa         %.4f s   (%.2f MB/s, device)\n", t_sa, t_sa > 0 ? mb / t_sa : 0.0);
        printf("  time_lcp        %.4f s   (LCP + LRS, device)\n", t_lcp);
        printf("  time_kernel     %.4f s\n  time_d2h        %.4f s   (downloads after the kernels)\n", st.time_kernel,
               st.time_d2h);
        printf("  time_total      %.4f s   throughput %.2f MB/s (upload to last download)\n", t_total,
               t_total > 0 ? mb / t_total : 0.0);
        printf("  device memory   %zu bytes = %.2f n (text + SA + LCP + workspace)\n", st.device_bytes, ratio);
        printf("  validation      %s (%.4f s, on the device)\n", ok ? "ok" : "FAILED", t_val);
        printf("  SA FNV-1a 64    %016llx\n", (unsigned long long)h);
        if (lrs.len > 0) {
            printf("  LRS             length %lld, at text position %lld, occurs %lld times, lcp index %lld\n",
                   (long long)lrs.len, (long long)lrs.pos, (long long)lrs.count, (long long)lrs.sa_index);
            printf("  LRS bytes       ");
            for (int64_t i = 0; i < lrs.len && i < 32; i++) printf("%02x ", text[lrs.pos + i]);
            printf("%s\n", lrs.len > 32 ? "..." : "");
        } else {
            printf("  LRS             none (no byte repeats)\n");
        }
    }
    cudaFreeHost(text); cudaFreeHost(sa); cudaFreeHost(lcp);
    return ok ? DC_EXIT_OK : DC_EXIT_FAIL;
}
