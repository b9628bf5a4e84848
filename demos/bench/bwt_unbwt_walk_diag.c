/* bwt_unbwt_walk_diag.c - issue 26 diagnostic: how many of the inverse BWT walk's interleaved
 * dependent reads overlap in the memory system, and what the walk costs beyond them (no libsais;
 * meson builds it with OpenMP).
 * A diagnostic of sa.h's internals, not an API example: unlike the demos (public API only, STYLE.md)
 * it calls the private walks sa__ub_walk_psi1 / sa__ub_walk_aux and helpers (sa__ub_sigma,
 * sa__bw_threads, SA__UB_TBL's shift), and reads sa_context's private fields (psi in ctx->iw, the
 * counts, the table), so it follows sa.h's internals and breaks at compile time when they change.
 *
 *   bwt_unbwt_walk_diag [FILE | --fib N | --acgt N | --random N] [--threads 1,8,16] [--reps 3] [--aux R]
 *
 * The BWT and samples (every R, default 4096) come from sa_bwt_aux; one sa_context_unbwt call
 * leaves the walk's psi (psi2 on the bigram path, single-byte psi on the large-alphabet path:
 * the path sa.h picks at that thread count) in the context's workspace. Then, min of REPS each:
 *   ctx      the whole sa_context_unbwt call (counts, fill, walk)
 *   walk     the decode walk alone, sa.h's own function (bigram path: sa__ub_walk_aux; single-
 *            byte path: sa__ub_walk_psi1), its checks included
 *   chaseW   the psi chain alone (row = psi[row], nothing decoded, nothing stored), W pieces
 *            interleaved on each thread, W = 1, 4, 8, 16, 32; the same pieces and step counts,
 *            the same dynamic schedule (chase1 walks every 8th piece only: it is slow)
 * CSV on stdout: mode,threads,n,path,steps,seconds,ns_per_step (seconds x threads / steps: the
 * time one thread spends per dependent read). overlap = chase1's ns_per_step / chaseW's: how many
 * reads are in flight at once. The process's AnonHugePages (Linux) after the first call goes to
 * stderr (is psi backed by 2 MiB pages?). Every decoded text is compared with the input. */
#include "../demo_common.h"
#define SA_IMPLEMENTATION
#include "sa.h"

static uint64_t chase_sink;
#define DIAG_CHASE(W)                                                                                        \
    static double chase##W(const uint32_t *P, const int32_t *aux, int64_t nseg, int64_t steps, int nt)      \
    {                                                                                                        \
        int64_t ngrp = (nseg + (W)-1) / (W);                                                                 \
        uint64_t acc = 0;                                                                                    \
        double t0 = dc_now();                                                                                \
        _Pragma("omp parallel for num_threads(nt) schedule(dynamic, 4) reduction(+ : acc)")                \
        for (int64_t g = 0; g < ngrp; g++) {                                                                 \
            uint32_t row[W];                                                                                 \
            for (int q = 0; q < (W); q++) row[q] = (uint32_t)aux[g * (W) + q < nseg ? g * (W) + q : nseg - 1]; \
            for (int64_t i = 0; i < steps; i++)                                                              \
                for (int q = 0; q < (W); q++) row[q] = P[row[q]];                                            \
            for (int q = 0; q < (W); q++) acc += row[q];                                                     \
        }                                                                                                    \
        chase_sink += acc;                                                                                   \
        return dc_now() - t0;                                                                                \
    }
DIAG_CHASE(4)
DIAG_CHASE(8)
DIAG_CHASE(16)
DIAG_CHASE(32)
/* one piece at a time, every 8th piece */
static double chase1(const uint32_t *P, const int32_t *aux, int64_t nseg, int64_t steps, int nt, int64_t *done)
{
    uint64_t acc = 0;
    int64_t cnt = 0;
    double t0 = dc_now();
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1) reduction(+ : acc, cnt)
    for (int64_t j = 0; j < nseg; j += 8) {
        uint32_t x = (uint32_t)aux[j];
        for (int64_t i = 0; i < steps; i++) x = P[x];
        acc += x;
        cnt += steps;
    }
    chase_sink += acc;
    *done = cnt;
    return dc_now() - t0;
}
static void thp_report(const char *when)
{
#ifdef __linux__
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    if (!f) return;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "AnonHugePages:", 14) == 0) fprintf(stderr, "thp,%s,%s", when, line + 14);
    fclose(f);
#else
    (void)when;
#endif
}

