/* bwt_libsais_bench.c - sa.h's BWT, inverse BWT, GSA (and integer-alphabet SA when sa.h has
 * sa_build_int) against libsais 2.10 in one process, same threads (issue 26).
 *
 *   bwt_libsais_bench [FILE | --random N | --acgt N | --fib N] [--threads 1,8,16] [--reps 3] [--aux R]
 *                     [--ops unbwt,unbwt_aux,...]   (default: every row) [--algo default|sais|parallel|psais]
 *
 * Every row: min of REPS runs, the two libraries interleaved (A B A B ...), outputs compared
 * byte for byte (column same). ratio = libsais time / sa.h time (> 1: sa.h faster). Rows:
 *   bwt        sa_bwt          vs libsais_bwt (1 thread) / libsais_bwt_omp
 *   bwt_aux    sa_bwt_aux      vs libsais_bwt_aux(_omp), samples every R (default 4096)
 *   unbwt      sa_unbwt        vs libsais_unbwt(_omp) (primary index only)
 *   unbwt_aux  sa_unbwt_aux    vs libsais_unbwt_aux(_omp)
 *   gsa        sa_gsa (no LCP) vs libsais_gsa(_omp) on the input cut into strings at every
 *              '\n' (and at every 64th byte when it has none), 0 terminators, no empty strings
 *              (libsais_gsa returns -1 on two adjacent terminators)
 *   gsa_sa     sa_build vs libsais(_omp) on the gsa row's input: the plain SA (sa_gsa's start
 *              where it cannot run SA-IS in the GSA order: threads, empty strings)
 *   gsa_lcp    sa_gsa with the LCP vs libsais_gsa + libsais_plcp_gsa + libsais_lcp (_omp)
 *   gsa_lcp_ctx  the same through sa_context_gsa (its workspace allocated and touched once, as
 *              the bench's PLCP array for libsais is): what sa_gsa's per-call workspace costs
 *   int        sa_build_int    vs libsais_int, 1 thread, the input's bytes as int32 symbols, k = 256
 *   int16      the same over byte pairs t[i] * 256 + t[i + 1] (t[n] = 0), k = 65536
 *   unbwt_ctx, unbwt_aux_ctx    the inverses through sa_context_unbwt: the workspace allocated
 *              (and its pages touched) once, as libsais's caller-given A is
 * The inverses decode the BWT and samples of one sa_bwt_aux call made before the rows (all
 * threads). --fib N: the Fibonacci word over a, b (long repeats at every scale).
 * --algo: sa_options.algorithm of every sa.h call (sa_gsa at threads > 1: psais = parallel SA-IS in
 * the GSA order, parallel = the plain doubling SA and the group pass, default = sa_build's rule
 * picks one of them); with it, each thread count's pick of that rule on the gsa row's input goes
 * to stderr as "pick,THREADS,ALGORITHM" (one sa_build_ex call, not timed).
 * Without -DSA_BENCH_LIBSAIS (meson: no -Dlibsais_dir) only sa.h runs. CSV on stdout. */
#include "../demo_common.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#ifdef SA_BENCH_LIBSAIS
#include "libsais.h"
#endif

static double best(double a, double b) { return a < b ? a : b; }
static const char *names[] = {"bwt", "bwt_aux", "unbwt", "unbwt_aux", "gsa", "int", "unbwt_ctx", "unbwt_aux_ctx", "gsa_sa", "gsa_lcp", "int16", "gsa_lcp_ctx"};
#define NOPS 12
/* the int rows' symbols: bytes (int, k = 256) or byte pairs (int16, k = 65536) */
static int32_t sym(const uint8_t *t, int32_t n, int32_t i, int op) { return op == 10 ? t[i] * 256 + (i + 1 < n ? t[i + 1] : 0) : t[i]; }

