/* bench_sa_scaling.c - OpenMP scaling of sa.h's SA_ALGO_PARALLEL against the single-thread SA-IS
 * default, side by side in one run, on random bytes and on real text with long repeats.
 *
 *   bench_sa_scaling [--text FILE] [--text-mb M] [--random-mb M] [--threads 1,2,4,8,16]
 *                    [--reps R] [--no-clip] [--skip-small] [--no-random] [--big N] [--big-threads T]
 *
 * Inputs: --random-mb (default 24) MB of random bytes (xorshift, fixed seed); --text FILE, or
 * when absent --text-mb (default 50) MB of concatenated /usr/include headers (files in C-locale
 * path order, `find /usr/include -type f -name '*.h'`; a few MB of them repeat, as the spec's
 * "hard case" wants). Thread counts above the number of online cores are skipped unless
 * --no-clip. For every dataset: SA-IS with 1 thread (the baseline, checked with sa_validate),
 * then SA_ALGO_PARALLEL at each thread count; each result must equal the SA-IS one byte for byte.
 * Times are the best of --reps (default 1) runs of sa_build alone. At every thread count above 1
 * SA_ALGO_DEFAULT runs too; its algo column says what its rule picked (default->parallel or
 * default->sais) and its time includes the rule's prediction pass. --no-random: only the text.
 * CSV (stdout): dataset,n,algo,threads,time_s,mb_s,speedup_vs_sais1,same_sa
 *
 * --big N: additionally build the SA of N random bytes with the 64-bit API (sa_build64,
 * SA_ALGO_PARALLEL, --big-threads, default all cores), validate it with sa_validate64 and print
 * one CSV row: big64,n,threads,time_build_s,mb_s,time_validate_s,valid,peak_rss_bytes,
 * peak_rss_per_n (peak RSS measured with getrusage right after the build, text and SA
 * included). Needs about 17 n bytes (text n, SA 8n, rank 8n) plus 8n for the validator.
 */
#define SA_IMPLEMENTATION
#include "sa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static long long peak_rss(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (long long)ru.ru_maxrss * 1024; /* Linux: kilobytes */
}

/* Fill t[0..n) with xorshift64 bytes; chunks are independent so the fill can be parallel. */
static void fill_random(uint8_t *t, int64_t n, uint64_t seed)
{
    int64_t nch = (n + (1 << 20) - 1) >> 20, c;
#ifdef _OPENMP
#pragma omp parallel for schedule(static)
#endif
    for (c = 0; c < nch; c++) {
        uint64_t x = seed ^ (0x9E3779B97F4A7C15ull * (uint64_t)(c + 1)), i, e;
        e = (uint64_t)(c + 1) << 20;
        if (e > (uint64_t)n) e = (uint64_t)n;
        for (i = (uint64_t)c << 20; i < e; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            t[i] = (uint8_t)(x >> 32);
        }
    }
}

static uint8_t *read_file(const char *path, int64_t *n)
{
    FILE *f = fopen(path, "rb");
    uint8_t *t;
    long sz;
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    t = (uint8_t *)malloc(sz > 0 ? (size_t)sz : 1);
    if (t && fread(t, 1, (size_t)sz, f) != (size_t)sz) { free(t); t = NULL; }
    fclose(f);
    *n = sz;
    return t;
}

/* Concatenate /usr/include headers (C-locale path order) up to want bytes. */
static uint8_t *gen_headers(int64_t want, int64_t *n)
{
    FILE *p = popen("find /usr/include -type f -name '*.h' 2>/dev/null | LC_ALL=C sort", "r");
    uint8_t *t = (uint8_t *)malloc((size_t)want);
    char path[4096];
    int64_t at = 0;
    if (!p || !t) { if (p) pclose(p); free(t); return NULL; }
    while (at < want && fgets(path, sizeof path, p)) {
        FILE *f;
        size_t len = strlen(path);
        if (len && path[len - 1] == '\n') path[len - 1] = 0;
        f = fopen(path, "rb");
        if (!f) continue;
        at += (int64_t)fread(t + at, 1, (size_t)(want - at), f);
        fclose(f);
    }
    pclose(p);
    *n = at;
    return t;
}

static double time_build(const uint8_t *t, int32_t *sa, int32_t n, sa_algorithm a, int th, int reps,
                         sa_status *st, sa_build_info *info)
{
    double best = 1e30;
    int r;
    sa_options o = {a, th, SA_LCP_DEFAULT};
    for (r = 0; r < reps; r++) {
        double t0 = now(), dt;
        *st = sa_build_ex(t, sa, n, &o, info);
        dt = now() - t0;
        if (dt < best) best = dt;
    }
    return best;
}

