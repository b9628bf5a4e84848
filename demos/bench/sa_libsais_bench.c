/* sa_libsais_bench.c - sa.h against libsais 2.x (libsais / libsais_omp) and libdivsufsort, side
 * by side in one process on one input, with the same thread count.
 *
 *   sa_libsais_bench FILE | --gen random|acgt|fib|equal|log N   [--name NAME] [--threads 1,2,...]
 *                    [--reps R] [--algos default,sais,parallel,psais] [--no-lcp] [--no-header]
 *
 * For every thread count T of --threads, R rounds (default 3); in each round every
 * implementation builds the SA once (and its LCP array), in turn, so all see the same machine
 * load; times are the minimum over the rounds. Implementations:
 *   libsais      libsais (T = 1) or libsais_omp(T); LCP = libsais_plcp + libsais_lcp (their
 *                _omp variants for T > 1). Only when built with -Dlibsais_dir=PATH.
 *   divsufsort   libdivsufsort (one thread; SA only), T = 1 only, when found.
 *   sa.h-<algo>  sa_build with SA_ALGO_DEFAULT / _SAIS / _PARALLEL / _PARALLEL_SAIS (psais) and
 *                threads = T; LCP =
 *                sa_lcp (default method, threads = T), timed on the default's row only.
 * Checks: every SA equals the first one built (itself checked once with sa_validate), every LCP
 * array equals the first one; any difference prints and makes the exit status 1.
 * Memory (peak_*_n, in bytes per input byte): text (1n) + SA (4n) + the most the library
 * allocated during the build, counted by a counting allocator (sa.h through SA_MALLOC, libsais
 * through its one malloc/free pair, see sa_libsais_wrap.c; divsufsort: not counted, its SA is
 * 5n with O(1) extra); with LCP: + the LCP array (4n), for libsais + its PLCP array (4n, which
 * its API makes the caller allocate; allocated inside the timed call, as sa_lcp allocates its
 * Phi array inside its own) + what it allocated.
 * CSV on stdout, one row per implementation and thread count:
 *   dataset,n,impl,threads,ran,sa_s,lcp_s,sa_speedup_vs_libsais,lcp_speedup_vs_libsais,
 *   peak_sa_n,peak_sa_lcp_n,predicted_ratio,same
 * speedup_vs_libsais = libsais's time / this time at the same T (> 1: faster than libsais);
 * ran: what actually ran (the default's choice and its threads); predicted_ratio: the default's
 * prediction (sa_build_info.predicted_ratio; 0 = none). Exit: 0, 1 mismatch, 2 usage.
 */
#include "demos/demo_common.h"

#define SA_MALLOC(sz) dc_counting_malloc(sz)
#define SA_FREE(p) dc_counting_free(p)
#define SA_IMPLEMENTATION
#include "sa.h"

#ifdef SA_BENCH_DIVSUFSORT
#include <divsufsort.h>
#endif
#ifdef SA_BENCH_LIBSAIS
#include "libsais.h"
/* libsais's malloc/free (sa_libsais_wrap.c renames them to these): the same counter */
void *sa_lb_peer_malloc(size_t sz);
void sa_lb_peer_free(void *p);
void *sa_lb_peer_malloc(size_t sz) { return dc_counting_malloc(sz); }
void sa_lb_peer_free(void *p) { dc_counting_free(p); }
#endif

#define MAXT 16
#define MAXI 8

typedef struct {
    char name[32], ran[48];
    int kind;   /* 0 libsais, 1 divsufsort, 2 sa.h */
    sa_algorithm algo;
    int lcp;    /* time the LCP on this row */
    double sa_s, lcp_s, pred;
    size_t peak_sa, peak_lcp;
    int same;
} impl;

/* A server log, deterministic: increasing timestamps, a few levels, components and message
 * templates with request ids, client addresses, paths, durations and sizes (repeats of every
 * length, like real logs: mostly the templates, broken by the numbers). */