int main(int argc, char **argv)
{
    const char *file = NULL, *threads_s = "1";
    int64_t nrand = 0, reps = 3, r = 4096;
    int acgt = 0, fib = 0;
    const char *ops_s = NULL, *algo_s = NULL;
    dc_init(argc, argv, "[FILE | --random N | --acgt N | --fib N] [--threads 1,8,16] [--reps K] [--aux R] [--ops A,B] [--algo default|sais|parallel|psais]");
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (dc_is(argv[i], "--random")) nrand = dc_arg_i64(&i, 1, INT32_MAX);
        else if (dc_is(argv[i], "--acgt")) nrand = dc_arg_i64(&i, 1, INT32_MAX), acgt = 1;
        else if (dc_is(argv[i], "--fib")) nrand = dc_arg_i64(&i, 1, INT32_MAX), fib = 1;
        else if (dc_is(argv[i], "--ops")) ops_s = dc_arg_str(&i);
        else if (dc_is(argv[i], "--threads")) threads_s = dc_arg_str(&i);
        else if (dc_is(argv[i], "--reps")) reps = dc_arg_i64(&i, 1, 100);
        else if (dc_is(argv[i], "--aux")) r = dc_arg_i64(&i, 2, 1 << 30);
        else if (dc_is(argv[i], "--algo")) algo_s = dc_arg_str(&i);
        else if (argv[i][0] == '-' || file) dc_unknown(i);
        else file = argv[i];
    }
    if (r & (r - 1)) dc_usage_error("--aux must be a power of two");
    sa_algorithm algo = SA_ALGO_DEFAULT;
    if (algo_s) {
        if (strcmp(algo_s, "sais") == 0) algo = SA_ALGO_SAIS;
        else if (strcmp(algo_s, "parallel") == 0) algo = SA_ALGO_PARALLEL;
        else if (strcmp(algo_s, "psais") == 0) algo = SA_ALGO_PARALLEL_SAIS;
        else if (strcmp(algo_s, "default") != 0) dc_usage_error("--algo: default, sais, parallel or psais");
    }
    int want[NOPS];
    for (int op = 0; op < NOPS; op++) want[op] = ops_s == NULL;
    if (ops_s) {
        char ob[256];
        snprintf(ob, sizeof ob, "%s", ops_s);
        for (char *tok = strtok(ob, ","); tok; tok = strtok(NULL, ",")) {
            int op = 0;
            while (op < NOPS && strcmp(tok, names[op]) != 0) op++;
            if (op == NOPS) dc_usage_error("--ops: unknown row '%s'", tok);
            want[op] = 1;
        }
    }
    uint8_t *t;
    size_t nz;
    if (file) dc_read_file(file, INT32_MAX - 1, &t, &nz);
    else {
        if (!nrand) nrand = 1 << 24;
        nz = (size_t)nrand;
        t = (uint8_t *)malloc(nz);
        dc_random_bytes(t, nz, 26);
        if (acgt) for (size_t i = 0; i < nz; i++) t[i] = (uint8_t)"ACGT"[t[i] & 3];
        if (fib) { /* the fixed point of a -> ab, b -> a, grown in place */
            t[0] = 'a';
            if (nz > 1) t[1] = 'b';
            for (size_t i = 1, w = 2; w < nz; i++) {
                t[w++] = 'a';
                if (t[i] == 'a' && w < nz) t[w++] = 'b';
            }
        }
    }
    int32_t n = (int32_t)nz;
    size_t naux = (size_t)((n - 1) / r + 1);
    uint8_t *u1 = (uint8_t *)malloc(nz), *u2 = (uint8_t *)malloc(nz), *g = (uint8_t *)malloc(nz);
    int32_t *A = (int32_t *)malloc((nz + 1) * 4), *B = (int32_t *)malloc((nz + 1) * 4);
    int32_t *I1 = (int32_t *)malloc(naux * 4), *I2 = (int32_t *)malloc(naux * 4), *IU = (int32_t *)malloc(naux * 4);
    uint8_t *ub = (uint8_t *)malloc(nz); /* the BWT the inverses decode, with samples IU (IU[0]: primary) */
    int32_t *L1 = NULL, *L2 = NULL, *PL = NULL; /* gsa_lcp: the LCPs, libsais's PLCP */
    if (want[9] || want[11]) {
        L1 = (int32_t *)malloc(nz * 4), L2 = (int32_t *)malloc(nz * 4), PL = (int32_t *)malloc(nz * 4);
        if (!L1 || !L2 || !PL) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
    }
    if (!u1 || !u2 || !g || !A || !B || !I1 || !I2 || !IU || !ub) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
    if (want[2] || want[3] || want[6] || want[7])
        if (sa_bwt_aux(t, ub, IU, (int32_t)r, n, NULL) != SA_OK) { fprintf(stderr, "sa_bwt_aux failed\n"); return DC_EXIT_FAIL; }
    /* the GSA input: strings cut at '\n' (or every 64 bytes), no 0 inside */
    int has_nl = memchr(t, '\n', nz) != NULL;
    for (size_t i = 0; i < nz; i++) g[i] = has_nl ? (t[i] == '\n' ? 0 : (t[i] ? t[i] : 1)) : (i % 64 == 63 ? 0 : (t[i] ? t[i] : 1));
    /* no empty strings: libsais_gsa refuses two adjacent terminators (returns -1); sa_gsa takes them */
    for (size_t i = 0; i < nz; i++) if (g[i] == 0 && (i == 0 || g[i - 1] == 0)) g[i] = 'x';
    if (n > 0) g[n - 1] = 0;
    if (n > 1 && g[n - 2] == 0) g[n - 2] = 'x'; /* the text's last string empty (a cut after '\n') */
    printf("op,threads,n,sa_h_s,libsais_s,ratio,same\n");
    char buf[256];
    snprintf(buf, sizeof buf, "%s", threads_s);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        int th = atoi(tok);
        sa_options o;
        memset(&o, 0, sizeof o);
        o.threads = th;
        if (algo_s) {
            sa_build_info inf;
            if (sa_build_ex(g, A, n, &o, &inf) == SA_OK)
                fprintf(stderr, "pick,%d,%s\n", th, sa_algorithm_name(inf.algorithm));
        }
        o.algorithm = algo;
        sa_context *ctx = NULL;
        if (sa_context_create(n, &o, &ctx) != SA_OK) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
        for (int op = 0; op < NOPS; op++) {
            double ta = 1e30, tb = 1e30;
            int same = 1;
            if (!want[op] || ((op == 5 || op == 10) && th != 1)) continue;
            for (int64_t k = 0; k < reps; k++) {
                double t0 = dc_now(), t1, t2;
                int32_t p1 = 0;
                sa_status st = SA_OK;
                switch (op) {
                case 0: st = sa_bwt(t, u1, &p1, n, &o); break;
                case 1: st = sa_bwt_aux(t, u1, I1, (int32_t)r, n, &o); break;
                case 2: st = sa_unbwt(ub, u1, IU[0], n, &o); break;
                case 3: st = sa_unbwt_aux(ub, u1, IU, (int32_t)r, n, &o); break;
                case 4: st = sa_gsa(g, A, NULL, n, &o); break;
                case 8: st = sa_build(g, A, n, &o); break;
                case 9: st = sa_gsa(g, A, L1, n, &o); break;
                case 11: if (k == 0) sa_context_gsa(ctx, g, A, L1, n); /* pages touched once */
                         t0 = dc_now(); st = sa_context_gsa(ctx, g, A, L1, n); break;
                case 6: if (k == 0) sa_context_unbwt(ctx, ub, u1, IU, 0, n); /* pages touched once */
                        t0 = dc_now(); st = sa_context_unbwt(ctx, ub, u1, IU, 0, n); break;
                case 7: if (k == 0) sa_context_unbwt(ctx, ub, u1, IU, (int32_t)r, n);
                        t0 = dc_now(); st = sa_context_unbwt(ctx, ub, u1, IU, (int32_t)r, n); break;
                default:
                    for (int32_t i = 0; i < n; i++) B[i] = sym(t, n, i, op);
                    t0 = dc_now();
                    st = sa_build_int(B, A, n, op == 10 ? 65536 : 256, &o);
                    break;
                }
                t1 = dc_now();
                if (st != SA_OK) { same = 0; if (op == 5 || op == 10) break; }
                ta = best(ta, t1 - t0);
#ifdef SA_BENCH_LIBSAIS
                int32_t q = 0;
                t1 = dc_now();
                switch (op) {
                case 0: q = th == 1 ? libsais_bwt(t, u2, B, n, 0, NULL) : libsais_bwt_omp(t, u2, B, n, 0, NULL, th);
                        same &= q == p1 && memcmp(u1, u2, nz) == 0; break;
                case 1: q = th == 1 ? libsais_bwt_aux(t, u2, B, n, 0, NULL, (int32_t)r, I2)
                                    : libsais_bwt_aux_omp(t, u2, B, n, 0, NULL, (int32_t)r, I2, th);
                        same &= q == 0 && memcmp(u1, u2, nz) == 0 && memcmp(I1, I2, naux * 4) == 0; break;
                case 2: case 3: case 6: case 7: /* sa.h's output checked, then libsais decodes into u1 (A: n + 1 ints) */
                    same &= memcmp(u1, t, nz) == 0;
                    memset(u1, 0, nz);
                    t1 = dc_now();
                    if (op == 2 || op == 6) q = th == 1 ? libsais_unbwt(ub, u1, B, n, NULL, IU[0])
                                             : libsais_unbwt_omp(ub, u1, B, n, NULL, IU[0], th);
                    else q = th == 1 ? libsais_unbwt_aux(ub, u1, B, n, NULL, (int32_t)r, IU)
                                     : libsais_unbwt_aux_omp(ub, u1, B, n, NULL, (int32_t)r, IU, th);
                    break;
                case 4: q = th == 1 ? libsais_gsa(g, B, n, 0, NULL) : libsais_gsa_omp(g, B, n, 0, NULL, th);
                        same &= q == 0 && memcmp(A, B, nz * 4) == 0; break;
                case 8: q = th == 1 ? libsais(g, B, n, 0, NULL) : libsais_omp(g, B, n, 0, NULL, th);
                        same &= q == 0 && memcmp(A, B, nz * 4) == 0; break;
                case 9: case 11: q = th == 1 ? libsais_gsa(g, B, n, 0, NULL) : libsais_gsa_omp(g, B, n, 0, NULL, th);
                        q |= th == 1 ? libsais_plcp_gsa(g, B, PL, n) : libsais_plcp_gsa_omp(g, B, PL, n, th);
                        q |= th == 1 ? libsais_lcp(PL, B, L2, n) : libsais_lcp_omp(PL, B, L2, n, th);
                        same &= q == 0 && memcmp(A, B, nz * 4) == 0 && memcmp(L1, L2, nz * 4) == 0; break;
                default:
                    for (int32_t i = 0; i < n; i++) B[i] = sym(t, n, i, op);
                    {
                        int32_t *S = (int32_t *)malloc((nz + 1) * 4);
                        t1 = dc_now();
                        q = libsais_int(B, S, n, op == 10 ? 65536 : 256, 0);
                        t2 = dc_now();
                        same &= q == 0 && memcmp(A, S, nz * 4) == 0;
                        free(S);
                        tb = best(tb, t2 - t1);
                    }
                    continue;
                }
                t2 = dc_now();
                if (op == 2 || op == 3 || op == 6 || op == 7) same &= q == 0 && memcmp(u1, t, nz) == 0;
                tb = best(tb, t2 - t1);
#else
                (void)t2;
                if (op == 2 || op == 3 || op == 6 || op == 7) same &= memcmp(u1, t, nz) == 0;
#endif
            }
            if ((op == 5 || op == 10) && !same && ta >= 1e30) { printf("%s,1,%d,,,,no sa_build_int\n", names[op], n); continue; }
            printf("%s,%d,%d,%.6f,%.6f,%.3f,%d\n", names[op], th, n, ta, tb < 1e30 ? tb : 0.0, tb < 1e30 ? tb / ta : 0.0, same);
            fflush(stdout);
            if (!same) dc_check(0, "%s threads %d: outputs differ or a call failed", names[op], th);
        }
        sa_context_destroy(ctx);
    }
    free(t), free(u1), free(u2), free(g), free(A), free(B), free(I1), free(I2), free(IU), free(ub);
    free(L1), free(L2), free(PL);
    return dc_exit_code();
}
