/* bwt_cuda_bench.cu - sa_cuda.cuh's BWT, inverse BWT and batched search on the GPU (issue 26):
 *
 *   bwt_cuda_bench bwt    [--n N] [--acgt] [--aux R] [--reps K]    vs libcubwt 1.6 (when built
 *                         with -DBWT_BENCH_LIBCUBWT: meson -Dlibcubwt16_dir=PATH) and sa.h on the host
 *   bwt_cuda_bench search [--n N] [--patterns P] [--len M] [--threads T]
 *                         one sa_cuda_search call vs sa.h's sa_search_many with OpenMP
 *
 * bwt: host to host times (upload, BWT, download; libcubwt_bwt is host to host too) and the
 * device-only time (CUDA events), min of K runs; outputs compared byte for byte with sa.h's
 * BWT (and with libcubwt's). The inverse: sa_cuda_unbwt with aux samples every R (row unbwt)
 * and from the primary index alone (row unbwt_primary) vs libcubwt_unbwt (primary index only:
 * it has no aux variant) and sa.h's sa_unbwt_aux.
 * search: a text of N random ACGT bytes, its SA by sa_cuda_build, P patterns of M bytes (half
 * copied from the text, half random), counted and located by one sa_cuda_search call (kernel
 * time by events; with the pattern upload) and by sa_search_many on the host; results
 * compared. CSV on stdout; exit 1 when anything differs, 77 without a GPU. */
#include "demo_common.h"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#ifdef BWT_BENCH_LIBCUBWT
#include "libcubwt.cuh"
#endif
#include <vector>

extern "C" int bwt_bench_cpu_search(const uint8_t *t, const int32_t *sa, int64_t n, const uint8_t *pats,
                                    const int64_t *off, int64_t npat, int32_t *lo, int32_t *cnt, int threads,
                                    double *secs, int *used);
extern "C" int bwt_bench_cpu_bwt(const uint8_t *t, uint8_t *u, int32_t *aux, int32_t r, int64_t n, int threads,
                                 double *secs);
extern "C" int bwt_bench_cpu_unbwt(const uint8_t *u, uint8_t *t, const int32_t *aux, int32_t r, int64_t n, int threads,
                                   double *secs);

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s (line %d)\n", dc_prog(), cudaGetErrorString(e_), __LINE__); exit(DC_EXIT_FAIL); } } while (0)

static float ev_ms(cudaEvent_t a, cudaEvent_t b) { float ms = 0; cudaEventElapsedTime(&ms, a, b); return ms; }

static void make_text(std::vector<uint8_t> &t, int acgt, uint64_t seed)
{
    dc_random_bytes(t.data(), t.size(), seed);
    if (acgt) for (size_t i = 0; i < t.size(); i++) t[i] = (uint8_t)"ACGT"[t[i] & 3];
}

