/* sa_cuda_bench_libcubwt.cu - sa_cuda.cuh against libcubwt 1.0.0 (its libcubwt_sa) in one program,
 * on the same page-locked buffers (issue 25's method), and against sa.h's default on all host cores.
 *
 *   sa_cuda_bench_libcubwt [--headers FILE] [--file NAME=FILE ...] [--acgt-mb 64] [--random-mb 256]
 *                          [--fib-mb 16] [--reps 5] [--no-cpu] [--no-64] [--csv FILE]
 *                          [--variants sa_cuda,sa_cuda_dc3,sa_cuda_dbl,sa_cuda64,libcubwt]
 *
 * For each input: the SA by
 *   sa_cuda       sa_cuda_build (the default rule) in the workspace of sa_cuda_workspace_size
 *   sa_cuda_dc3   DC3 forced, in exactly sa_cuda_build_workspace_size bytes (the 16n figure)
 *   sa_cuda_dbl   prefix doubling forced
 *   sa_cuda64     sa_cuda_build64 (the default rule), int64 SA
 *   libcubwt      libcubwt_sa (it copies the text up and the SA down itself)
 * each timed from the start of the text's upload to the end of the SA's download (host clock,
 * the device idle before and after), device storage allocated before timing, page-locked host
 * buffers, min of --reps runs interleaved (variant after variant in each repetition), after one
 * warm-up of each. Every SA is compared with sa.h's. Device bytes: sa_cuda's text + SA + the
 * workspace the call was given; libcubwt's what cudaMemGetInfo saw libcubwt_allocate_device_storage
 * take (plus nothing else: it keeps text and SA in that storage). sa.h: sa_build_ex on all host
 * cores, one run (min of 2 with --reps >= 3). Column "dev ms" (CSV device_seconds): sa_cuda's
 * build call alone by CUDA events (no copies; min over the same runs), where the 64-bit and the
 * 32-bit calls differ only by the width of what they write.
 * Without a GPU: exit 77. A SA that differs: exit 1. Prints a table; --csv writes one row per
 * input and variant. */
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#include "demo_common.h"
#include "libcubwt.cuh"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

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

struct input {
    std::string name;
    std::vector<uint8_t> data;
};

