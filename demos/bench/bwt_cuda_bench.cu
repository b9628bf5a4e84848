/* bwt_cuda_bench.cu - sa_cuda.cuh's BWT, inverse BWT and batched search on the GPU (issue 26):
 *
 *   bwt_cuda_bench bwt    [--n N] [--acgt] [--fib] [--file NAME=PATH] [--aux R] [--reps K]
 *                         vs libcubwt 1.6 (when built with -DBWT_BENCH_LIBCUBWT: meson
 *                         -Dlibcubwt16_dir=PATH) and sa.h on the host; the text is N random
 *                         bytes, N random ACGT (--acgt), the first N bytes of the Fibonacci word
 *                         (--fib) or a file (--file; its first N bytes when --n is given)
 *   bwt_cuda_bench search [--n N] [--patterns P] [--len M] [--threads T]
 *                         one sa_cuda_search call vs sa.h's sa_search_many with OpenMP
 *
 * bwt: host to host times (upload, BWT, download; libcubwt_bwt is host to host too) and the
 * device-only time (CUDA events), min of K runs; outputs compared byte for byte with sa.h's
 * BWT (and with libcubwt's). Row bwt: the workspace of sa_cuda_bwt_workspace_size (the
 * default rule's sorter, the doubling in its lean layout); row bwt_fast:
 * sa_cuda_bwt_fast_workspace_size's (the doubling's full layout).
 * Device bytes per input byte: ours = text + BWT + aux + workspace; libcubwt's = the drop of
 * cudaMemGetInfo's free bytes across libcubwt_allocate_device_storage. The inverse: sa_cuda_unbwt with aux samples every R (row unbwt)
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
#include <string>
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

/* the first t.size() bytes of the Fibonacci word (a -> ab, b -> a): f_k = f_{k-1} f_{k-2} */
static void make_fib(std::vector<uint8_t> &t)
{
    std::vector<uint8_t> a(1, 'a'), b(1, 'b'); /* f_1 = a, f_0 = b */
    while (a.size() < t.size()) {
        std::vector<uint8_t> c(a);
        c.insert(c.end(), b.begin(), b.end());
        b.swap(a);
        a.swap(c);
    }
    memcpy(t.data(), a.data(), t.size());
}