static int run_dataset(const char *name, const uint8_t *t, int64_t n64, const int *ths, int nth,
                       int reps)
{
    int32_t n = (int32_t)n64, *ref, *sa;
    double tb, tp;
    sa_status st;
    int k, bad = 0;
    if (n64 <= 0 || n64 >= INT32_MAX) { fprintf(stderr, "%s: bad size\n", name); return 1; }
    ref = (int32_t *)malloc((size_t)n * 4);
    sa = (int32_t *)malloc((size_t)n * 4);
    if (!ref || !sa) { fprintf(stderr, "out of memory\n"); return 1; }
    sa_build_info info;
    tb = time_build(t, ref, n, SA_ALGO_SAIS, 1, reps, &st, &info);
    if (st != SA_OK || (st = sa_validate(t, ref, n)) != SA_OK) {
        fprintf(stderr, "%s: SA-IS failed: %s\n", name, sa_status_string(st));
        return 1;
    }
    printf("%s,%d,sais,1,%.4f,%.2f,1.000,1\n", name, n, tb, n / 1e6 / tb);
    fflush(stdout);
    for (k = 0; k < nth; k++) {
        int same;
        memset(sa, 0, (size_t)n * 4);
        tp = time_build(t, sa, n, SA_ALGO_PARALLEL, ths[k], reps, &st, &info);
        same = st == SA_OK && memcmp(sa, ref, (size_t)n * 4) == 0;
        if (!same) bad = 1;
        printf("%s,%d,parallel,%d,%.4f,%.2f,%.3f,%d\n", name, n, ths[k], tp, n / 1e6 / tp, tb / tp, same);
        fflush(stdout);
        if (ths[k] > 1) {
            memset(sa, 0, (size_t)n * 4);
            tp = time_build(t, sa, n, SA_ALGO_DEFAULT, ths[k], reps, &st, &info);
            same = st == SA_OK && memcmp(sa, ref, (size_t)n * 4) == 0;
            if (!same) bad = 1;
            printf("%s,%d,default->%s,%d,%.4f,%.2f,%.3f,%d\n", name, n, sa_algorithm_name(info.algorithm), ths[k], tp,
                   n / 1e6 / tp, tb / tp, same);
            fprintf(stderr, "# %s, %d threads: rule R = %.2f, predicted parallel/SA-IS %.2f -> %s\n", name, ths[k],
                    info.repeat_rounds, info.predicted_ratio, sa_algorithm_name(info.algorithm));
            fflush(stdout);
        }
    }
    free(ref);
    free(sa);
    return bad;
}

static int run_big(int64_t n, int th)
{
    uint8_t *t = (uint8_t *)malloc((size_t)n);
    int64_t *sa = (int64_t *)malloc((size_t)n * 8);
    sa_options o = {SA_ALGO_PARALLEL, th, SA_LCP_DEFAULT};
    double t0, tb, tv;
    long long rss;
    sa_status st, sv;
    if (!t || !sa) { fprintf(stderr, "big: out of memory\n"); return 1; }
    fill_random(t, n, 0x5AB16ull);
    t0 = now();
    st = sa_build64(t, sa, n, &o);
    tb = now() - t0;
    rss = peak_rss();
    t0 = now();
    sv = st == SA_OK ? sa_validate64(t, sa, n) : st;
    tv = now() - t0;
    printf("# big64,n,threads,time_build_s,mb_s,time_validate_s,valid,peak_rss_bytes,peak_rss_per_n\n");
    printf("big64,%lld,%d,%.3f,%.2f,%.3f,%d,%lld,%.2f\n", (long long)n, sa_effective_threads(&o), tb,
           (double)n / 1e6 / tb, tv, sv == SA_OK, rss, (double)rss / (double)n);
    if (sv != SA_OK) fprintf(stderr, "big: %s\n", sa_status_string(sv));
    free(t);
    free(sa);
    return sv != SA_OK;
}

int main(int argc, char **argv)
{
    const char *text = NULL;
    double text_mb = 50, random_mb = 24;
    int ths[32], nth = 0, reps = 1, clip = 1, skip_small = 0, no_random = 0, big_th = 0, i, bad = 0, all[32], nall = 0;
    int64_t big = 0, n;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char tl[256] = "1,2,4,8,16", *tok;
    uint8_t *t;
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--text") && i + 1 < argc) text = argv[++i];
        else if (!strcmp(argv[i], "--text-mb") && i + 1 < argc) text_mb = atof(argv[++i]);
        else if (!strcmp(argv[i], "--random-mb") && i + 1 < argc) random_mb = atof(argv[++i]);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) snprintf(tl, sizeof tl, "%s", argv[++i]);
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-clip")) clip = 0;
        else if (!strcmp(argv[i], "--skip-small")) skip_small = 1;
        else if (!strcmp(argv[i], "--no-random")) no_random = 1;
        else if (!strcmp(argv[i], "--big") && i + 1 < argc) big = (int64_t)atof(argv[++i]);
        else if (!strcmp(argv[i], "--big-threads") && i + 1 < argc) big_th = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: %s [--text FILE] [--text-mb M] [--random-mb M] [--threads 1,2,4] "
                            "[--reps R] [--no-clip] [--skip-small] [--no-random] [--big N] [--big-threads T]\n", argv[0]);
            return 2;
        }
    }
    if (reps < 1) reps = 1;
    for (tok = strtok(tl, ","); tok && nall < 32; tok = strtok(NULL, ",")) all[nall++] = atoi(tok);
    for (i = 0; i < nall; i++)
        if (all[i] >= 1 && (!clip || all[i] <= cores)) ths[nth++] = all[i];
        else fprintf(stderr, "# skipping %d threads (%ld cores online; --no-clip to run anyway)\n", all[i], cores);
    printf("# cores=%ld reps=%d\n", cores, reps);
    printf("dataset,n,algo,threads,time_s,mb_s,speedup_vs_sais1,same_sa\n");
    if (!skip_small) {
        if (!no_random) {
            n = (int64_t)(random_mb * 1e6);
            t = (uint8_t *)malloc((size_t)n);
            if (!t) return 1;
            fill_random(t, n, 42);
            bad |= run_dataset("random", t, n, ths, nth, reps);
            free(t);
        }
        t = text ? read_file(text, &n) : gen_headers((int64_t)(text_mb * 1e6), &n);
        if (!t) { fprintf(stderr, "cannot read the text input\n"); return 1; }
        {
            const char *nm = text ? strrchr(text, '/') : NULL;
            bad |= run_dataset(text ? (nm ? nm + 1 : text) : "headers", t, n, ths, nth, reps);
        }
        free(t);
    }
    if (big > 0) bad |= run_big(big, big_th);
    return bad;
}