static int run_bwt(int64_t n, int acgt, int32_t r, int reps)
{
    std::vector<uint8_t> t((size_t)n), ref((size_t)n), got((size_t)n), back((size_t)n);
    make_text(t, acgt, 26);
    size_t naux = (size_t)((n - 1) / r + 1);
    std::vector<int32_t> raux(naux), gaux(naux);
    double cpu_s = 0, cpu_un = 0;
    if (bwt_bench_cpu_bwt(t.data(), ref.data(), raux.data(), r, n, 0, &cpu_s)) { fprintf(stderr, "cpu bwt failed\n"); return 1; }
    bwt_bench_cpu_unbwt(ref.data(), back.data(), raux.data(), r, n, 0, &cpu_un);
    dc_check(memcmp(back.data(), t.data(), (size_t)n) == 0, "cpu round trip");
    uint8_t *dt, *db, *dback;
    int32_t *daux, *dflag;
    size_t ws = sa_cuda_bwt_workspace_size(n), wsu = sa_cuda_unbwt_workspace_size(n);
    void *dws;
    CK(cudaMalloc(&dt, (size_t)n));
    CK(cudaMalloc(&db, (size_t)n));
    CK(cudaMalloc(&dback, (size_t)n));
    CK(cudaMalloc(&daux, 4 * naux));
    CK(cudaMalloc(&dflag, 4));
    CK(cudaMalloc(&dws, ws > wsu ? ws : wsu));
    uint8_t *ht, *hb; /* pinned copies for the host-to-host timings */
    CK(cudaMallocHost(&ht, (size_t)n));
    CK(cudaMallocHost(&hb, (size_t)n));
    memcpy(ht, t.data(), (size_t)n);
    cudaEvent_t e0, e1, e2, e3;
    cudaEventCreate(&e0), cudaEventCreate(&e1), cudaEventCreate(&e2), cudaEventCreate(&e3);
    double best_h2h = 1e30, best_dev = 1e30, best_uh2h = 1e30, best_udev = 1e30;
    for (int k = 0; k < reps; k++) {
        cudaEventRecord(e0);
        CK(cudaMemcpyAsync(dt, ht, (size_t)n, cudaMemcpyHostToDevice));
        cudaEventRecord(e1);
        if (sa_cuda_bwt(dt, db, daux, r, n, dws, ws, 0) != SA_CUDA_OK) { fprintf(stderr, "sa_cuda_bwt failed\n"); return 1; }
        cudaEventRecord(e2);
        CK(cudaMemcpyAsync(hb, db, (size_t)n, cudaMemcpyDeviceToHost));
        CK(cudaMemcpyAsync(gaux.data(), daux, 4 * naux, cudaMemcpyDeviceToHost));
        cudaEventRecord(e3);
        CK(cudaEventSynchronize(e3));
        best_h2h = fmin(best_h2h, ev_ms(e0, e3) / 1e3);
        best_dev = fmin(best_dev, ev_ms(e1, e2) / 1e3);
    }
    int same = memcmp(hb, ref.data(), (size_t)n) == 0 && memcmp(gaux.data(), raux.data(), 4 * naux) == 0;
    dc_check(same, "GPU BWT differs from sa.h's");
    /* the inverse, host to host and device only, min over reps: with the aux samples (rr = r,
     * naux words uploaded) or from the primary index alone (rr = 0, daux[0] only) */
    auto time_unbwt = [&](int32_t rr, size_t words, double *h2h, double *dev) {
        for (int k = 0; k < reps; k++) {
            memset(ht, 0, (size_t)n);
            cudaEventRecord(e0);
            CK(cudaMemcpyAsync(db, hb, (size_t)n, cudaMemcpyHostToDevice));
            CK(cudaMemcpyAsync(daux, gaux.data(), 4 * words, cudaMemcpyHostToDevice));
            cudaEventRecord(e1);
            if (sa_cuda_unbwt(db, dback, daux, rr, n, dflag, dws, wsu, 0) != SA_CUDA_OK) { fprintf(stderr, "sa_cuda_unbwt failed\n"); exit(DC_EXIT_FAIL); }
            cudaEventRecord(e2);
            CK(cudaMemcpyAsync(ht, dback, (size_t)n, cudaMemcpyDeviceToHost));
            cudaEventRecord(e3);
            CK(cudaEventSynchronize(e3));
            *h2h = fmin(*h2h, ev_ms(e0, e3) / 1e3);
            *dev = fmin(*dev, ev_ms(e1, e2) / 1e3);
        }
    };
    time_unbwt(r, naux, &best_uh2h, &best_udev);
    int32_t flag = -1;
    CK(cudaMemcpy(&flag, dflag, 4, cudaMemcpyDeviceToHost));
    int usame = flag == 0 && memcmp(ht, t.data(), (size_t)n) == 0;
    dc_check(usame, "GPU inverse differs (flag %d)", flag);
    /* the inverse from the primary index alone (daux[0]), libcubwt_unbwt's contract */
    double best_ph2h = 1e30, best_pdev = 1e30;
    time_unbwt(0, 1, &best_ph2h, &best_pdev);
    flag = -1;
    CK(cudaMemcpy(&flag, dflag, 4, cudaMemcpyDeviceToHost));
    int psame = flag == 0 && memcmp(ht, t.data(), (size_t)n) == 0;
    dc_check(psame, "GPU inverse from the primary index differs (flag %d)", flag);
    double lc = 0, lcu = 0;
    int lsame = -1, lusame = -1;
    size_t dev_bytes = (size_t)n * 2 + 4 * naux + ws;
#ifdef BWT_BENCH_LIBCUBWT
    CK(cudaFree(dws));
    dws = NULL;
    void *stor = NULL;
    if (libcubwt_allocate_device_storage(&stor, n) != 0) { fprintf(stderr, "libcubwt storage failed\n"); return 1; }
    lc = 1e30, lcu = 1e30;
    std::vector<uint8_t> lb((size_t)n), lt((size_t)n);
    int64_t prim = 0;
    for (int k = 0; k < reps; k++) {
        double a = dc_now();
        prim = libcubwt_bwt(stor, t.data(), lb.data(), n);
        lc = fmin(lc, dc_now() - a);
    }
    lsame = prim == raux[0] && memcmp(lb.data(), ref.data(), (size_t)n) == 0;
    for (int k = 0; k < reps; k++) {
        double a = dc_now();
        int64_t q = libcubwt_unbwt(stor, lb.data(), lt.data(), n, NULL, (int32_t)prim);
        lcu = fmin(lcu, dc_now() - a);
        lusame = q == 0 && memcmp(lt.data(), t.data(), (size_t)n) == 0;
    }
    libcubwt_free_device_storage(stor);
#endif
    printf("op,n,text,aux_r,gpu_host_to_host_s,gpu_device_s,libcubwt16_s,ratio_libcubwt_over_ours,libcubwt_same,sa_h_host_s,"
           "same,our_device_bytes_per_n\n");
    printf("bwt,%lld,%s,%d,%.4f,%.4f,%.4f,%.3f,%d,%.4f,%d,%.2f\n", (long long)n, acgt ? "acgt" : "random", r, best_h2h,
           best_dev, lc, lc > 0 ? lc / best_h2h : 0.0, lsame, cpu_s, same, (double)dev_bytes / (double)n);
    printf("unbwt,%lld,%s,%d,%.4f,%.4f,%.4f,%.3f,%d,%.4f,%d,%.2f\n", (long long)n, acgt ? "acgt" : "random", r, best_uh2h,
           best_udev, lcu, lcu > 0 ? lcu / best_uh2h : 0.0, lusame, cpu_un, usame,
           (double)(2 * (size_t)n + wsu) / (double)n);
    printf("unbwt_primary,%lld,%s,0,%.4f,%.4f,%.4f,%.3f,%d,,%d,%.2f\n", (long long)n, acgt ? "acgt" : "random", best_ph2h,
           best_pdev, lcu, lcu > 0 ? lcu / best_ph2h : 0.0, lusame, psame, (double)(2 * (size_t)n + wsu) / (double)n);
    cudaFree(dt), cudaFree(db), cudaFree(dback), cudaFree(daux), cudaFree(dflag);
    if (dws) cudaFree(dws);
    cudaFreeHost(ht), cudaFreeHost(hb);
    return 0;
}

