/* homcomp_cuszp_bench.cu - homcomp.cuh's GPU codec beside cuSZp's 1D float32 codec on the same
 * device data, the same absolute error bound, one stream (issue 22). Built only when meson is
 * given -Dcuszp_dir=PATH (a cuSZp source folder: its src/cuSZp_{entry,kernels}_1D_f32.cu are
 * compiled into their own library; nothing is vendored).
 *
 *   homcomp_cuszp_bench [--data DIR] [--n N] [--reps R] [--csv FILE]
 *
 * Datasets: every *.f32 file in DIR (raw little-endian float32; a file with NaN is reported and
 * skipped: cuSZp has no NaN handling and homcomp refuses NaN with HC_ERR_NAN), plus a synthetic
 * smooth field of N float32 (default 2^28 = 1 GiB; 0 = none; homcomp_bench_cuda's generator).
 * For each dataset, mode (plain, outlier: both codecs have them) and REL bound r in 1e-2, 1e-3,
 * 1e-4: eb = (float)(r x (max - min)), the range from the host copy, and
 *   homcomp ABS    hc_cuda_compress / hc_cuda_decompress at eb (checksum off: cuSZp has none)
 *   homcomp REL    the same with HC_REL r: the device min/max pass is inside the compress time
 *   cuSZp API      cuSZp_compress_1D_<mode>_f32 / cuSZp_decompress_... at eb, its public entry
 *                  points as shipped (each allocates, clears and frees its offset arrays and
 *                  compress copies the size to the host: a synchronisation)
 *   cuSZp kernel   its kernels alone, offset arrays allocated before timing and cleared by
 *                  cudaMemsetAsync inside the time (the work the kernels need; fairest to cuSZp)
 * cuSZp has no REL on the device: its command-line tool computes the range on the host and
 * compresses at the absolute bound, so its REL time is its ABS time.
 * Timing: cudaEvents on one stream around each call, 2 warm-ups, median of REPS (default 10).
 * Every row then decompresses and compares every value on the device: violations = values with
 * |decoded - input| > bound (in double; the bound is eb, or r x (max - min) for homcomp REL),
 * max_err_over_eb, ratio = input bytes / compressed bytes. Exit 0 when homcomp has no violation
 * and every status is OK (cuSZp's violations are reported, not failed), 1 otherwise, 2 usage,
 * 77 no GPU. CSV columns: see `hdr` below. */
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "cuSZp_entry_1D_f32.h"
#include "cuSZp_kernels_1D_f32.h"
#include <dirent.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1); } } while (0)

#include "bench_field.cuh"


/* out[0] += values over the bound, out[1] = max |error| / eb as a non-negative double's bits */
__global__ void check_bound(const float *x, const float *y, uint64_t n, double eb, unsigned long long *out)
{
    unsigned long long bad = 0;
    double m = 0;
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        double e = fabs((double)y[i] - (double)x[i]);
        if (!(e <= eb)) bad++; /* NaN counts */
        m = fmax(m, e / eb);
    }
    for (int o = 16; o; o >>= 1) {
        bad += __shfl_xor_sync(~0u, bad, o);
        m = fmax(m, __shfl_xor_sync(~0u, m, o));
    }
    if ((threadIdx.x & 31) == 0) {
        if (bad) atomicAdd(&out[0], bad);
        atomicMax(&out[1], (unsigned long long)__double_as_longlong(m));
    }
}

static double time_med(int reps, cudaStream_t s, const std::function<void()> &f)
{
    cudaEvent_t a, b;
    CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int i = 0; i < 2; i++) f();
    CK(cudaStreamSynchronize(s));
    std::vector<float> t;
    for (int i = 0; i < reps; i++) {
        CK(cudaEventRecord(a, s)); f(); CK(cudaEventRecord(b, s)); CK(cudaEventSynchronize(b));
        float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms);
    }
    std::sort(t.begin(), t.end());
    cudaEventDestroy(a); cudaEventDestroy(b);
    return t[t.size() / 2] * 1e-3;
}

struct dataset { std::string name; std::vector<float> h; uint64_t synth; };

static bool read_f32(const std::string &path, std::vector<float> &v)
{
    FILE *f = fopen(path.c_str(), "rb");
    if (!f) return false;
    fseek(f, 0, SEEK_END); long len = ftell(f); fseek(f, 0, SEEK_SET);
    v.resize((size_t)len / 4);
    bool ok = fread(v.data(), 4, v.size(), f) == v.size();
    fclose(f);
    return ok && !v.empty();
}