/* one text's rows (n = t.size() >= 64) */
static int run_bwt(const std::vector<uint8_t> &t, const char *name, int32_t r, int reps)
{
    int64_t n = (int64_t)t.size();
    std::vector<uint8_t> ref((size_t)n), back((size_t)n);
    size_t naux = (size_t)((n - 1) / r + 1);
    std::vector<int32_t> raux(naux), gaux(naux);
    double cpu_s = 0, cpu_un = 0;
    if (bwt_bench_cpu_bwt(t.data(), ref.data(), raux.data(), r, n, 0, &cpu_s)) { fprintf(stderr, "cpu bwt failed\n"); return 1; }
    bwt_bench_cpu_unbwt(ref.data(), back.data(), raux.data(), r, n, 0, &cpu_un);
    dc_check(memcmp(back.data(), t.data(), (size_t)n) == 0, "cpu round trip");
    uint8_t *dt, *db, *dback;
    int32_t *daux, *dflag;
    size_t ws = sa_cuda_bwt_workspace_size(n), wsf = sa_cuda_bwt_fast_workspace_size(n),
           wsu = sa_cuda_unbwt_workspace_size(n), wsmax = wsf > wsu ? wsf : wsu;
    void *dws;
    CK(cudaMalloc(&dt, (size_t)n));
    CK(cudaMalloc(&db, (size_t)n));
    CK(cudaMalloc(&dback, (size_t)n));
    CK(cudaMalloc(&daux, 4 * naux));
    CK(cudaMalloc(&dflag, 4));
    CK(cudaMalloc(&dws, wsmax));
    uint8_t *ht, *hb; /* pinned copies for the host-to-host timings */
    CK(cudaMallocHost(&ht, (size_t)n));
    CK(cudaMallocHost(&hb, (size_t)n));
    memcpy(ht, t.data(), (size_t)n);
    cudaEvent_t e0, e1, e2, e3;
    cudaEventCreate(&e0), cudaEventCreate(&e1), cudaEventCreate(&e2), cudaEventCreate(&e3);
    /* the BWT, host to host and device only, min over reps, in `bytes` of workspace */
    auto time_bwt = [&](size_t bytes, double *h2h, double *dev) {
        /* the check below must see this workspace size's output, not an earlier run's */
        memset(hb, 0, (size_t)n);
        CK(cudaMemset(db, 0, (size_t)n));
        CK(cudaMemset(daux, 0xff, 4 * naux));
        for (int k = 0; k < reps; k++) {
            cudaEventRecord(e0);
            CK(cudaMemcpyAsync(dt, ht, (size_t)n, cudaMemcpyHostToDevice));
            cudaEventRecord(e1);
            if (sa_cuda_bwt(dt, db, daux, r, n, dws, bytes, 0) != SA_CUDA_OK) { fprintf(stderr, "sa_cuda_bwt failed\n"); exit(DC_EXIT_FAIL); }
            cudaEventRecord(e2);
            CK(cudaMemcpyAsync(hb, db, (size_t)n, cudaMemcpyDeviceToHost));
            CK(cudaMemcpyAsync(gaux.data(), daux, 4 * naux, cudaMemcpyDeviceToHost));
            cudaEventRecord(e3);
            CK(cudaEventSynchronize(e3));
            *h2h = fmin(*h2h, ev_ms(e0, e3) / 1e3);
            *dev = fmin(*dev, ev_ms(e1, e2) / 1e3);
        }
        return memcmp(hb, ref.data(), (size_t)n) == 0 && memcmp(gaux.data(), raux.data(), 4 * naux) == 0;
    };
    double best_fh2h = 1e30, best_fdev = 1e30, best_h2h = 1e30, best_dev = 1e30, best_uh2h = 1e30, best_udev = 1e30;
    int fsame = time_bwt(wsf, &best_fh2h, &best_fdev);
    dc_check(fsame, "GPU BWT (fast workspace) differs from sa.h's");
    int same = time_bwt(ws, &best_h2h, &best_dev); /* last: hb, gaux feed the inverse */
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
    double lc = 0, lcu = 0, lbytes = 0;
    int lsame = -1, lusame = -1;
    size_t dev_bytes = (size_t)n * 2 + 4 * naux + ws, fdev_bytes = (size_t)n * 2 + 4 * naux + wsf;
#ifdef BWT_BENCH_LIBCUBWT
    CK(cudaFree(dws));
    dws = NULL;
    void *stor = NULL;
    size_t free0 = 0, free1 = 0, total = 0;
    CK(cudaDeviceSynchronize());
    CK(cudaMemGetInfo(&free0, &total));
    if (libcubwt_allocate_device_storage(&stor, n) != 0) { fprintf(stderr, "libcubwt storage failed\n"); return 1; }
    CK(cudaDeviceSynchronize());
    CK(cudaMemGetInfo(&free1, &total));
    lbytes = ((double)free0 - (double)free1) / (double)n; /* no size_t wrap if memory was freed meanwhile */
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
    static int header = 1;
    if (header)
        printf("op,n,text,aux_r,gpu_host_to_host_s,gpu_device_s,libcubwt16_s,ratio_libcubwt_over_ours,libcubwt_same,"
               "sa_h_host_s,same,our_device_bytes_per_n,libcubwt_device_bytes_per_n\n");
    header = 0;
    printf("bwt,%lld,%s,%d,%.4f,%.4f,%.4f,%.3f,%d,%.4f,%d,%.2f,%.2f\n", (long long)n, name, r, best_h2h, best_dev, lc,
           lc > 0 ? lc / best_h2h : 0.0, lsame, cpu_s, same, (double)dev_bytes / (double)n, lbytes);
    printf("bwt_fast,%lld,%s,%d,%.4f,%.4f,%.4f,%.3f,%d,%.4f,%d,%.2f,%.2f\n", (long long)n, name, r, best_fh2h, best_fdev,
           lc, lc > 0 ? lc / best_fh2h : 0.0, lsame, cpu_s, fsame, (double)fdev_bytes / (double)n, lbytes);
    printf("unbwt,%lld,%s,%d,%.4f,%.4f,%.4f,%.3f,%d,%.4f,%d,%.2f,%.2f\n", (long long)n, name, r, best_uh2h, best_udev, lcu,
           lcu > 0 ? lcu / best_uh2h : 0.0, lusame, cpu_un, usame, (double)(2 * (size_t)n + wsu) / (double)n, lbytes);
    printf("unbwt_primary,%lld,%s,0,%.4f,%.4f,%.4f,%.3f,%d,,%d,%.2f,%.2f\n", (long long)n, name, best_ph2h, best_pdev, lcu,
           lcu > 0 ? lcu / best_ph2h : 0.0, lusame, psame, (double)(2 * (size_t)n + wsu) / (double)n, lbytes);
    fflush(stdout);
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
    dc_init(argc, argv, "bwt|search [--n N] [--acgt] [--fib] [--file NAME=PATH] [--aux R] [--reps K] [--patterns P] [--len M] [--threads T]");
    if (argc < 2) dc_usage_error("a mode (bwt or search) is required");
    int mode = dc_is(argv[1], "bwt") ? 0 : dc_is(argv[1], "search") ? 1 : -1;
    if (mode < 0) dc_usage_error("unknown mode '%s'", argv[1]);
    int64_t n = mode ? 1000000000 : 1 << 28, npat = 10000000, m = 32, r = 4096, reps = 3, threads = 0;
    int acgt = 0, fib = 0, have_n = 0;
    const char *file = NULL;
    for (int i = 2; i < argc; i++) {
        if (dc_is(argv[i], "--n")) n = dc_arg_i64(&i, 64, INT32_MAX - 2), have_n = 1;
        else if (dc_is(argv[i], "--acgt")) acgt = 1;
        else if (dc_is(argv[i], "--fib")) fib = 1;
        else if (dc_is(argv[i], "--file")) file = dc_arg_str(&i);
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
    if (acgt + fib + (file != NULL) > 1) dc_usage_error("--acgt, --fib and --file exclude each other");
    if (mode == 1 && (fib || file)) dc_usage_error("search takes random ACGT text only");
    std::vector<uint8_t> text;
    std::string name = acgt ? "acgt" : fib ? "fibonacci" : "random";
    if (mode == 0 && file) {
        const char *eq = strchr(file, '=');
        if (!eq || eq == file || !eq[1]) dc_usage_error("--file takes NAME=PATH");
        name.assign(file, (size_t)(eq - file));
        unsigned char *buf = NULL;
        size_t len = 0;
        dc_read_file(eq + 1, (size_t)INT32_MAX - 2, &buf, &len);
        if (have_n && (size_t)n < len) len = (size_t)n;
        if (len < 64) dc_usage_error("%s: fewer than 64 bytes", eq + 1);
        text.assign(buf, buf + len);
        free(buf);
    } else if (mode == 0) {
        text.resize((size_t)n);
        if (fib) make_fib(text);
        else make_text(text, acgt, 26);
    }
    int rc = mode == 0 ? run_bwt(text, name.c_str(), (int32_t)r, (int)reps) : run_search(n, npat, m, (int)threads);
    return rc ? DC_EXIT_FAIL : dc_exit_code();
}
