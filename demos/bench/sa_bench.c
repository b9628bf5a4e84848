/* sa_bench.c - sa.h against libdivsufsort 2.0 and against our own Manber-Myers, side by side in
 * one run on one input. Prints one CSV row per implementation:
 *   dataset,n,impl,threads,time_s,mb_s,ratio_vs_divsufsort,peak_bytes,peak_per_n,same_sa
 * time_s is the best of --reps runs of SA construction (divsufsort and the single-thread
 * default alternate rep by rep, so that both see the same load on a shared machine). peak_bytes for sa.h rows is SA + LCP:
 * text + SA + LCP arrays + the most sa.h allocated during sa_build or sa_lcp (measured through
 * SA_MALLOC); for divsufsort it is text + SA (it computes no LCP). Manber-Myers runs on a prefix
 * of --mm-prefix bytes when the input is longer (it is O(n log n) and slow on text).
 *
 *   sa_bench FILE|--random N [--name NAME] [--reps R] [--mm-prefix N] [--threads T] [--no-header]
 */
#include <divsufsort.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static atomic_llong bench_cur, bench_peak;
static void *bench_malloc(size_t sz)
{
    size_t *p = malloc(sz + 16);
    if (!p) return NULL;
    p[0] = sz;
    long long cur = atomic_fetch_add(&bench_cur, (long long)sz) + (long long)sz;
    long long pk = atomic_load(&bench_peak);
    while (cur > pk && !atomic_compare_exchange_weak(&bench_peak, &pk, cur)) {}
    return (char *)p + 16;
}
static void bench_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    atomic_fetch_sub(&bench_cur, (long long)p[0]);
    free(p);
}
#define SA_MALLOC(sz) bench_malloc(sz)
#define SA_FREE(p) bench_free(p)
#define SA_IMPLEMENTATION
#include "sa.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct { const char *name; int threads; double t; long long peak; int same; int32_t n; } row;

static void print_row(const char *dataset, const row *r, double t_dss)
{
    double mb = (double)r->n / 1e6;
    printf("%s,%d,%s,%d,%.4f,%.3f,%.3f,%lld,%.2f,%d\n", dataset, r->n, r->name, r->threads, r->t, mb / r->t,
           t_dss > 0 ? (mb / r->t) / (1e-6 * 0 + (double)r->n / 1e6 / t_dss) : 0.0, r->peak,
           (double)r->peak / (double)r->n, r->same);
    fflush(stdout);
}

/* time sa_build (best of reps), then sa_lcp once for the memory peak. dss != NULL: before each
 * rep, time divsufsort into ref (best into dss->t), so both see the same machine load. */
