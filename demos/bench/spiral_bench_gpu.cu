/* spiral_bench_gpu - spiral.h on the GPU, side by side in one run:
 *   checksum of 100000 x 300000 (3e10 values): row-generation kernel vs the seed's
 *     branchless per-cell kernel (5.3), cells/s and ratio;
 *   device-to-device copy bandwidth (cudaMemcpyAsync, bytes read + written);
 *   fill of a 20000 x 50000 band into device memory (bytes written / time) as a fraction
 *     of the copy bandwidth;
 *   payload reordering of an odd 8191 x 8193 matrix, element sizes 4, 8, 16, both
 *     directions (bytes read + written / time) as a fraction of the copy bandwidth.
 * cudaEvent timing, one warm-up, median of repeats. Results are checked (checksums, spot
 * checks of the fill, reorder round trip). Usage: spiral_bench_gpu [out.csv] */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "../demo_common.h"
#include <algorithm>
#include <string>
#include <vector>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(DC_EXIT_FAIL); } } while (0)
#define SK(call) do { spiral_status s_ = (call); if (s_ != SPIRAL_OK) { \
    fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, spiral_status_string(s_)); exit(DC_EXIT_FAIL); } } while (0)

template <typename F> static double time_median(int reps, F f)
{
    cudaEvent_t a, b;
    std::vector<float> t;
    CK(cudaEventCreate(&a));
    CK(cudaEventCreate(&b));
    f(); /* warm-up */
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < reps; i++) {
        float ms;
        CK(cudaEventRecord(a));
        f();
        CK(cudaEventRecord(b));
        CK(cudaEventSynchronize(b));
        CK(cudaEventElapsedTime(&ms, a, b));
        t.push_back(ms / 1000.0f);
    }
    std::sort(t.begin(), t.end());
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return t[t.size() / 2];
}

