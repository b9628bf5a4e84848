/* sa_cuda_bench.cu - sa_cuda.cuh against sa.h's OpenMP default on the host's cores, in one run.
 *
 *   sa_cuda_bench [--headers FILE] [--random-mb 256] [--acgt-mb 64] [--reps 3] [--threads 0]
 *                 [--batch-count 10000] [--batch-kb 64] [--no-cpu] [--csv FILE]
 *
 * Inputs: random bytes, the concatenated /usr/include headers (demos/bench/sa_bench.sh builds
 * the file; without --headers this part is skipped), random ACGT. For each: the GPU SA through
 * the device API with the copies (text up, SA down; page-locked host buffers; buffers allocated
 * beforehand), SA + LCP + LRS end to end through sa_cuda_host_compute (one and two streams; it
 * allocates its device memory in the call: the time with and without that), and sa.h's
 * default on the CPU. The GPU results are compared with the CPU's byte for byte. Then the batch
 * API on many small texts against one device call per text. Times are the minimum of --reps runs
 * after a warm-up. Exit 77 without a GPU, 1 when a result differs. */
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#include "demo_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern "C" int sa_cuda_bench_cpu(const uint8_t *t, int64_t n, int32_t *sa, int32_t *lcp, int64_t *lrs, int threads,
                                 double *t_sa, double *t_lcp_lrs, int *used_threads, const char **algo);

#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));           \
            exit(DC_EXIT_FAIL);                                                                    \
        }                                                                                          \
    } while (0)
#define SK(call)                                                                                   \
    do {                                                                                           \
        sa_cuda_status s_ = (call);                                                                \
        if (s_ != SA_CUDA_OK) {                                                                    \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, sa_cuda_status_string(s_));         \
            exit(DC_EXIT_FAIL);                                                                    \
        }                                                                                          \
    } while (0)

static FILE *csv;
static int reps = 3;

static double ev_s(cudaEvent_t a, cudaEvent_t b)
{
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    return ms * 1e-3;
}

struct row {
    const char *dataset;
    int64_t n;
    double gpu_sa_copies, gpu_sa_kernel, gpu_h2d, gpu_d2h, e2e1, e2e1_wall, e2e2, e2e2_wall, cpu_sa, cpu_all;
    double dev_bytes_sa, dev_bytes_all;
    int rounds, cpu_threads;
    const char *cpu_algo;
    int ok;
};