static void gen_log(uint8_t *t, size_t n)
{
    static const char *const lvl[] = {"INFO", "INFO", "INFO", "DEBUG", "WARN", "ERROR"};
    static const char *const comp[] = {"http", "db.pool", "auth", "cache", "scheduler", "storage.s3"};
    static const char *const path[] = {"/api/v1/users", "/api/v1/orders", "/static/app.js", "/healthz",
                                       "/api/v2/search", "/login", "/api/v1/orders/items"};
    uint64_t s = 0x10c5eed, ts = 1700000000000ull, req = 100000;
    size_t i = 0;
    char line[256];
    while (i < n) {
        uint64_t r = dc_splitmix64(&s);
        int len, m = (int)(r % 5);
        ts += 1 + (r >> 8) % 250;
        req += 1 + (r >> 16) % 3;
        if (m <= 1)
            len = snprintf(line, sizeof line, "%llu.%03llu %s [%s] req=%llu %s %s from 10.%u.%u.%u status=%u in %u ms\n",
                           (unsigned long long)(ts / 1000), (unsigned long long)(ts % 1000), lvl[(r >> 24) % 6],
                           comp[0], (unsigned long long)req, (r >> 27) & 1 ? "GET" : "POST", path[(r >> 28) % 7],
                           (unsigned)(r >> 32) & 3, (unsigned)(r >> 34) & 255, (unsigned)(r >> 42) & 255,
                           (r >> 50) % 10 ? 200u : 500u, (unsigned)(r >> 54) % 400);
        else if (m == 2)
            len = snprintf(line, sizeof line, "%llu.%03llu %s [%s] connection %u acquired, %u idle, %u busy\n",
                           (unsigned long long)(ts / 1000), (unsigned long long)(ts % 1000), lvl[(r >> 24) % 6],
                           comp[1], (unsigned)(r >> 30) % 64, (unsigned)(r >> 36) % 16, (unsigned)(r >> 40) % 48);
        else
            len = snprintf(line, sizeof line, "%llu.%03llu %s [%s] job %llu finished: %u items, %u bytes\n",
                           (unsigned long long)(ts / 1000), (unsigned long long)(ts % 1000), lvl[(r >> 24) % 6],
                           comp[2 + (r >> 28) % 4], (unsigned long long)(req / 7), (unsigned)(r >> 32) % 1000,
                           (unsigned)(r >> 40) % 100000);
        if (len < 0) len = 0;
        if ((size_t)len > n - i) len = (int)(n - i);
        memcpy(t + i, line, (size_t)len);
        i += (size_t)len;
    }
}

static void gen(const char *kind, uint8_t *t, size_t n)
{
    uint64_t s = 0x5a5a17;
    size_t i;
    if (!strcmp(kind, "random")) dc_random_bytes(t, n, 730);
    else if (!strcmp(kind, "acgt"))
        for (i = 0; i < n; i++) {
            if (i % 32 == 0) s = dc_splitmix64(&s);
            t[i] = (uint8_t)"ACGT"[(s >> (2 * (i % 32))) & 3];
        }
    else if (!strcmp(kind, "equal")) memset(t, 'a', n);
    else if (!strcmp(kind, "log")) gen_log(t, n);
    else { /* Fibonacci word: S(k+1) = S(k) S(k-1), S(k-1) a prefix of S(k) */
        size_t len = n < 2 ? n : 2, plen = 1;
        if (n > 0) t[0] = 'a';
        if (n > 1) t[1] = 'b';
        while (len < n) {
            size_t c = plen < n - len ? plen : n - len;
            memcpy(t + len, t, c);
            plen = len;
            len += c;
        }
    }
}

static void parse_list(const char *s, int *v, int *cnt, int lo, int hi)
{
    char *e;
    *cnt = 0;
    while (*s) {
        long x = strtol(s, &e, 10);
        if (e == s || x < lo || x > hi || *cnt == MAXT) dc_usage_error("bad thread list '%s'", s);
        v[(*cnt)++] = (int)x;
        s = *e == ',' ? e + 1 : e;
        if (*e && *e != ',') dc_usage_error("bad thread list");
    }
    if (*cnt == 0) dc_usage_error("empty thread list");
}

