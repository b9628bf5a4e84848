/* sa_demo.c - the sa_seq and sa_omp demos (one source; sa_omp is compiled with OpenMP).
 *
 *   sa_seq                         the seed's default input: 4.76 MB of random bytes (100 MB / 21)
 *   sa_seq FILE                    any file (bytes, NUL included)
 *   sa_seq --random N [--seed S]   N random bytes
 *   --algo mm|sais|parallel|default   --threads T   --lcp phi|kasai   --64 (64-bit index API)
 *   --csv                          header + one row instead of the report
 *   --gen DIR                      write the seed's datasets (budgets 1, 50, 100, 200, 500 MB,
 *                                  string = budget / 21 bytes) as DIR/random_<budget>MB.bin
 *
 * The report follows the seed (chapter 6): phase times, throughput, peak memory (text + SA +
 * LCP + what sa.h allocated, measured through SA_MALLOC) and its ratio to n, threads, and the
 * longest repeated substring with a hex dump. The SA is always validated (column ok). */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- allocation tracking: every allocation sa.h makes goes through here ---- */
static atomic_llong demo_cur, demo_peak;
static void *demo_malloc(size_t sz)
{
    size_t *p = malloc(sz + 16);
    if (!p) return NULL;
    p[0] = sz;
    long long cur = atomic_fetch_add(&demo_cur, (long long)sz) + (long long)sz;
    long long pk = atomic_load(&demo_peak);
    while (cur > pk && !atomic_compare_exchange_weak(&demo_peak, &pk, cur)) {}
    return (char *)p + 16;
}
static void demo_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    atomic_fetch_sub(&demo_cur, (long long)p[0]);
    free(p);
}
#define SA_MALLOC(sz) demo_malloc(sz)
#define SA_FREE(p) demo_free(p)
#define SA_IMPLEMENTATION
#include "sa.h"

#ifdef _OPENMP
#define VARIANT "sa_omp"
#else
#define VARIANT "sa_seq"
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void random_bytes(uint8_t *t, int64_t n, uint64_t seed)
{
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t r = splitmix(&seed);
        memcpy(t + i, &r, 8);
    }
    for (; i < n; i++) t[i] = (uint8_t)splitmix(&seed);
}

static int gen_datasets(const char *dir, uint64_t seed)
{
    static const int budgets[] = {1, 50, 100, 200, 500};
    for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
        int64_t n = (int64_t)budgets[b] * 1000000 / 21; /* seed 1.1.1: budget / overhead 21 */
        char path[4096];
        snprintf(path, sizeof path, "%s/random_%dMB.bin", dir, budgets[b]);
        uint8_t *t = malloc((size_t)n);
        FILE *f = fopen(path, "wb");
        if (!t || !f) { fprintf(stderr, "cannot write %s\n", path); free(t); if (f) fclose(f); return 1; }
        random_bytes(t, n, seed + (uint64_t)budgets[b]);
        int ok = fwrite(t, 1, (size_t)n, f) == (size_t)n;
        ok &= fclose(f) == 0;
        free(t);
        if (!ok) { fprintf(stderr, "short write to %s\n", path); return 1; }
        printf("%s: %lld bytes (budget %d MB / 21)\n", path, (long long)n, budgets[b]);
    }
    return 0;
}