int main(int argc, char **argv)
{
    int n = 0, fails = 0;
    cudaDeviceProp prop;
    FILE *csv = NULL;
    dc_init(argc, argv, "[out.csv]");
    if (argc > 2) dc_unknown(2);
    if (argc > 1 && (dc_is(argv[1], "-h") || dc_is(argv[1], "--help"))) dc_help();
    if (argc > 1 && !(csv = fopen(argv[1], "w"))) dc_usage_error("cannot write '%s'", argv[1]);
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) { fprintf(stderr, "no CUDA device, skipping\n"); return DC_EXIT_SKIP; }
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("spiral.h GPU benchmark on %s (%d SMs)\n", prop.name, prop.multiProcessorCount);
    if (csv) fprintf(csv, "device,test,M,N,elem_size,time_s,rate,unit,fraction_of_copy,ratio,ok\n");

    /* ---- checksum ---- */
    unsigned long long *d_x, x = 0;
    CK(cudaMalloc(&d_x, 8));
    const uint64_t M = 100000, N = 300000;
    double cells = (double)M * (double)N;
    double tr = time_median(10, [&] { SK(spiral_cuda_checksum(M, N, 0, M, d_x, NULL, 0, 0)); });
    CK(cudaMemcpy(&x, d_x, 8, cudaMemcpyDeviceToHost));
    int okr = x == 30000000000ull;
    double tf = time_median(3, [&] { SK(spiral_cuda_checksum_formula(M, N, 0, M, d_x, NULL, 0, 0)); });
    CK(cudaMemcpy(&x, d_x, 8, cudaMemcpyDeviceToHost));
    int okf = x == 30000000000ull;
    fails += !okr + !okf;
    printf("%-34s %10.5f s  %10.4g cells/s  %s\n", "checksum 100000x300000 rowgen", tr, cells / tr, okr ? "OK" : "MISMATCH");
    printf("%-34s %10.5f s  %10.4g cells/s  %s  (rowgen is %.1fx)\n", "checksum 100000x300000 per-cell", tf, cells / tf,
           okf ? "OK" : "MISMATCH", tf / tr);
    if (csv) {
        fprintf(csv, "%s,checksum_rowgen,%llu,%llu,8,%.6f,%.6e,cells/s,,%.3f,%d\n", prop.name, (unsigned long long)M,
                (unsigned long long)N, tr, cells / tr, tf / tr, okr);
        fprintf(csv, "%s,checksum_percell,%llu,%llu,8,%.6f,%.6e,cells/s,,1,%d\n", prop.name, (unsigned long long)M,
                (unsigned long long)N, tf, cells / tf, okf);
    }

    /* ---- copy bandwidth, fill ---- */
    const uint64_t FM = 20000, FN = 50000, fcnt = FM * FN;
    const size_t fbytes = fcnt * 8;
    uint64_t *d_a, *d_b;
    CK(cudaMalloc(&d_a, fbytes));
    CK(cudaMalloc(&d_b, fbytes));
    CK(cudaMemset(d_a, 1, fbytes));
    double tc = time_median(10, [&] { CK(cudaMemcpyAsync(d_b, d_a, fbytes, cudaMemcpyDeviceToDevice)); });
    double copy_bw = 2.0 * (double)fbytes / tc;
    printf("%-34s %10.5f s  %10.4g GB/s (read + write)\n", "device copy 8 GB", tc, copy_bw / 1e9);
    if (csv) fprintf(csv, "%s,copy_d2d,,,1,%.6f,%.6e,B/s,1,,1\n", prop.name, tc, copy_bw);
    CK(cudaMemset(d_b, 0xA5, fbytes));
    double tfill = time_median(10, [&] { SK(spiral_cuda_fill_rows(FM, FN, 0, FM, d_b, NULL, 0, 0)); });
    int okfill = 1;
    for (int i = 0; i < 2000; i++) { /* spot checks, including row ends */
        uint64_t r = (uint64_t)rand() % FM, c = i % 4 == 0 ? FN - 1 : i % 4 == 1 ? 0 : (uint64_t)rand() % FN, v;
        CK(cudaMemcpy(&v, d_b + r * FN + c, 8, cudaMemcpyDeviceToHost));
        okfill &= v == spiral_value(FM, FN, r, c);
    }
    fails += !okfill;
    double fill_bw = (double)fbytes / tfill;
    printf("%-34s %10.5f s  %10.4g GB/s written = %.0f%% of copy  %s\n", "fill 20000x50000 (8 GB)", tfill, fill_bw / 1e9,
           100 * fill_bw / copy_bw, okfill ? "OK" : "MISMATCH");
    if (csv) fprintf(csv, "%s,fill,%llu,%llu,8,%.6f,%.6e,B/s,%.4f,,%d\n", prop.name, (unsigned long long)FM,
                     (unsigned long long)FN, tfill, fill_bw, fill_bw / copy_bw, okfill);

    /* ---- reorder ---- */
    const uint64_t RM = 8191, RN = 8193;
    const size_t sizes[] = {4, 8, 16};
    for (size_t si = 0; si < 3; si++) {
        size_t es = sizes[si], bytes = (size_t)(RM * RN) * es;
        unsigned char *d_in = (unsigned char *)d_a, *d_out = (unsigned char *)d_b, *d_back;
        CK(cudaMalloc(&d_back, bytes));
        std::vector<unsigned char> h(bytes);
        for (size_t i = 0; i < bytes; i++) h[i] = (unsigned char)(i * 2654435761u >> 13);
        CK(cudaMemcpy(d_in, h.data(), bytes, cudaMemcpyHostToDevice));
        double t1 = time_median(10, [&] { SK(spiral_cuda_reorder(RM, RN, es, d_in, d_out, SPIRAL_TO_SPIRAL, NULL, 0, 0)); });
        double t2 = time_median(10, [&] { SK(spiral_cuda_reorder(RM, RN, es, d_out, d_back, SPIRAL_TO_ROWMAJOR, NULL, 0, 0)); });
        double tcp = time_median(10, [&] { CK(cudaMemcpyAsync(d_back + 0, d_out, bytes, cudaMemcpyDeviceToDevice)); });
        SK(spiral_cuda_reorder(RM, RN, es, d_out, d_back, SPIRAL_TO_ROWMAJOR, NULL, 0, 0));
        std::vector<unsigned char> back(bytes), sp(es);
        CK(cudaMemcpy(back.data(), d_back, bytes, cudaMemcpyDeviceToHost));
        int ok = memcmp(back.data(), h.data(), bytes) == 0;
        for (int i = 0; i < 200 && ok; i++) { /* spot checks of the spiral order itself */
            uint64_t r = (uint64_t)rand() % RM, c = (uint64_t)rand() % RN, k = spiral_value(RM, RN, r, c) - 1;
            CK(cudaMemcpy(sp.data(), d_out + k * es, es, cudaMemcpyDeviceToHost));
            ok &= memcmp(sp.data(), h.data() + (r * RN + c) * es, es) == 0;
        }
        fails += !ok;
        double bw1 = 2.0 * (double)bytes / t1, bw2 = 2.0 * (double)bytes / t2, bwc = 2.0 * (double)bytes / tcp;
        printf("%-34s %10.5f s  %10.4g GB/s = %.0f%% of copy (same-size copy %.0f GB/s)  %s\n",
               (std::string("reorder to spiral, elem ") + std::to_string(es) + " B").c_str(), t1, bw1 / 1e9,
               100 * bw1 / copy_bw, bwc / 1e9, ok ? "OK" : "MISMATCH");
        printf("%-34s %10.5f s  %10.4g GB/s = %.0f%% of copy\n",
               (std::string("reorder to row-major, elem ") + std::to_string(es) + " B").c_str(), t2, bw2 / 1e9,
               100 * bw2 / copy_bw);
        if (csv) {
            fprintf(csv, "%s,reorder_to_spiral,%llu,%llu,%zu,%.6f,%.6e,B/s,%.4f,,%d\n", prop.name,
                    (unsigned long long)RM, (unsigned long long)RN, es, t1, bw1, bw1 / copy_bw, ok);
            fprintf(csv, "%s,reorder_to_rowmajor,%llu,%llu,%zu,%.6f,%.6e,B/s,%.4f,,%d\n", prop.name,
                    (unsigned long long)RM, (unsigned long long)RN, es, t2, bw2, bw2 / copy_bw, ok);
        }
        cudaFree(d_back);
    }
    if (csv) fclose(csv);
    cudaFree(d_a); cudaFree(d_b); cudaFree(d_x);
    printf("%s\n", fails ? "SOME RESULTS WRONG" : "all results OK");
    return fails ? DC_EXIT_FAIL : DC_EXIT_OK;
}