int main(int argc, char **argv)
{
    dc_init(argc, argv, "[FILE | --fib N | --acgt N | --random N] [--threads 1,8,16] [--reps 3] [--aux R]");
    const char *path = NULL, *threads_s = "1,8,16";
    uint64_t gen = 0, reps = 3, r = 4096;
    int fib = 0, acgt = 0;
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--fib")) fib = 1, gen = dc_arg_u64(&i, 8, (uint64_t)INT32_MAX - 1);
        else if (dc_is(argv[i], "--acgt")) acgt = 1, gen = dc_arg_u64(&i, 8, (uint64_t)INT32_MAX - 1);
        else if (dc_is(argv[i], "--random")) gen = dc_arg_u64(&i, 8, (uint64_t)INT32_MAX - 1);
        else if (dc_is(argv[i], "--threads")) threads_s = dc_arg_str(&i);
        else if (dc_is(argv[i], "--reps")) reps = dc_arg_u64(&i, 1, 1000);
        else if (dc_is(argv[i], "--aux")) r = dc_arg_u64(&i, 64, 1u << 30);
        else if (argv[i][0] == '-') dc_unknown(i);
        else path = argv[i];
    }
    if ((r & (r - 1)) != 0) dc_usage_error("--aux must be a power of two");
    uint8_t *t = NULL;
    size_t nz = 0;
    if (path) {
        dc_read_file(path, (size_t)INT32_MAX - 1, &t, &nz);
        if (nz < 8) dc_usage_error("%s: under 8 bytes", path);
    } else {
        if (!gen) dc_usage_error("give FILE, --fib N, --acgt N or --random N");
        nz = (size_t)gen;
        t = (uint8_t *)malloc(nz);
        if (!t) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
        dc_random_bytes(t, nz, 26);
        if (acgt) for (size_t i = 0; i < nz; i++) t[i] = (uint8_t)"ACGT"[t[i] & 3];
        if (fib) {
            t[0] = 'a', t[1] = 'b';
            for (size_t i = 1, w = 2; w < nz; i++) {
                t[w++] = 'a';
                if (t[i] == 'a' && w < nz) t[w++] = 'b';
            }
        }
    }
    int32_t n = (int32_t)nz;
    int64_t nseg = (int64_t)(n - 1) / (int64_t)r + 1;
    uint8_t *bw = (uint8_t *)malloc(nz), *u = (uint8_t *)malloc(nz);
    int32_t *aux = (int32_t *)malloc((size_t)nseg * 4);
    if (!bw || !u || !aux) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
    if (sa_bwt_aux(t, bw, aux, (int32_t)r, n, NULL) != SA_OK) { fprintf(stderr, "sa_bwt_aux failed\n"); return DC_EXIT_FAIL; }
    uint32_t C[257], hist[256] = {0};
    for (int32_t i = 0; i < n; i++) hist[bw[i]]++;
    C[0] = 1;
    for (int b = 0; b < 256; b++) C[b + 1] = C[b] + hist[b];
    int shift = 0;
    while (((uint64_t)n >> shift) >= SA__UB_TBL) shift++;
    const uint32_t S = C[bw[0]];
    printf("mode,threads,n,path,steps,seconds,ns_per_step\n");
    char buf[256];
    snprintf(buf, sizeof buf, "%s", threads_s);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        sa_options o;
        memset(&o, 0, sizeof o);
        o.threads = atoi(tok);
        sa_context *ctx = NULL;
        if (sa_context_create(n, &o, &ctx) != SA_OK) { fprintf(stderr, "out of memory\n"); return DC_EXIT_FAIL; }
        int nt = sa__bw_threads(&ctx->opt, n);
        int psi1 = sa__ub_sigma(bw, (uint32_t)n) > (nt >= SA__UB_BI_MT ? SA__UB_BI_SIGMA_MT : SA__UB_BI_SIGMA);
        const char *pname = psi1 ? "psi1" : "psi2";
        int64_t steps = psi1 ? (int64_t)r : (int64_t)r / 2, all = nseg * steps;
        const uint32_t *P = (const uint32_t *)ctx->iw;
        double best[8];
        int64_t done[8] = {0};
        for (int m = 0; m < 8; m++) best[m] = 1e30;
        memset(u, 0, nz);
        if (sa_context_unbwt(ctx, bw, u, aux, (int32_t)r, n) != SA_OK || memcmp(u, t, nz) != 0)
            dc_check(0, "threads %d: sa_context_unbwt failed", nt);
        thp_report(tok);
        for (uint64_t k = 0; k < reps; k++) {
            double t0 = dc_now();
            int st = sa_context_unbwt(ctx, bw, u, aux, (int32_t)r, n);
            double dt = dc_now() - t0;
            dc_check(st == SA_OK && memcmp(u, t, nz) == 0, "threads %d: ctx decode differs", nt);
            if (dt < best[0]) best[0] = dt;
            done[0] = all;
            memset(u, 0, nz);
            if (psi1) {
                t0 = dc_now();
                int bad = sa__ub_walk_psi1(u, aux, (int32_t)r, n, P, C, (const uint8_t *)ctx->tbl, shift, nt);
                dt = dc_now() - t0;
                dc_check(!bad && memcmp(u, t, nz) == 0, "threads %d: psi1 walk differs", nt);
                done[1] = all;
            } else {
                const uint32_t *E = ctx->cnt + (size_t)nt * (256 + SA__UB_B2);
                t0 = dc_now();
                int bad = sa__ub_walk_aux(u, aux, (int32_t)r, (uint32_t)n, S, bw[0], P, E, ctx->tbl, shift, nt);
                dt = dc_now() - t0;
                dc_check(!bad && memcmp(u, t, nz) == 0, "threads %d: psi2 walk differs", nt);
                done[1] = all;
            }
            if (dt < best[1]) best[1] = dt;
            double c[5];
            c[0] = chase1(P, aux, nseg, steps, nt, &done[2]);
            c[1] = chase4(P, aux, nseg, steps, nt);
            c[2] = chase8(P, aux, nseg, steps, nt);
            c[3] = chase16(P, aux, nseg, steps, nt);
            c[4] = chase32(P, aux, nseg, steps, nt);
            for (int m = 0; m < 5; m++) {
                if (c[m] < best[2 + m]) best[2 + m] = c[m];
                if (m) done[2 + m] = ((nseg + (4 << (m - 1)) - 1) / (4 << (m - 1))) * (4 << (m - 1)) * steps;
            }
        }
        static const char *mn[7] = {"ctx", "walk", "chase1", "chase4", "chase8", "chase16", "chase32"};
        for (int m = 0; m < 7; m++)
            printf("%s,%d,%d,%s,%lld,%.6f,%.2f\n", mn[m], nt, n, pname, (long long)done[m], best[m],
                   best[m] * nt / (double)done[m] * 1e9);
        fflush(stdout);
        sa_context_destroy(ctx);
    }
    fprintf(stderr, "sink,%llu\n", (unsigned long long)chase_sink);
    free(t), free(bw), free(u), free(aux);
    return dc_exit_code();
}