static void bench_one(const char *name, const uint8_t *src, int64_t n, int threads, int no_cpu)
{
    row r;
    memset(&r, 0, sizeof r);
    r.dataset = name;
    r.n = n;
    r.cpu_algo = "-";
    uint8_t *text;
    int32_t *sa, *lcp, *sa2, *lcp2;
    CK(cudaMallocHost(&text, (size_t)n));
    CK(cudaMallocHost(&sa, 4 * (size_t)n));
    CK(cudaMallocHost(&lcp, 4 * (size_t)n));
    sa2 = (int32_t *)malloc(4 * (size_t)n);
    lcp2 = (int32_t *)malloc(4 * (size_t)n);
    if (!sa2 || !lcp2) { fprintf(stderr, "out of host memory\n"); exit(1); }
    memcpy(text, src, (size_t)n);
    /* device API with buffers allocated beforehand: H2D + build + D2H */
    size_t ws = sa_cuda_workspace_size(n);
    uint8_t *d_text;
    int32_t *d_sa;
    void *d_ws;
    CK(cudaMalloc(&d_text, (size_t)n));
    CK(cudaMalloc(&d_sa, 4 * (size_t)n));
    CK(cudaMalloc(&d_ws, ws));
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaEvent_t e0, e1, e2, e3;
    CK(cudaEventCreate(&e0)); CK(cudaEventCreate(&e1)); CK(cudaEventCreate(&e2)); CK(cudaEventCreate(&e3));
    r.gpu_sa_copies = 1e30;
    for (int rep = 0; rep <= reps; rep++) { /* rep 0: warm-up */
        CK(cudaEventRecord(e0, s));
        CK(cudaMemcpyAsync(d_text, text, (size_t)n, cudaMemcpyHostToDevice, s));
        CK(cudaEventRecord(e1, s));
        SK(sa_cuda_build(d_text, d_sa, n, d_ws, ws, s));
        CK(cudaEventRecord(e2, s));
        CK(cudaMemcpyAsync(sa, d_sa, 4 * (size_t)n, cudaMemcpyDeviceToHost, s));
        CK(cudaEventRecord(e3, s));
        CK(cudaStreamSynchronize(s));
        double tot = ev_s(e0, e3);
        if (rep > 0 && tot < r.gpu_sa_copies) {
            r.gpu_sa_copies = tot;
            r.gpu_h2d = ev_s(e0, e1);
            r.gpu_sa_kernel = ev_s(e1, e2);
            r.gpu_d2h = ev_s(e2, e3);
        }
    }
    r.dev_bytes_sa = (double)(ws + (size_t)n + 4 * (size_t)n) / (double)n;
    CK(cudaFree(d_text)); CK(cudaFree(d_sa)); CK(cudaFree(d_ws));
    memcpy(sa2, sa, 4 * (size_t)n); /* keep the device API's SA for the comparison */
    /* end to end through the host convenience call, one and two streams */
    sa_cuda_lrs_result g1, g2;
    for (int streams = 1; streams <= 2; streams++) {
        double best = 1e30, best_wall = 1e30;
        for (int rep = 0; rep <= reps; rep++) {
            sa_cuda_options o = {};
            o.streams = streams;
            sa_cuda_stats st;
            double t0 = dc_now();
            SK(sa_cuda_host_compute(text, n, sa, lcp, streams == 1 ? &g1 : &g2, &o, &st));
            double wall = dc_now() - t0;
            if (rep > 0 && st.time_total < best) best = st.time_total;
            if (rep > 0 && wall < best_wall) best_wall = wall;
            r.rounds = st.rounds;
            r.dev_bytes_all = (double)st.device_bytes / (double)n;
        }
        if (streams == 1) { r.e2e1 = best; r.e2e1_wall = best_wall; memcpy(lcp2, lcp, 4 * (size_t)n); }
        else { r.e2e2 = best; r.e2e2_wall = best_wall; }
    }
    r.ok = memcmp(sa, sa2, 4 * (size_t)n) == 0 && memcmp(lcp, lcp2, 4 * (size_t)n) == 0 && g1.len == g2.len &&
           g1.pos == g2.pos && g1.count == g2.count && g1.sa_index == g2.sa_index;
    if (!r.ok) fprintf(stderr, "%s: one- and two-stream results differ\n", name);
    /* CPU: sa.h default on the host's cores (one run: it is the slow side) */
    if (!no_cpu) {
        int64_t lrs[4];
        if (sa_cuda_bench_cpu(text, n, sa2, lcp2, lrs, threads, &r.cpu_sa, &r.cpu_all, &r.cpu_threads, &r.cpu_algo)) {
            fprintf(stderr, "%s: sa.h failed\n", name);
            r.ok = 0;
        }
        r.cpu_all += r.cpu_sa;
        int same = memcmp(sa, sa2, 4 * (size_t)n) == 0 && memcmp(lcp, lcp2, 4 * (size_t)n) == 0 && g1.len == lrs[0] &&
                   g1.sa_index == lrs[1] && g1.pos == lrs[2] && g1.count == lrs[3];
        if (!same) fprintf(stderr, "%s: GPU and CPU results differ\n", name);
        r.ok &= same;
    }
    double mb = (double)n / 1e9;
    printf("%-14s n=%-10lld GPU SA incl. copies %.4f s = %.2f GB/s (h2d %.4f, sort %.4f, d2h %.4f; %d rounds)\n",
           name, (long long)n, r.gpu_sa_copies, mb / r.gpu_sa_copies, r.gpu_h2d, r.gpu_sa_kernel, r.gpu_d2h, r.rounds);
    printf("%-14s SA+LCP+LRS end to end: 1 stream %.4f s = %.2f GB/s (wall incl. cudaMalloc %.4f s), 2 streams %.4f s = %.2f GB/s (wall %.4f s)\n",
           "", r.e2e1, mb / r.e2e1, r.e2e1_wall, r.e2e2, mb / r.e2e2, r.e2e2_wall);
    if (!no_cpu)
        printf("%-14s CPU sa.h default (%s, %d threads): SA %.3f s = %.3f GB/s, SA+LCP+LRS %.3f s; GPU/CPU SA %.1fx, end to end %.1fx\n",
               "", r.cpu_algo, r.cpu_threads, r.cpu_sa, mb / r.cpu_sa, r.cpu_all, r.cpu_sa / r.gpu_sa_copies,
               r.cpu_all / (r.e2e2 < r.e2e1 ? r.e2e2 : r.e2e1));
    printf("%-14s device bytes/n: SA %.2f, SA+LCP+LRS %.2f; results %s\n", "", r.dev_bytes_sa, r.dev_bytes_all,
           r.ok ? "identical" : "DIFFER");
    if (csv)
        fprintf(csv, "%s,%lld,%.6f,%.6f,%.6f,%.6f,%.3f,%.6f,%.6f,%.6f,%.6f,%.3f,%.6f,%.6f,%s,%d,%.3f,%.3f,%d,%d\n", name,
                (long long)n, r.gpu_h2d, r.gpu_sa_kernel, r.gpu_d2h, r.gpu_sa_copies, mb / r.gpu_sa_copies, r.e2e1,
                r.e2e1_wall, r.e2e2, r.e2e2_wall, mb / (r.e2e2 < r.e2e1 ? r.e2e2 : r.e2e1), r.cpu_sa, r.cpu_all,
                r.cpu_algo, r.cpu_threads, r.dev_bytes_sa, r.dev_bytes_all, r.rounds, r.ok);
    dc_check(r.ok, "%s: results differ", name);
    CK(cudaStreamDestroy(s));
    CK(cudaFreeHost(text)); CK(cudaFreeHost(sa)); CK(cudaFreeHost(lcp));
    free(sa2); free(lcp2);
}

