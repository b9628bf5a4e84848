/* sa_cuda_widen_probe.cu - issue 25: what bringing a 64-bit SA to the host costs, four ways, on one
 * GPU, for a device SA of n 32-bit entries (the 32-bit sorter's result, which the ...64 calls
 * widen below 2^31 - 1):
 *   d2h32       download the 4n bytes as they are: what the 32-bit row of the benchmark pays
 *   dev_widen   one widening kernel into an int64 device SA, then download its 8n bytes: what
 *               sa_cuda_build64 plus a cudaMemcpy pay today
 *   dev_2s      the same in --chunks chunks on two streams: chunk k's widening runs while chunk
 *               k - 1 is on its way down
 *   host_widen  download the 4n bytes in chunks into a page-locked staging buffer and widen each
 *               chunk on the host threads (OpenMP) as soon as its event says it has landed, into
 *               the page-locked int64 SA
 * Each is timed by the host clock from an idle device to the int64 (or int32) SA on the host, min
 * of --reps runs after a warm-up, and every int64 result is compared with the 32-bit values.
 *   sa_cuda_widen_probe [--n N]... [--chunks 16] [--reps 5] [--threads 0] [--csv FILE]
 * (default n: 64 Mi and 256 Mi, the ACGT and random-bytes inputs of sa_cuda_libcubwt_run.sh.)
 * Without a GPU: exit 77; a wrong result: exit 1. */
#include "demo_common.h"

#include <cuda_runtime.h>
#include <omp.h>
#include <vector>

#define CK(call)                                                                                   \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(DC_EXIT_FAIL);                                                                    \
        }                                                                                          \
    } while (0)

static __global__ void k_fill(uint32_t *sa, uint64_t n) /* a permutation-like pattern, not iota */
{
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < n; k += (uint64_t)gridDim.x * blockDim.x)
        sa[k] = (uint32_t)((k * 2654435761u) % n);
}

static __global__ void k_widen(const uint32_t *in, uint64_t n, int64_t *out)
{
    for (uint64_t k = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; k < n; k += (uint64_t)gridDim.x * blockDim.x)
        out[k] = in[k];
}

enum { P_D2H32, P_DEV, P_DEV2S, P_HOST, NP };
static const char *pname[NP] = {"d2h32", "dev_widen", "dev_2s", "host_widen"};