static row run_sa(const char *label, const uint8_t *t, int32_t n, sa_algorithm algo, int threads, int reps,
                  int32_t *ref, row *dss)
{
    row r = {label, threads, 1e30, 0, 0, n};
    int32_t *sa = malloc((size_t)n * 4), *lcp = malloc((size_t)n * 4);
    sa_options o = {algo, threads, SA_LCP_PHI};
    memset(sa, 0, (size_t)n * 4);
    memset(lcp, 0, (size_t)n * 4);
    for (int k = 0; k < reps; k++) {
        if (dss) {
            double t1 = now();
            if (divsufsort(t, ref, n) != 0) { fprintf(stderr, "divsufsort failed\n"); exit(1); }
            double d1 = now() - t1;
            if (d1 < dss->t) dss->t = d1;
        }
        atomic_store(&bench_peak, 0);
        double t0 = now();
        if (sa_build(t, sa, n, &o) != SA_OK) { fprintf(stderr, "%s failed\n", label); exit(1); }
        double dt = now() - t0;
        if (dt < r.t) r.t = dt;
    }
    long long lib = atomic_load(&bench_peak);
    atomic_store(&bench_peak, 0);
    if (sa_lcp(t, sa, lcp, n, &o) != SA_OK) { fprintf(stderr, "%s: sa_lcp failed\n", label); exit(1); }
    if (atomic_load(&bench_peak) > lib) lib = atomic_load(&bench_peak);
    r.peak = (long long)n * 9 + lib;
    r.same = ref ? memcmp(sa, ref, (size_t)n * 4) == 0 : sa_validate(t, sa, n) == SA_OK;
    free(sa);
    free(lcp);
    return r;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *name = NULL;
    int64_t nr = 24000000, mm_prefix = 4000000;
    int reps = 3, threads = 0, header = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--random") && i + 1 < argc) nr = strtoll(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--name") && i + 1 < argc) name = argv[++i];
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--mm-prefix") && i + 1 < argc) mm_prefix = strtoll(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--threads") && i + 1 < argc) threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--no-header")) header = 0;
        else if (argv[i][0] != '-') file = argv[i];
        else { fprintf(stderr, "usage: %s FILE|--random N [--name NAME] [--reps R] [--mm-prefix N] [--threads T]\n", argv[0]); return 2; }
    }
    uint8_t *t;
    int32_t n;
    if (file) {
        FILE *f = fopen(file, "rb");
        if (!f) { fprintf(stderr, "cannot open %s\n", file); return 1; }
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        rewind(f);
        if (len <= 0 || len > INT32_MAX - 1) { fprintf(stderr, "%s: size %ld unsupported\n", file, len); return 1; }
        n = (int32_t)len;
        t = malloc((size_t)n);
        if (fread(t, 1, (size_t)n, f) != (size_t)n) { fprintf(stderr, "cannot read %s\n", file); return 1; }
        fclose(f);
        if (!name) { name = strrchr(file, '/'); name = name ? name + 1 : file; }
    } else {
        n = (int32_t)nr;
        t = malloc((size_t)n);
        uint64_t s = 730;
        for (int32_t i = 0; i < n; i++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            t[i] = (uint8_t)(s >> 56);
        }
        if (!name) name = "random";
    }
    if (header) printf("dataset,n,impl,threads,time_s,mb_s,ratio_vs_divsufsort,peak_bytes,peak_per_n,same_sa\n");

    /* libdivsufsort: the reference SA and the throughput to beat, timed alternately with the
     * single-thread default (best of reps each) */
    int32_t *ref = malloc((size_t)n * 4);
    memset(ref, 0, (size_t)n * 4);
    row d = {"divsufsort", 1, 1e30, 0, 1, n};
    row s = run_sa("sa.h-sais", t, n, SA_ALGO_SAIS, 1, reps, ref, &d);
    d.peak = (long long)n * 5;
    print_row(name, &d, d.t);
    print_row(name, &s, d.t);
    int nt = sa_effective_threads(&(sa_options){SA_ALGO_DEFAULT, threads, SA_LCP_DEFAULT});
    if (nt > 1) {
        row p = run_sa("sa.h-parallel", t, n, SA_ALGO_PARALLEL, nt, reps, ref, NULL);
        print_row(name, &p, d.t);
    }
    /* Manber-Myers: on a prefix when the input is long; divsufsort timed on the same prefix */
    int32_t m = n < mm_prefix ? n : (int32_t)mm_prefix;
    char mmname[256];
    snprintf(mmname, sizeof mmname, "%s[0:%d]", name, m);
    row dp = {"divsufsort", 1, 1e30, 5LL * m, 1, m};
    int32_t *refp = malloc((size_t)m * 4);
    row sp = run_sa("sa.h-sais", t, m, SA_ALGO_SAIS, 1, reps, refp, &dp);
    row mmr = run_sa("sa.h-mm", t, m, SA_ALGO_MM, 1, 1, refp, NULL);
    if (m != n) {
        print_row(mmname, &dp, dp.t);
        print_row(mmname, &sp, dp.t);
    }
    print_row(m != n ? mmname : name, &mmr, dp.t);
    fprintf(stderr, "# %s: sais/mm speedup %.1fx on %d bytes\n", name, mmr.t / sp.t, m);
    free(t); free(ref); free(refp);
    return 0;
}