/* count texts of len bytes: the batch API (one and several streams) against one device call per
 * text (buffers allocated once, copies included, page-locked host memory). */
static void bench_batch(int64_t count, int64_t len)
{
    int64_t total = count * len;
    uint8_t *text;
    int32_t *sa1, *sa2;
    CK(cudaMallocHost(&text, (size_t)total));
    CK(cudaMallocHost(&sa1, 4 * (size_t)total));
    CK(cudaMallocHost(&sa2, 4 * (size_t)total));
    dc_random_bytes(text, (size_t)total, 12345);
    int64_t *off = (int64_t *)malloc(8 * (size_t)(count + 1));
    for (int64_t t = 0; t <= count; t++) off[t] = t * len;
    /* one call per text */
    size_t ws = sa_cuda_workspace_size(len);
    uint8_t *d_text;
    int32_t *d_sa;
    void *d_ws;
    CK(cudaMalloc(&d_text, (size_t)len));
    CK(cudaMalloc(&d_sa, 4 * (size_t)len));
    CK(cudaMalloc(&d_ws, ws));
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    SK(sa_cuda_build(d_text, d_sa, len, d_ws, ws, s)); /* warm-up */
    CK(cudaStreamSynchronize(s));
    double t0 = dc_now();
    for (int64_t t = 0; t < count; t++) {
        CK(cudaMemcpyAsync(d_text, text + off[t], (size_t)len, cudaMemcpyHostToDevice, s));
        SK(sa_cuda_build(d_text, d_sa, len, d_ws, ws, s));
        CK(cudaMemcpyAsync(sa1 + off[t], d_sa, 4 * (size_t)len, cudaMemcpyDeviceToHost, s));
    }
    CK(cudaStreamSynchronize(s));
    double t_single = dc_now() - t0;
    CK(cudaFree(d_text)); CK(cudaFree(d_sa)); CK(cudaFree(d_ws));
    CK(cudaStreamDestroy(s));
    double gb = (double)total / 1e9;
    printf("batch %lld x %lld B: one device call per text %.3f s = %.3f GB/s\n", (long long)count, (long long)len,
           t_single, gb / t_single);
    for (int streams = 1; streams <= 3; streams++) {
        double best = 1e30, best_ev = 1e30;
        sa_cuda_stats st;
        for (int rep = 0; rep <= reps; rep++) {
            sa_cuda_options o = {};
            o.streams = streams;
            memset(sa2, 0xFF, 4 * (size_t)total);
            double w0 = dc_now();
            SK(sa_cuda_host_batch(text, off, count, sa2, &o, &st));
            double wall = dc_now() - w0;
            if (rep > 0 && wall < best) best = wall;
            if (rep > 0 && st.time_total < best_ev) best_ev = st.time_total;
        }
        int same = memcmp(sa1, sa2, 4 * (size_t)total) == 0;
        printf("batch %lld x %lld B: sa_cuda_host_batch streams=%d: %.3f s wall (%.3f s device) = %.3f GB/s, %.1fx one call per text; %.2f device bytes/n; %s\n",
               (long long)count, (long long)len, streams, best, best_ev, gb / best, t_single / best,
               (double)st.device_bytes / (double)total, same ? "identical" : "DIFFER");
        if (csv)
            fprintf(csv, "batch_%lldx%lld_streams%d,%lld,,,,%.6f,%.3f,,,,,,%.6f,,single_calls,%d,,%.3f,%d,%d\n",
                    (long long)count, (long long)len, streams, (long long)total, best, gb / best, t_single, streams,
                    (double)st.device_bytes / (double)total, st.rounds, same);
        dc_check(same, "batch streams=%d differs from one call per text", streams);
    }
    free(off);
    CK(cudaFreeHost(text)); CK(cudaFreeHost(sa1)); CK(cudaFreeHost(sa2));
}