static uint64_t fnv1a64(const void *data, size_t len, uint64_t h)
{
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++) { h ^= p[i]; h *= 0x100000001b3ull; }
    return h;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *gendir = NULL;
    int64_t n = 100 * 1000000 / 21; /* the seed's 100 MB budget */
    uint64_t seed = 730;
    int csv = 0, wide = 0;
    sa_options opt = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int more = i + 1 < argc;
        if (!strcmp(a, "--csv")) csv = 1;
        else if (!strcmp(a, "--64")) wide = 1;
        else if (!strcmp(a, "--random") && more) n = strtoll(argv[++i], NULL, 0);
        else if (!strcmp(a, "--seed") && more) seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(a, "--threads") && more) opt.threads = atoi(argv[++i]);
        else if (!strcmp(a, "--gen") && more) gendir = argv[++i];
        else if (!strcmp(a, "--lcp") && more) {
            a = argv[++i];
            if (!strcmp(a, "phi")) opt.lcp = SA_LCP_PHI;
            else if (!strcmp(a, "kasai")) opt.lcp = SA_LCP_KASAI;
            else { fprintf(stderr, "unknown --lcp %s (phi|kasai)\n", a); return 2; }
        } else if (!strcmp(a, "--algo") && more) {
            a = argv[++i];
            if (!strcmp(a, "mm")) opt.algorithm = SA_ALGO_MM;
            else if (!strcmp(a, "sais")) opt.algorithm = SA_ALGO_SAIS;
            else if (!strcmp(a, "parallel")) opt.algorithm = SA_ALGO_PARALLEL;
            else if (!strcmp(a, "default")) opt.algorithm = SA_ALGO_DEFAULT;
            else { fprintf(stderr, "unknown --algo %s (mm|sais|parallel|default)\n", a); return 2; }
        } else if (a[0] == '-') {
            fprintf(stderr, "usage: %s [FILE | --random N] [--seed S] [--algo mm|sais|parallel|default] [--threads T]\n"
                            "       [--lcp phi|kasai] [--64] [--csv] | --gen DIR\n", argv[0]);
            return 2;
        } else file = a;
    }
    if (gendir) return gen_datasets(gendir, seed);

    /* input */
    double t0 = now();
    uint8_t *text;
    if (file) {
        FILE *f = fopen(file, "rb");
        if (!f || fseek(f, 0, SEEK_END) != 0) { fprintf(stderr, "cannot open %s\n", file); return 1; }
        n = ftell(f);
        rewind(f);
        text = malloc((size_t)(n ? n : 1));
        if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) { fprintf(stderr, "cannot read %s\n", file); return 1; }
        fclose(f);
    } else {
        if (n < 0) { fprintf(stderr, "--random N needs N >= 0\n"); return 2; }
        text = malloc((size_t)(n ? n : 1));
        if (!text) { fprintf(stderr, "out of memory\n"); return 1; }
        random_bytes(text, n, seed);
    }
    double t_io = now() - t0;
    if (!wide && n > INT32_MAX - 1) wide = 1; /* the 32-bit API stops at 2^31 - 1 */

    /* arrays (caller-provided), then SA, LCP, LRS */
    size_t isz = wide ? 8 : 4;
    t0 = now();
    void *sa = malloc((size_t)(n ? n : 1) * isz), *lcp = malloc((size_t)(n ? n : 1) * isz);
    if (!sa || !lcp) { fprintf(stderr, "out of memory for SA + LCP (%lld bytes)\n", (long long)(2 * n * (int64_t)isz)); return 1; }
    memset(sa, 0, (size_t)n * isz); /* touch the pages so that time_sa measures the algorithm */
    memset(lcp, 0, (size_t)n * isz);
    double t_alloc = now() - t0;

    sa_status st;
    sa_lrs_result lrs;
    sa_build_info info;
    t0 = now();
    st = wide ? sa_build64_ex(text, sa, n, &opt, &info) : sa_build_ex(text, sa, (int32_t)n, &opt, &info);
    double t_sa = now() - t0;
    if (st != SA_OK) { fprintf(stderr, "sa_build: %s\n", sa_status_string(st)); return 1; }
    long long peak_sa = atomic_load(&demo_peak);
    atomic_store(&demo_peak, 0);
    t0 = now();
    st = wide ? sa_lcp64(text, sa, lcp, n, &opt) : sa_lcp(text, sa, lcp, (int32_t)n, &opt);
    double t_lcp = now() - t0;
    if (st != SA_OK) { fprintf(stderr, "sa_lcp: %s\n", sa_status_string(st)); return 1; }
    long long peak_lcp = atomic_load(&demo_peak);
    t0 = now();
    st = wide ? sa_lrs64(sa, lcp, n, &lrs, &opt) : sa_lrs(sa, lcp, (int32_t)n, &lrs, &opt);
    double t_lrs = now() - t0;
    if (st != SA_OK) { fprintf(stderr, "sa_lrs: %s\n", sa_status_string(st)); return 1; }
    t0 = now();
    st = wide ? sa_validate64(text, sa, n) : sa_validate(text, sa, (int32_t)n);
    double t_val = now() - t0;

    /* metrics as in the seed: compute = sa + lcp (+ lrs scan); peak = text + SA + LCP + library */
    double t_total = t_sa + t_lcp + t_lrs;
    double mb = (double)n / 1e6;
    long long lib_peak = peak_sa > peak_lcp ? peak_sa : peak_lcp;
    long long peak = (long long)n + 2 * (long long)n * (long long)isz + lib_peak;
    double ratio = n ? (double)peak / (double)n : 0.0;
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 over the SA, little-endian */
    for (int64_t i = 0; i < n; i++) {
        uint8_t b[8];
        uint64_t v = wide ? (uint64_t)((int64_t *)sa)[i] : (uint64_t)(uint32_t)((int32_t *)sa)[i];
        for (size_t k = 0; k < isz; k++) b[k] = (uint8_t)(v >> (8 * k));
        h = fnv1a64(b, isz, h);
    }
    int threads = sa_effective_threads(&opt);
    /* the algorithm that actually ran: SA_ALGO_DEFAULT shows its choice, e.g. default->sais */
    char algo[64];
    if (opt.algorithm == SA_ALGO_DEFAULT)
        snprintf(algo, sizeof algo, "default->%s", sa_algorithm_name(info.algorithm));
    else
        snprintf(algo, sizeof algo, "%s", sa_algorithm_name(info.algorithm));
    int ok = st == SA_OK;

    if (csv) {
        printf("variant,algo,lcp,index_bits,n,threads,ranks,time_io_s,time_alloc_s,time_sa_s,time_lcp_s,time_lrs_s,"
               "time_total_s,time_validate_s,throughput_mb_s,sa_throughput_mb_s,peak_mem_bytes,memory_overhead_ratio,"
               "lrs_len,lrs_sa_index,lrs_pos,lrs_count,sa_fnv1a64,ok\n");
        printf("%s,%s,%s,%d,%lld,%d,1,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.3f,%.3f,%lld,%.3f,%lld,%lld,%lld,%lld,%016llx,%d\n",
               VARIANT, algo, opt.lcp == SA_LCP_KASAI ? "kasai" : "phi", wide ? 64 : 32, (long long)n, threads, t_io,
               t_alloc, t_sa, t_lcp, t_lrs, t_total, t_val, t_total > 0 ? mb / t_total : 0.0,
               t_sa > 0 ? mb / t_sa : 0.0, peak, ratio, (long long)lrs.len, (long long)lrs.sa_index,
               (long long)lrs.pos, (long long)lrs.count, (unsigned long long)h, ok);
    } else {
        printf("%s: suffix array + LCP + longest repeated substring (sa.h)\n", VARIANT);
        printf("  input           %s, %lld bytes (%.2f MB)\n", file ? file : "random bytes", (long long)n, mb);
        printf("  algorithm       %s, LCP %s, %d-bit indices, %d thread%s\n", algo,
               opt.lcp == SA_LCP_KASAI ? "Kasai" : "Phi/PLCP", wide ? 64 : 32, threads, threads == 1 ? "" : "s");
        if (info.predicted)
            printf("  default rule    predicted parallel/SA-IS time %.2f (R = %.2f rounds per suffix): %s with %d thread%s\n",
                   info.predicted_ratio, info.repeat_rounds, sa_algorithm_name(info.algorithm), info.threads,
                   info.threads == 1 ? "" : "s");
        printf("  time_io         %.4f s\n  time_alloc      %.4f s\n", t_io, t_alloc);
        printf("  time_sa         %.4f s   (%.2f MB/s)\n", t_sa, t_sa > 0 ? mb / t_sa : 0.0);
        printf("  time_lcp        %.4f s\n  time_lrs        %.4f s\n", t_lcp, t_lrs);
        printf("  time_total      %.4f s   throughput %.2f MB/s (SA + LCP + LRS)\n", t_total, t_total > 0 ? mb / t_total : 0.0);
        printf("  peak memory     %lld bytes = %.2f n (text + SA + LCP + %lld bytes inside sa.h)\n", peak, ratio, lib_peak);
        printf("  validation      %s (%.4f s)\n", sa_status_string(st), t_val);
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
    free(text); free(sa); free(lcp);
    return ok ? 0 : 1;
}