static int run_search(int64_t n, int64_t npat, int64_t m, int threads)
{
    std::vector<uint8_t> t((size_t)n);
    make_text(t, 1, 27);
    std::vector<uint8_t> pats((size_t)(npat * m));
    std::vector<int64_t> off((size_t)npat + 1);
    uint64_t s = 99;
    for (int64_t i = 0; i < npat; i++) {
        uint64_t x = dc_splitmix64(&s);
        uint8_t *p = pats.data() + i * m;
        if (i % 2 == 0) memcpy(p, t.data() + x % (uint64_t)(n - m), (size_t)m);
        else for (int64_t q = 0; q < m; q++) p[q] = (uint8_t)"ACGT"[(dc_splitmix64(&s) >> 7) & 3];
        off[(size_t)i] = i * m;
    }
    off[(size_t)npat] = npat * m;
    uint8_t *dt, *dp;
    int32_t *dsa, *dlo, *dc;
    int64_t *doff;
    void *dws;
    size_t ws = sa_cuda_workspace_size(n);
    CK(cudaMalloc(&dt, (size_t)n));
    CK(cudaMalloc(&dsa, 4 * (size_t)n));
    CK(cudaMalloc(&dws, ws));
    CK(cudaMemcpy(dt, t.data(), (size_t)n, cudaMemcpyHostToDevice));
    double a = dc_now();
    if (sa_cuda_build(dt, dsa, n, dws, ws, 0) != SA_CUDA_OK) { fprintf(stderr, "sa_cuda_build failed\n"); return 1; }
    CK(cudaDeviceSynchronize());
    double t_sa = dc_now() - a;
    CK(cudaFree(dws));
    std::vector<int32_t> sa((size_t)n);
    CK(cudaMemcpy(sa.data(), dsa, 4 * (size_t)n, cudaMemcpyDeviceToHost));
    CK(cudaMalloc(&dp, pats.size()));
    CK(cudaMalloc(&doff, 8 * off.size()));
    CK(cudaMalloc(&dlo, 4 * (size_t)npat));
    CK(cudaMalloc(&dc, 4 * (size_t)npat));
    cudaEvent_t e0, e1, e2;
    cudaEventCreate(&e0), cudaEventCreate(&e1), cudaEventCreate(&e2);
    double best_k = 1e30, best_all = 1e30;
    for (int k = 0; k < 3; k++) {
        cudaEventRecord(e0);
        CK(cudaMemcpyAsync(dp, pats.data(), pats.size(), cudaMemcpyHostToDevice));
        CK(cudaMemcpyAsync(doff, off.data(), 8 * off.size(), cudaMemcpyHostToDevice));
        cudaEventRecord(e1);
        if (sa_cuda_search(dt, dsa, n, dp, doff, npat, dlo, dc, 0) != SA_CUDA_OK) { fprintf(stderr, "search failed\n"); return 1; }
        cudaEventRecord(e2);
        CK(cudaEventSynchronize(e2));
        best_k = fmin(best_k, ev_ms(e1, e2) / 1e3);
        best_all = fmin(best_all, ev_ms(e0, e2) / 1e3);
    }
    std::vector<int32_t> glo((size_t)npat), gc((size_t)npat), clo((size_t)npat), cc((size_t)npat);
    CK(cudaMemcpy(glo.data(), dlo, 4 * (size_t)npat, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(gc.data(), dc, 4 * (size_t)npat, cudaMemcpyDeviceToHost));
    double cpu = 1e30, c1;
    int used = 0;
    for (int k = 0; k < 2; k++) {
        if (bwt_bench_cpu_search(t.data(), sa.data(), n, pats.data(), off.data(), npat, clo.data(), cc.data(), threads, &c1, &used))
            { fprintf(stderr, "cpu search failed\n"); return 1; }
        cpu = fmin(cpu, c1);
    }
    int same = memcmp(glo.data(), clo.data(), 4 * (size_t)npat) == 0 && memcmp(gc.data(), cc.data(), 4 * (size_t)npat) == 0;
    int64_t found = 0;
    for (int64_t i = 0; i < npat; i++) found += gc[(size_t)i] > 0;
    dc_check(same, "GPU and CPU search results differ");
    printf("op,n,patterns,len,gpu_kernel_s,gpu_with_upload_s,cpu_s,cpu_threads,speedup_kernel,speedup_with_upload,patterns_found,same,sa_build_gpu_s\n");
    printf("search,%lld,%lld,%lld,%.4f,%.4f,%.4f,%d,%.1f,%.1f,%lld,%d,%.3f\n", (long long)n, (long long)npat, (long long)m,
           best_k, best_all, cpu, used, cpu / best_k, cpu / best_all, (long long)found, same, t_sa);
    cudaFree(dt), cudaFree(dsa), cudaFree(dp), cudaFree(doff), cudaFree(dlo), cudaFree(dc);
    return 0;
}

int main(int argc, char **argv)
{
    dc_init(argc, argv, "bwt|search [--n N] [--acgt] [--aux R] [--reps K] [--patterns P] [--len M] [--threads T]");
    if (argc < 2) dc_usage_error("a mode (bwt or search) is required");
    int mode = dc_is(argv[1], "bwt") ? 0 : dc_is(argv[1], "search") ? 1 : -1;
    if (mode < 0) dc_usage_error("unknown mode '%s'", argv[1]);
    int64_t n = mode ? 1000000000 : 1 << 28, npat = 10000000, m = 32, r = 4096, reps = 3, threads = 0;
    int acgt = 0;
    for (int i = 2; i < argc; i++) {
        if (dc_is(argv[i], "--n")) n = dc_arg_i64(&i, 64, INT32_MAX - 2);
        else if (dc_is(argv[i], "--acgt")) acgt = 1;
        else if (dc_is(argv[i], "--aux")) r = dc_arg_i64(&i, 2, 1 << 30);
        else if (dc_is(argv[i], "--reps")) reps = dc_arg_i64(&i, 1, 50);
        else if (dc_is(argv[i], "--patterns")) npat = dc_arg_i64(&i, 1, (int64_t)1 << 31);
        else if (dc_is(argv[i], "--len")) m = dc_arg_i64(&i, 1, 4096);
        else if (dc_is(argv[i], "--threads")) threads = dc_arg_i64(&i, 0, 1024);
        else dc_unknown(i);
    }
    if (r & (r - 1)) dc_usage_error("--aux must be a power of two");
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) { printf("SKIP: no CUDA device\n"); return DC_EXIT_SKIP; }
    int rc = mode == 0 ? run_bwt(n, acgt, (int32_t)r, (int)reps) : run_search(n, npat, m, (int)threads);
    return rc ? DC_EXIT_FAIL : dc_exit_code();
}