static std::vector<uint8_t> read_file(const char *path)
{
    std::vector<uint8_t> v;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(DC_EXIT_USAGE);
    }
    uint8_t buf[1 << 16];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) v.insert(v.end(), buf, buf + k);
    fclose(f);
    return v;
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint64_t next_rand(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

enum { V_DEF, V_DC3, V_DBL, V_64, V_CUBWT, NV };
static const char *vname[NV] = {"sa_cuda", "sa_cuda_dc3", "sa_cuda_dbl", "sa_cuda64", "libcubwt"};

int main(int argc, char **argv)
{
    int reps = 5, cpu = 1, do64 = 1, use[NV] = {1, 1, 1, 1, 1};
    int64_t acgt_mb = 64, random_mb = 256, fib_mb = 16;
    const char *csv_path = NULL;
    std::vector<input> inputs;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--headers") && i + 1 < argc) inputs.push_back({"headers", read_file(argv[++i])});
        else if (!strcmp(a, "--file") && i + 1 < argc) {
            std::string s = argv[++i];
            size_t eq = s.find('=');
            if (eq == std::string::npos) { fprintf(stderr, "--file NAME=PATH\n"); return DC_EXIT_USAGE; }
            inputs.push_back({s.substr(0, eq), read_file(s.substr(eq + 1).c_str())});
        } else if (!strcmp(a, "--acgt-mb") && i + 1 < argc) acgt_mb = atoll(argv[++i]);
        else if (!strcmp(a, "--random-mb") && i + 1 < argc) random_mb = atoll(argv[++i]);
        else if (!strcmp(a, "--fib-mb") && i + 1 < argc) fib_mb = atoll(argv[++i]);
        else if (!strcmp(a, "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(a, "--csv") && i + 1 < argc) csv_path = argv[++i];
        else if (!strcmp(a, "--no-cpu")) cpu = 0;
        else if (!strcmp(a, "--no-64")) do64 = 0;
        else if (!strcmp(a, "--variants") && i + 1 < argc) { /* comma list of the names in the table */
            std::string l = std::string(",") + argv[++i] + ",";
            for (int v = 0; v < NV; v++) use[v] = l.find(std::string(",") + vname[v] + ",") != std::string::npos;
        }
        else { fprintf(stderr, "unknown argument %s\n", a); return DC_EXIT_USAGE; }
    }
    int dev = 0;
    if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) { printf("no GPU: skipped\n"); return DC_EXIT_SKIP; }
    if (acgt_mb > 0) {
        input in = {"acgt", std::vector<uint8_t>((size_t)acgt_mb << 20)};
        for (auto &c : in.data) c = (uint8_t)"ACGT"[next_rand() & 3];
        inputs.push_back(in);
    }
    if (random_mb > 0) {
        input in = {"random", std::vector<uint8_t>((size_t)random_mb << 20)};
        for (size_t i = 0; i < in.data.size(); i += 8) {
            uint64_t z = next_rand();
            memcpy(&in.data[i], &z, in.data.size() - i < 8 ? in.data.size() - i : 8);
        }
        inputs.push_back(in);
    }
    if (fib_mb > 0) { /* Fibonacci word: a -> ab, b -> a */
        size_t n = (size_t)fib_mb << 20;
        std::vector<uint8_t> a(1, 'a');
        while (a.size() < n) {
            std::vector<uint8_t> c;
            c.reserve(a.size() * 2);
            for (uint8_t x : a) { c.push_back('a'); if (x == 'a') c.push_back('b'); }
            a.swap(c);
        }
        a.resize(n);
        inputs.push_back({"fibonacci", a});
    }
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv)
        fprintf(csv, "input,n,variant,seconds,gbps,device_bytes_per_n,ok,algorithm,vs_libcubwt,cpu_seconds,cpu_threads,"
                     "cpu_algo,vs_cpu,device_seconds\n");
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("GPU %s, %d reps (min), copies included, page-locked buffers\n", prop.name, reps);
    printf("%-10s %11s | %-12s %8s %7s %8s %6s %7s %7s | %s\n", "input", "n", "variant", "ms", "GB/s", "dev B/n",
           "SA ok", "x cubwt", "dev ms", "x sa.h");
    int fail = 0;
    for (auto &in : inputs) {
        int64_t n = (int64_t)in.data.size();
        if (n < 2 || n > INT32_MAX - 2) continue;
        uint8_t *h_text;
        int32_t *h_sa;
        int64_t *h_sa64;
        CK(cudaMallocHost(&h_text, (size_t)n));
        CK(cudaMallocHost(&h_sa, 4 * (size_t)n));
        CK(cudaMallocHost(&h_sa64, do64 ? 8 * (size_t)n : 8));
        memcpy(h_text, in.data.data(), (size_t)n);
        /* the oracle and the CPU time: sa.h's default on every core */
        std::vector<int32_t> ref((size_t)n);
        double cpu_s = 0;
        int cpu_threads = 0;
        const char *cpu_algo = "-";
        {
            double ts = 0, tl = 0, best = 1e30;
            for (int r = 0; r < (cpu && reps >= 3 ? 2 : 1); r++) {
                if (sa_cuda_bench_cpu(h_text, n, ref.data(), NULL, NULL, cpu ? 0 : 0, &ts, &tl, &cpu_threads, &cpu_algo)) {
                    fprintf(stderr, "sa.h failed\n");
                    return DC_EXIT_FAIL;
                }
                if (ts < best) best = ts;
            }
            cpu_s = cpu ? best : 0;
        }
        /* device storage, allocated before any timing */
        uint8_t *d_text;
        int32_t *d_sa;
        int64_t *d_sa64 = NULL;
        void *d_ws, *d_ws64 = NULL;
        size_t ws_any = sa_cuda_workspace_size(n), ws_build = sa_cuda_build_workspace_size(n);
        size_t ws64 = do64 ? sa_cuda_build_workspace_size64(n) : 0, ws64_any = do64 ? sa_cuda_workspace_size64(n) : 0;
        CK(cudaMalloc(&d_text, (size_t)n));
        CK(cudaMalloc(&d_sa, 4 * (size_t)n));
        CK(cudaMalloc(&d_ws, ws_any));
        if (do64) {
            CK(cudaMalloc(&d_sa64, 8 * (size_t)n));
            CK(cudaMalloc(&d_ws64, ws64_any));
        }
        size_t free0, free1, total;
        CK(cudaDeviceSynchronize());
        CK(cudaMemGetInfo(&free0, &total));
        void *cubwt = NULL;
        if (use[V_CUBWT] && libcubwt_allocate_device_storage(&cubwt, n) != LIBCUBWT_NO_ERROR) {
            fprintf(stderr, "libcubwt_allocate_device_storage failed for n = %lld\n", (long long)n);
            cubwt = NULL;
        }
        CK(cudaDeviceSynchronize());
        CK(cudaMemGetInfo(&free1, &total));
        double dev_bytes[NV] = {(double)(n + 4 * n) + (double)ws_any, (double)(n + 4 * n) + (double)ws_build,
                                (double)(n + 4 * n) + (double)ws_any, (double)(n + 8 * n) + (double)ws64,
                                (double)(free0 - free1)};
        double best[NV], best_dev[NV];
        int ok[NV], algo_ran[NV], levels = 0;
        for (int v = 0; v < NV; v++) best[v] = best_dev[v] = 1e30, ok[v] = 1, algo_ran[v] = 0;
        cudaStream_t s;
        CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
        cudaEvent_t e0, e1; /* around the build call alone */
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
            for (int v = 0; v < NV; v++) {
                if ((v == V_64 && !do64) || !use[v]) continue;
                if (v == V_CUBWT && !cubwt) continue;
                CK(cudaDeviceSynchronize());
                memset(h_sa, 0xFF, sizeof(int32_t) * (size_t)(n < 1024 ? n : 1024)); /* poison the head */
                double t0 = dc_now();
                sa_cuda_status st = SA_CUDA_OK;
                if (v == V_CUBWT) {
                    if (libcubwt_sa(cubwt, h_text, (uint32_t *)h_sa, n) != LIBCUBWT_NO_ERROR) st = SA_CUDA_ERR_CUDA;
                } else {
                    CK(cudaMemcpyAsync(d_text, h_text, (size_t)n, cudaMemcpyHostToDevice, s));
                    CK(cudaEventRecord(e0, s));
                    if (v == V_DEF) st = sa_cuda_build(d_text, d_sa, n, d_ws, ws_any, s);
                    if (v == V_DC3) st = sa_cuda_build_algo(d_text, d_sa, n, SA_CUDA_ALGO_DC3, (char *)d_ws + (ws_any - ws_build), ws_build, s);
                    if (v == V_DBL) st = sa_cuda_build_algo(d_text, d_sa, n, SA_CUDA_ALGO_DOUBLING, d_ws, ws_any, s);
                    if (v == V_64) st = sa_cuda_build64(d_text, d_sa64, n, d_ws64, ws64, s);
                    CK(cudaEventRecord(e1, s));
                    if (v == V_64) CK(cudaMemcpyAsync(h_sa64, d_sa64, 8 * (size_t)n, cudaMemcpyDeviceToHost, s));
                    else CK(cudaMemcpyAsync(h_sa, d_sa, 4 * (size_t)n, cudaMemcpyDeviceToHost, s));
                    CK(cudaStreamSynchronize(s));
                }
                double dt = dc_now() - t0;
                if (st != SA_CUDA_OK) { fprintf(stderr, "%s %s: %s\n", in.name.c_str(), vname[v], sa_cuda_status_string(st)); ok[v] = 0; continue; }
                if (r >= 0 && dt < best[v]) best[v] = dt;
                float dev_ms = 0;
                if (v != V_CUBWT && cudaEventElapsedTime(&dev_ms, e0, e1) == cudaSuccess && r >= 0 &&
                    dev_ms * 1e-3 < best_dev[v])
                    best_dev[v] = dev_ms * 1e-3;
                if (r == reps - 1 || r == -1) { /* compare the SA (first and last run) */
                    int good = 1;
                    if (v == V_64) {
                        for (int64_t k = 0; k < n && good; k++) good = h_sa64[k] == ref[(size_t)k];
                    } else {
                        good = memcmp(h_sa, ref.data(), 4 * (size_t)n) == 0;
                    }
                    if (!good) ok[v] = 0;
                }
            }
        }
        /* which sorter the default took: the host call reports it (run once, outside the timing) */
        {
            sa_cuda_stats hs;
            memset(&hs, 0, sizeof hs);
            if (use[V_DEF] && sa_cuda_host_compute(h_text, n, h_sa, NULL, NULL, NULL, &hs) != SA_CUDA_OK) ok[V_DEF] = 0;
            algo_ran[V_DEF] = hs.algorithm;
            algo_ran[V_64] = hs.algorithm;
#ifdef SA_CUDA__REC_MIN /* a header with DC3's recursion: how many levels the default ran */
            levels = hs.levels;
#endif
            algo_ran[V_DC3] = SA_CUDA_ALGO_DC3;
            algo_ran[V_DBL] = SA_CUDA_ALGO_DOUBLING;
        }
        for (int v = 0; v < NV; v++) {
            if ((v == V_64 && !do64) || (v == V_CUBWT && !cubwt) || !use[v]) continue;
            double gbps = (double)n / best[v] * 1e-9, x = cubwt && best[V_CUBWT] < 1e29 ? best[V_CUBWT] / best[v] : 0;
            double xc = cpu_s > 0 ? cpu_s / best[v] : 0;
            const char *an = v == V_CUBWT ? "-" : algo_ran[v] == SA_CUDA_ALGO_DC3 ? "dc3" : "doubling";
            char an_log[32]; /* the log also names DC3's recursion levels (the CSV keeps the sorter) */
            int lv = v == V_DEF ? levels : 0; /* the 64-bit run's levels can differ (8-byte round 0): not kept */
            if (lv > 1) snprintf(an_log, sizeof an_log, "%s L%d", an, lv);
            else snprintf(an_log, sizeof an_log, "%s", an);
            double dev_s = best_dev[v] < 1e29 ? best_dev[v] : 0;
            printf("%-10s %11lld | %-12s %8.2f %7.3f %8.2f %6s %7.2f %7.2f | %.1f (%s, %d thr, %.0f ms)\n",
                   in.name.c_str(), (long long)n, vname[v], best[v] * 1e3, gbps, dev_bytes[v] / (double)n,
                   ok[v] ? "yes" : "NO", x, dev_s * 1e3, xc, an_log, cpu_threads, cpu_s * 1e3);
            if (csv)
                fprintf(csv, "%s,%lld,%s,%.6f,%.4f,%.3f,%d,%s,%.4f,%.6f,%d,%s,%.3f,%.6f\n", in.name.c_str(),
                        (long long)n, vname[v], best[v], gbps, dev_bytes[v] / (double)n, ok[v], an, x, cpu_s,
                        cpu_threads, cpu_algo, xc, dev_s);
            if (!ok[v]) fail = 1;
        }
        fflush(stdout);
        CK(cudaStreamDestroy(s));
        CK(cudaEventDestroy(e0));
        CK(cudaEventDestroy(e1));
        if (cubwt) libcubwt_free_device_storage(cubwt);
        cudaFree(d_text); cudaFree(d_sa); cudaFree(d_ws);
        if (do64) { cudaFree(d_sa64); cudaFree(d_ws64); }
        cudaFreeHost(h_text); cudaFreeHost(h_sa); cudaFreeHost(h_sa64);
    }
    if (csv) fclose(csv);
    return fail ? DC_EXIT_FAIL : DC_EXIT_OK;
}