int main(int argc, char **argv)
{
    dc_init(argc, argv, "[--headers FILE] [--random-mb M] [--acgt-mb M] [--reps R] [--threads T] [--batch-count C] "
                        "[--batch-kb K] [--no-cpu] [--csv FILE]");
    const char *headers = NULL, *csv_path = NULL;
    int64_t random_mb = 256, acgt_mb = 64, batch_count = 10000, batch_kb = 64;
    int threads = 0, no_cpu = 0;
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--headers")) headers = dc_arg_str(&i);
        else if (dc_is(argv[i], "--random-mb")) random_mb = dc_arg_i64(&i, 0, 2000);
        else if (dc_is(argv[i], "--acgt-mb")) acgt_mb = dc_arg_i64(&i, 0, 2000);
        else if (dc_is(argv[i], "--reps")) reps = (int)dc_arg_i64(&i, 1, 100);
        else if (dc_is(argv[i], "--threads")) threads = (int)dc_arg_i64(&i, 0, 1024);
        else if (dc_is(argv[i], "--batch-count")) batch_count = dc_arg_i64(&i, 0, 1000000);
        else if (dc_is(argv[i], "--batch-kb")) batch_kb = dc_arg_i64(&i, 1, 1 << 20);
        else if (dc_is(argv[i], "--no-cpu")) no_cpu = 1;
        else if (dc_is(argv[i], "--csv")) csv_path = dc_arg_str(&i);
        else if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else dc_unknown(i);
    }
    int dev = 0;
    if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) {
        printf("no CUDA device: skipped\n");
        return DC_EXIT_SKIP;
    }
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("GPU: %s, %d SMs, %.1f GB\n", prop.name, prop.multiProcessorCount, prop.totalGlobalMem / 1e9);
    if (csv_path && !(csv = fopen(csv_path, "w"))) dc_usage_error("cannot write %s", csv_path);
    if (csv)
        fprintf(csv, "dataset,n,gpu_h2d_s,gpu_sa_s,gpu_d2h_s,gpu_sa_copies_s,gpu_sa_copies_gb_s,e2e_1stream_s,"
                     "e2e_1stream_wall_s,e2e_2streams_s,e2e_2streams_wall_s,e2e_best_gb_s,cpu_sa_s,cpu_sa_lcp_lrs_s,"
                     "cpu_algo,cpu_threads,dev_bytes_per_n_sa,dev_bytes_per_n_all,rounds,ok\n");
    if (random_mb > 0) {
        int64_t n = random_mb << 20;
        uint8_t *t = (uint8_t *)malloc((size_t)n);
        dc_random_bytes(t, (size_t)n, 730);
        char name[64];
        snprintf(name, sizeof name, "random-%lldMB", (long long)random_mb);
        bench_one(name, t, n, threads, no_cpu);
        free(t);
    }
    if (headers) {
        unsigned char *t;
        size_t n;
        dc_read_file(headers, (size_t)1 << 31, &t, &n);
        char name[64];
        snprintf(name, sizeof name, "headers-%lldMB", (long long)(n / 1000000));
        bench_one(name, t, (int64_t)n, threads, no_cpu);
        free(t);
    }
    if (acgt_mb > 0) {
        int64_t n = acgt_mb << 20;
        uint8_t *t = (uint8_t *)malloc((size_t)n);
        dc_random_bytes(t, (size_t)n, 4);
        for (int64_t i = 0; i < n; i++) t[i] = (uint8_t)"ACGT"[t[i] & 3];
        char name[64];
        snprintf(name, sizeof name, "acgt-%lldMB", (long long)acgt_mb);
        bench_one(name, t, n, threads, no_cpu);
        free(t);
    }
    if (batch_count > 0) bench_batch(batch_count, batch_kb * 1024);
    if (csv) fclose(csv);
    return dc_exit_code();
}