int main(int argc, char **argv)
{
    static const char *const gens[] = {"random", "acgt", "fib", "equal", "log", NULL};
    const char *file = NULL, *name = NULL, *algos = "default";
    int genk = -1, reps = 3, header = 1, do_lcp = 1, thr[MAXT], nthr = 1, ti, r, k, ni;
    uint64_t gen_n = 0;
    uint8_t *t;
    size_t n;
    int32_t *sa, *ref, *lcp = NULL, *lref = NULL;
    int have_ref, have_lref;
    thr[0] = 1;
    dc_init(argc, argv, "FILE | --gen random|acgt|fib|equal|log N  [--name NAME] [--threads 1,2,...] [--reps R] "
                        "[--algos default,sais,parallel,psais] [--no-lcp] [--no-header]");
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--gen")) {
            genk = dc_arg_choice(&i, gens);
            gen_n = dc_arg_u64(&i, 1, INT32_MAX - 1);
        } else if (dc_is(argv[i], "--name")) name = dc_arg_str(&i);
        else if (dc_is(argv[i], "--threads")) parse_list(dc_arg_str(&i), thr, &nthr, 1, SA_MAX_THREADS);
        else if (dc_is(argv[i], "--reps")) reps = (int)dc_arg_u64(&i, 1, 100);
        else if (dc_is(argv[i], "--algos")) algos = dc_arg_str(&i);
        else if (dc_is(argv[i], "--no-lcp")) do_lcp = 0;
        else if (dc_is(argv[i], "--no-header")) header = 0;
        else if (dc_is(argv[i], "--help")) dc_help();
        else if (argv[i][0] != '-' && !file) file = argv[i];
        else dc_unknown(i);
    }
    if (!file == (genk < 0)) dc_usage_error("give one input: FILE or --gen KIND N");
    if (file) {
        dc_read_file(file, INT32_MAX - 1, &t, &n);
        if (!name) { name = strrchr(file, '/'); name = name ? name + 1 : file; }
    } else {
        n = (size_t)gen_n;
        t = (uint8_t *)malloc(n);
        if (!t) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
        gen(gens[genk], t, n);
        if (!name) name = gens[genk];
    }
    if (n < 2) dc_usage_error("input too short (%zu bytes)", n);
    sa = (int32_t *)malloc(n * 4);
    ref = (int32_t *)malloc(n * 4);
    if (do_lcp) {
        lcp = (int32_t *)malloc(n * 4);
        lref = (int32_t *)malloc(n * 4);
    }
    if (!sa || !ref || (do_lcp && (!lcp || !lref))) { fprintf(stderr, "out of memory\n"); return 1; }
    /* touch every page once so first-touch costs land on no implementation */
    memset(sa, 0, n * 4);
    memset(ref, 0, n * 4);
    if (do_lcp) { memset(lcp, 0, n * 4); memset(lref, 0, n * 4); }
    have_ref = have_lref = 0;
    if (header)
        printf("dataset,n,impl,threads,ran,sa_s,lcp_s,sa_speedup_vs_libsais,lcp_speedup_vs_libsais,"
               "peak_sa_n,peak_sa_lcp_n,predicted_ratio,same\n");

    for (ti = 0; ti < nthr; ti++) {
        int T = thr[ti];
        impl im[MAXI];
        ni = 0;
        memset(im, 0, sizeof im);
#ifdef SA_BENCH_LIBSAIS
        snprintf(im[ni].name, sizeof im[ni].name, "libsais");
        snprintf(im[ni].ran, sizeof im[ni].ran, T > 1 ? "libsais_omp x%d" : "libsais", T);
        im[ni].kind = 0; im[ni].lcp = do_lcp; ni++;
#endif
#ifdef SA_BENCH_DIVSUFSORT
        if (T == 1) {
            snprintf(im[ni].name, sizeof im[ni].name, "divsufsort");
            snprintf(im[ni].ran, sizeof im[ni].ran, "divsufsort");
            im[ni].kind = 1; ni++;
        }
#endif
        {   /* sa.h rows from --algos, in the order given */
            static const char *const an[] = {"default", "sais", "parallel", "psais"};
            static const sa_algorithm av[] = {SA_ALGO_DEFAULT, SA_ALGO_SAIS, SA_ALGO_PARALLEL, SA_ALGO_PARALLEL_SAIS};
            const char *p = algos;
            while (*p && ni < MAXI) {
                size_t l = strcspn(p, ",");
                for (k = 0; k < 4; k++)
                    if (strlen(an[k]) == l && !strncmp(p, an[k], l)) break;
                if (k == 4) dc_usage_error("unknown algorithm in --algos '%s'", algos);
                p += l + (p[l] == ',');
                if (av[k] == SA_ALGO_SAIS && T > 1) continue; /* one thread: the T = 1 row */
                if ((av[k] == SA_ALGO_PARALLEL || av[k] == SA_ALGO_PARALLEL_SAIS) && T == 1) continue;
                snprintf(im[ni].name, sizeof im[ni].name, "sa.h-%s", an[k]);
                im[ni].kind = 2;
                im[ni].algo = av[k];
                im[ni].lcp = do_lcp && av[k] == SA_ALGO_DEFAULT;
                ni++;
            }
        }
        for (k = 0; k < ni; k++) { im[k].sa_s = im[k].lcp_s = 1e30; im[k].same = 1; }
        for (r = 0; r < reps; r++)
            for (k = 0; k < ni; k++) {
                impl *m = &im[k];
                double t0, dt;
                int rc = 0;
                size_t base;
                memset(sa, 0xff, n * 4); /* equal footing: the SA array's pages are warm for all */
                base = dc_current_bytes();
                dc_reset_peak();
                t0 = dc_now();
                if (m->kind == 0) {
#ifdef SA_BENCH_LIBSAIS
                    rc = T > 1 ? libsais_omp(t, sa, (int32_t)n, 0, NULL, T) : libsais(t, sa, (int32_t)n, 0, NULL);
#endif
                } else if (m->kind == 1) {
#ifdef SA_BENCH_DIVSUFSORT
                    rc = divsufsort(t, sa, (int32_t)n);
#endif
                } else {
                    sa_options o = {m->algo, T, SA_LCP_DEFAULT};
                    sa_build_info inf;
                    rc = sa_build_ex(t, sa, (int32_t)n, &o, &inf) == SA_OK ? 0 : -1;
                    if (inf.threads > 1)
                        snprintf(m->ran, sizeof m->ran, "%s x%d", sa_algorithm_name(inf.algorithm), inf.threads);
                    else
                        snprintf(m->ran, sizeof m->ran, "%s", sa_algorithm_name(inf.algorithm));
                    m->pred = inf.predicted_ratio;
                }
                dt = dc_now() - t0;
                if (rc != 0) { fprintf(stderr, "%s (T=%d) failed: %d\n", m->name, T, rc); return DC_EXIT_FAIL; }
                if (dt < m->sa_s) m->sa_s = dt;
                if (dc_peak_bytes() - base > m->peak_sa) m->peak_sa = dc_peak_bytes() - base;
                if (!have_ref) {
                    dc_check(sa_validate(t, sa, (int32_t)n) == SA_OK, "%s: sa_validate rejects the first SA", name);
                    memcpy(ref, sa, n * 4);
                    have_ref = 1;
                } else if (memcmp(sa, ref, n * 4) != 0) {
                    m->same = 0;
                    dc_check(0, "%s: %s (T=%d) SA differs from the reference", name, m->name, T);
                }
                if (!m->lcp) continue;
                memset(lcp, 0xff, n * 4);
                base = dc_current_bytes();
                dc_reset_peak();
                t0 = dc_now();
                if (m->kind == 0) {
#ifdef SA_BENCH_LIBSAIS
                    /* a fresh PLCP array per call, as sa_lcp allocates its Phi array per call */
                    int32_t *pl = (int32_t *)malloc(n * 4);
                    if (!pl) rc = -1;
                    else if (T > 1)
                        rc = libsais_plcp_omp(t, sa, pl, (int32_t)n, T) || libsais_lcp_omp(pl, sa, lcp, (int32_t)n, T);
                    else
                        rc = libsais_plcp(t, sa, pl, (int32_t)n) || libsais_lcp(pl, sa, lcp, (int32_t)n);
                    free(pl);
#endif
                } else {
                    sa_options o = {m->algo, T, SA_LCP_DEFAULT};
                    rc = sa_lcp(t, sa, lcp, (int32_t)n, &o) == SA_OK ? 0 : -1;
                }
                dt = dc_now() - t0;
                if (rc != 0) { fprintf(stderr, "%s LCP (T=%d) failed\n", m->name, T); return DC_EXIT_FAIL; }
                if (dt < m->lcp_s) m->lcp_s = dt;
                if (dc_peak_bytes() - base > m->peak_lcp) m->peak_lcp = dc_peak_bytes() - base;
                if (!have_lref) {
                    memcpy(lref, lcp, n * 4);
                    have_lref = 1;
                } else if (memcmp(lcp, lref, n * 4) != 0) {
                    m->same = 0;
                    dc_check(0, "%s: %s (T=%d) LCP differs from the reference", name, m->name, T);
                }
            }
        {
            double lsa = 0, llcp = 0;
            for (k = 0; k < ni; k++)
                if (im[k].kind == 0) { lsa = im[k].sa_s; llcp = im[k].lcp_s; }
            for (k = 0; k < ni; k++) {
                impl *m = &im[k];
                double dn = (double)n, psa = (5 * dn + (double)m->peak_sa) / dn;
                double plc = (9 * dn + (m->kind == 0 ? 4 * dn : 0) + (double)m->peak_lcp) / dn;
                char lcs[32] = "", lsp[32] = "", ssp[32] = "", pl[32] = "", ps[32] = "";
                if (m->lcp) {
                    snprintf(lcs, sizeof lcs, "%.4f", m->lcp_s);
                    snprintf(pl, sizeof pl, "%.2f", plc > psa ? plc : psa);
                    if (llcp > 0 && llcp < 1e29) snprintf(lsp, sizeof lsp, "%.3f", llcp / m->lcp_s);
                }
                if (lsa > 0) snprintf(ssp, sizeof ssp, "%.3f", lsa / m->sa_s);
                if (m->kind != 1) snprintf(ps, sizeof ps, "%.2f", psa);
                printf("%s,%zu,%s,%d,%s,%.4f,%s,%s,%s,%s,%s,%.3f,%d\n", name, n, m->name, T, m->ran, m->sa_s, lcs,
                       ssp, lsp, ps, pl, m->pred, m->same);
            }
            fflush(stdout);
        }
    }
    free(t); free(sa); free(ref); free(lcp); free(lref);
    return dc_exit_code();
}