int main(int argc, char **argv)
{
    std::vector<int64_t> ns;
    int64_t chunks = 16, reps = 5, threads = 0;
    const char *csv_path = NULL;
    dc_init(argc, argv, "sa_cuda_widen_probe [--n N]... [--chunks 16] [--reps 5] [--threads 0] [--csv FILE]");
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--n")) ns.push_back(dc_arg_i64(&i, 1, (int64_t)1 << 31));
        else if (dc_is(argv[i], "--chunks")) chunks = dc_arg_i64(&i, 1, 1024);
        else if (dc_is(argv[i], "--reps")) reps = dc_arg_i64(&i, 1, 100);
        else if (dc_is(argv[i], "--threads")) threads = dc_arg_i64(&i, 0, 1024);
        else if (dc_is(argv[i], "--csv")) csv_path = dc_arg_str(&i);
        else dc_unknown(i);
    }
    if (ns.empty()) ns = {(int64_t)64 << 20, (int64_t)256 << 20};
    int dev = 0;
    if (cudaGetDeviceCount(&dev) != cudaSuccess || dev == 0) { printf("no GPU: skipped\n"); return DC_EXIT_SKIP; }
    if (threads > 0) omp_set_num_threads((int)threads);
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("GPU %s, %d host threads, %lld chunks, min of %lld reps\n", prop.name, omp_get_max_threads(),
           (long long)chunks, (long long)reps);
    FILE *csv = csv_path ? fopen(csv_path, "w") : NULL;
    if (csv) fprintf(csv, "n,way,seconds,vs_dev_widen,ok\n");
    int bad = 0;
    for (int64_t n : ns) {
        uint32_t *d32, *h32;
        int64_t *d64, *h64;
        CK(cudaMalloc(&d32, 4 * (size_t)n));
        CK(cudaMalloc(&d64, 8 * (size_t)n));
        CK(cudaMallocHost(&h32, 4 * (size_t)n));
        CK(cudaMallocHost(&h64, 8 * (size_t)n));
        cudaStream_t s[2];
        CK(cudaStreamCreateWithFlags(&s[0], cudaStreamNonBlocking));
        CK(cudaStreamCreateWithFlags(&s[1], cudaStreamNonBlocking));
        std::vector<cudaEvent_t> ev((size_t)chunks);
        for (auto &e : ev) CK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        k_fill<<<1024, 256>>>(d32, (uint64_t)n);
        CK(cudaDeviceSynchronize());
        int64_t cs = (n + chunks - 1) / chunks;
        double best[NP];
        for (int p = 0; p < NP; p++) best[p] = 1e30;
        for (int64_t r = 0; r <= reps; r++) { /* r = 0: warm-up */
            for (int p = 0; p < NP; p++) {
                memset(h64, 0xA5, 8 * (size_t)n); /* poison (and the pages touched alike for every way) */
                CK(cudaDeviceSynchronize());
                double t0 = dc_now();
                if (p == P_D2H32) {
                    CK(cudaMemcpyAsync(h32, d32, 4 * (size_t)n, cudaMemcpyDeviceToHost, s[0]));
                    CK(cudaStreamSynchronize(s[0]));
                } else if (p == P_DEV) {
                    k_widen<<<(unsigned)((n + 255) / 256 < 65535 * 16 ? (n + 255) / 256 : 65535 * 16), 256, 0, s[0]>>>(
                        d32, (uint64_t)n, d64);
                    CK(cudaMemcpyAsync(h64, d64, 8 * (size_t)n, cudaMemcpyDeviceToHost, s[0]));
                    CK(cudaStreamSynchronize(s[0]));
                } else if (p == P_DEV2S) {
                    for (int64_t c = 0; c < chunks; c++) {
                        int64_t a = c * cs, b = a + cs < n ? a + cs : n;
                        if (a >= b) break;
                        cudaStream_t st = s[c & 1];
                        k_widen<<<(unsigned)((b - a + 255) / 256), 256, 0, st>>>(d32 + a, (uint64_t)(b - a), d64 + a);
                        CK(cudaMemcpyAsync(h64 + a, d64 + a, 8 * (size_t)(b - a), cudaMemcpyDeviceToHost, st));
                    }
                    CK(cudaStreamSynchronize(s[0]));
                    CK(cudaStreamSynchronize(s[1]));
                } else {
                    for (int64_t c = 0; c < chunks; c++) {
                        int64_t a = c * cs, b = a + cs < n ? a + cs : n;
                        if (a < b) CK(cudaMemcpyAsync(h32 + a, d32 + a, 4 * (size_t)(b - a), cudaMemcpyDeviceToHost, s[0]));
                        CK(cudaEventRecord(ev[(size_t)c], s[0]));
                    }
                    for (int64_t c = 0; c < chunks; c++) {
                        int64_t a = c * cs, b = a + cs < n ? a + cs : n;
                        CK(cudaEventSynchronize(ev[(size_t)c]));
#pragma omp parallel for schedule(static)
                        for (int64_t k = a; k < b; k++) h64[k] = h32[k];
                    }
                }
                double t = dc_now() - t0;
                if (r > 0 && t < best[p]) best[p] = t;
                if (r == reps && p != P_D2H32) { /* check the last run's result */
                    int64_t wrong = 0;
                    for (int64_t k = 0; k < n; k++) wrong += h64[k] != (int64_t)(uint32_t)((uint64_t)k * 2654435761u % (uint64_t)n);
                    if (wrong) { printf("  %s n=%lld: %lld wrong entries\n", pname[p], (long long)n, (long long)wrong); bad = 1; }
                }
            }
        }
        printf("n = %lld (%lld MiB of 32-bit SA):\n", (long long)n, (long long)(4 * n >> 20));
        for (int p = 0; p < NP; p++) {
            printf("  %-11s %8.3f ms  %5.2fx dev_widen's time\n", pname[p], 1e3 * best[p], best[p] / best[P_DEV]);
            if (csv) fprintf(csv, "%lld,%s,%.6f,%.4f,%d\n", (long long)n, pname[p], best[p], best[p] / best[P_DEV], !bad);
        }
        for (auto &e : ev) cudaEventDestroy(e);
        cudaStreamDestroy(s[0]); cudaStreamDestroy(s[1]);
        cudaFree(d32); cudaFree(d64); cudaFreeHost(h32); cudaFreeHost(h64);
    }
    if (csv) fclose(csv);
    return bad ? DC_EXIT_FAIL : DC_EXIT_OK;
}