int main(int argc, char **argv)
{
    const char *dir = nullptr, *csv = nullptr;
    uint64_t nsyn = 1ull << 28;
    int reps = 10;
    for (int i = 1; i < argc; i++) {
        bool more = i + 1 < argc;
        if (more && !strcmp(argv[i], "--data")) dir = argv[++i];
        else if (more && !strcmp(argv[i], "--n")) nsyn = strtoull(argv[++i], 0, 0);
        else if (more && !strcmp(argv[i], "--reps")) reps = atoi(argv[++i]);
        else if (more && !strcmp(argv[i], "--csv")) csv = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--data DIR] [--n N] [--reps R] [--csv FILE]\n", argv[0]);
            return 2;
        }
    }
    if (reps < 1) { fprintf(stderr, "--reps must be at least 1\n"); return 2; }
    int dc = 0;
    if (cudaGetDeviceCount(&dc) != cudaSuccess || dc == 0) { printf("SKIP: no CUDA device\n"); return 77; }
    cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));

    std::vector<dataset> sets;
    if (dir) {
        std::vector<std::string> names;
        if (DIR *d = opendir(dir)) {
            while (struct dirent *e = readdir(d)) {
                std::string s = e->d_name;
                if (s.size() > 4 && s.compare(s.size() - 4, 4, ".f32") == 0) names.push_back(s);
            }
            closedir(d);
        } else { fprintf(stderr, "cannot open %s\n", dir); return 2; }
        std::sort(names.begin(), names.end());
        for (auto &s : names) {
            dataset ds{s, {}, 0};
            if (!read_f32(std::string(dir) + "/" + s, ds.h)) { fprintf(stderr, "cannot read %s\n", s.c_str()); return 2; }
            size_t nan = 0;
            for (float v : ds.h) nan += std::isnan(v) || std::isinf(v);
            if (nan) { printf("skip %s: %zu of %zu values NaN or Inf\n", s.c_str(), nan, ds.h.size()); continue; }
            sets.push_back(std::move(ds));
        }
    }
    if (nsyn) sets.push_back(dataset{"smooth" + std::to_string(nsyn * 4 >> 20) + "MiB", {}, nsyn});

    uint64_t nmax = 0;
    for (auto &ds : sets) nmax = std::max<uint64_t>(nmax, ds.synth ? ds.synth : ds.h.size());
    if (!nmax) { fprintf(stderr, "no data\n"); return 2; }
    cudaStream_t s; CK(cudaStreamCreate(&s));
    size_t cap = std::max(hc_compress_bound(nmax, HC_F32), (size_t)nmax * 4 + nmax / 8 + 65536);
    size_t wsb = hc_cuda_workspace_size(nmax);
    const uint64_t tile = (uint64_t)tblock_size * thread_chunk; /* cuSZp: elements per thread block */
    size_t noff = (nmax + tile - 1) / tile + 1;
    float *x, *z; unsigned char *c; void *ws; unsigned long long *chk; unsigned *off0, *off1; int *flag;
    CK(cudaMalloc(&x, nmax * 4)); CK(cudaMalloc(&z, nmax * 4)); CK(cudaMalloc(&c, cap)); CK(cudaMalloc(&ws, wsb));
    CK(cudaMalloc(&chk, 16)); CK(cudaMalloc(&off0, noff * 4)); CK(cudaMalloc(&off1, noff * 4)); CK(cudaMalloc(&flag, noff * 4));

    FILE *f = csv ? fopen(csv, "w") : nullptr;
    if (csv && !f) { fprintf(stderr, "cannot write %s\n", csv); return 2; }
    const char *hdr = "dataset,n,mode,rel,eb_abs,impl,bound,compress_s,compress_gbs,decompress_s,decompress_gbs,ratio,violations,max_err_over_eb,status\n";
    printf("device %s (%d SMs), %d dataset(s), median of %d\n%s", prop.name, prop.multiProcessorCount, (int)sets.size(), reps, hdr);
    if (f) fputs(hdr, f);
    int fail = 0;
    std::vector<float> hx;
    for (auto &ds : sets) {
        uint64_t n = ds.synth ? ds.synth : ds.h.size();
        if (ds.synth) {
            gen_field<<<4096, 256, 0, s>>>(x, n, 0.f);
            hx.resize(n);
            CK(cudaMemcpyAsync(hx.data(), x, n * 4, cudaMemcpyDeviceToHost, s));
            CK(cudaStreamSynchronize(s));
        } else {
            hx = ds.h;
            CK(cudaMemcpyAsync(x, hx.data(), n * 4, cudaMemcpyHostToDevice, s));
            CK(cudaStreamSynchronize(s));
        }
        float lo = hx[0], hi = hx[0];
        for (float v : hx) { lo = std::min(lo, v); hi = std::max(hi, v); }
        double range = (double)hi - (double)lo;
        size_t nblk = (n + tile - 1) / tile;
        for (int mode = 0; mode < 2; mode++)
            for (double rel : {1e-2, 1e-3, 1e-4}) {
                float eb = (float)(rel * range);
                auto check = [&](double bound, unsigned long long *bad, double *mx) {
                    CK(cudaMemsetAsync(chk, 0, 16, s));
                    check_bound<<<1024, 256, 0, s>>>(x, z, n, bound, chk);
                    unsigned long long h[2];
                    CK(cudaMemcpyAsync(h, chk, 16, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s));
                    *bad = h[0]; memcpy(mx, &h[1], 8);
                };
                auto row = [&](const char *impl, const char *bound, double tc, double td, size_t bytes,
                               unsigned long long bad, double mx, int st) {
                    char line[512];
                    snprintf(line, sizeof line, "%s,%llu,%s,%g,%.9g,%s,%s,%.6g,%.1f,%.6g,%.1f,%.4f,%llu,%.6f,%d\n",
                             ds.name.c_str(), (unsigned long long)n, mode ? "outlier" : "plain", rel, (double)eb, impl,
                             bound, tc, n * 4 / tc / 1e9, td, n * 4 / td / 1e9, (double)n * 4 / (double)bytes, bad, mx, st);
                    printf("%s", line);
                    if (f) fputs(line, f);
                };
                /* homcomp, ABS and REL */
                for (int b = 0; b < 2; b++) {
                    hc_config cfg = hc_config_init(HC_F32, b ? HC_REL : HC_ABS, b ? rel : (double)eb);
                    cfg.mode = (hc_mode)mode;
                    cfg.checksum = 0;
                    hc_cuda_result r;
                    int st = 0;
                    double tc = time_med(reps, s, [&] { int e = hc_cuda_compress(&cfg, x, n, c, cap, ws, wsb, s); if (e) st = e; });
                    CK(hc_cuda_read_result(ws, &r, s) == HC_OK ? cudaSuccess : cudaErrorUnknown);
                    CK(cudaStreamSynchronize(s));
                    if (!st) st = r.status;
                    size_t bytes = r.bytes;
                    unsigned char h[HC_HEADER_BYTES];
                    CK(cudaMemcpyAsync(h, c, HC_HEADER_BYTES, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s));
                    double td = time_med(reps, s, [&] { int e = hc_cuda_decompress(c, bytes, h, HC_F32, z, n, ws, wsb, s); if (e) st = e; });
                    CK(hc_cuda_read_result(ws, &r, s) == HC_OK ? cudaSuccess : cudaErrorUnknown);
                    CK(cudaStreamSynchronize(s));
                    if (!st) st = r.status;
                    unsigned long long bad; double mx;
                    check(b ? rel * range : (double)eb, &bad, &mx);
                    row("homcomp", b ? "REL" : "ABS", tc, td, bytes, bad, mx, st);
                    if (st || bad) fail = 1;
                }
                /* cuSZp through its public entry points */
                {
                    size_t bytes = 0;
                    auto comp = mode ? cuSZp_compress_1D_outlier_f32 : cuSZp_compress_1D_plain_f32;
                    auto dec = mode ? cuSZp_decompress_1D_outlier_f32 : cuSZp_decompress_1D_plain_f32;
                    double tc = time_med(reps, s, [&] { comp(x, c, n, &bytes, eb, s); });
                    double td = time_med(reps, s, [&] { dec(z, c, n, bytes, eb, s); });
                    CK(cudaStreamSynchronize(s)); CK(cudaGetLastError());
                    unsigned long long bad; double mx;
                    check((double)eb, &bad, &mx);
                    row("cuszp_api", "ABS", tc, td, bytes, bad, mx, 0);
                }
                /* cuSZp's kernels alone (offsets preallocated, cleared inside the time) */
                {
                    auto kc = mode ? cuSZp_compress_kernel_1D_outlier_f32 : cuSZp_compress_kernel_1D_plain_f32;
                    auto kd = mode ? cuSZp_decompress_kernel_1D_outlier_f32 : cuSZp_decompress_kernel_1D_plain_f32;
                    auto clear = [&] {
                        CK(cudaMemsetAsync(off0, 0, (nblk + 1) * 4, s)); CK(cudaMemsetAsync(off1, 0, (nblk + 1) * 4, s));
                        CK(cudaMemsetAsync(flag, 0, (nblk + 1) * 4, s));
                    };
                    double tc = time_med(reps, s, [&] {
                        clear();
                        kc<<<(unsigned)nblk, tblock_size, sizeof(unsigned) * 2, s>>>(x, c, off0, off1, flag, eb, n);
                    });
                    unsigned glob;
                    CK(cudaMemcpyAsync(&glob, off0 + nblk, 4, cudaMemcpyDeviceToHost, s)); CK(cudaStreamSynchronize(s));
                    size_t bytes = (size_t)glob + nblk * tile / 32; /* as cuSZp's entry point computes it */
                    double td = time_med(reps, s, [&] {
                        clear();
                        kd<<<(unsigned)nblk, tblock_size, sizeof(unsigned) * 2, s>>>(z, c, off0, off1, flag, eb, n);
                    });
                    CK(cudaStreamSynchronize(s)); CK(cudaGetLastError());
                    unsigned long long bad; double mx;
                    check((double)eb, &bad, &mx);
                    row("cuszp_kernel", "ABS", tc, td, bytes, bad, mx, 0);
                }
            }
    }
    if (f) fclose(f);
    return fail;
}
