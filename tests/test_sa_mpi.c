/* test_sa_mpi.c - sa.h's MPI variants (SA_MPI_DIST, SA_MPI_GATHER) against sa_build/sa_lcp/
 * sa_lrs on one rank: gathered SA, LCP and the LRS on every rank, for random bytes over 2, 4
 * and 256 symbols, all-equal, periodic, Fibonacci, NUL-heavy and long-repeat texts, texts
 * shorter than the rank count, n = 0, sizes one off a block boundary, caller blocks of any
 * lengths, the 32- and 64-bit APIs, a file read with MPI_File_read_at_all, bad arguments on
 * one rank (every rank must return the same status) and every allocation failing once.
 * The DCX (SA_MPI_DIST; built with SA_MPI_DCX_BASE=0 by tests/meson.build so that every level
 * stays distributed): n around the covers 3, 7 and 13, n one off multiples of the cover times
 * the rank count, a last rank holding 0 bytes, all-equal text (the deepest recursion, its level
 * count checked), a random third repeated three times (repeats across rank boundaries), NUL
 * and 0xFF runs, hybrid runs (2 threads per rank past the threaded paths' 64 Ki; 3-4 threads
 * through the threaded merge), the failing allocator on a repetitive and an all-equal text
 * (every level and the LCP rounds). --stall:
 * only the oversubscription check (1 MB of NUL/0xFF runs within 60 s) and the DCX's memory bound
 * (SA only and SA + LCP, 1 MB of random bytes, default settings: the merge and the LCP's first
 * phase in rounds). */
#include "failalloc.h"
#define SA_MALLOC(sz) fa_malloc(sz)
#define SA_FREE(p) fa_free(p)
#define SA_MPI
#define SA_IMPLEMENTATION
#include "sa.h"
#include "check.h"
#include <mpi.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int P, R;
static uint64_t rng;

static uint64_t rnd(void)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Text kinds, generated identically on every rank (the seed is rank 0's). */
enum { T_RAND256, T_RAND4, T_RAND2, T_EQUAL, T_PERIODIC, T_FIB, T_NUL, T_REPEAT, T_RUNS, T_TRIPLE, T_MIX20, T_KINDS };
static const char *kind_name[] = {"rand256", "rand4", "rand2", "equal", "periodic", "fib", "nul", "repeat", "runs",
                                  "triple", "mix20"};

static void make_text(int kind, uint8_t *t, int64_t n)
{
    int64_t i;
    uint64_t per = 1 + rnd() % 9;
    for (i = 0; i < n; i++) {
        switch (kind) {
        case T_RAND256: t[i] = (uint8_t)rnd(); break;
        case T_RAND4: t[i] = (uint8_t)("ACGT"[rnd() % 4]); break;
        case T_RAND2: t[i] = (uint8_t)(rnd() % 2); break;
        case T_EQUAL: t[i] = 'a'; break;
        case T_PERIODIC: t[i] = (uint8_t)('a' + i % (int64_t)per); break;
        case T_NUL: t[i] = rnd() % 10 ? 0 : (uint8_t)rnd(); break;
        case T_REPEAT: /* a 700-byte random unit repeated with a few mutations: long LCPs */
            t[i] = i < 700 ? (uint8_t)rnd() : (rnd() % 997 ? t[i - 700] : (uint8_t)rnd());
            break;
        case T_RUNS: /* runs of NUL and 0xFF (1 to 2000 long) between random bytes */
            if (i == 0 || rnd() % 64 == 0) {
                int64_t len = 1 + (int64_t)(rnd() % 2000), k;
                uint8_t v = rnd() % 3 == 0 ? (uint8_t)rnd() : rnd() % 2 ? 0x00 : 0xFF;
                for (k = 0; k < len && i + k < n; k++) t[i + k] = v;
                i += k - 1;
            } else {
                t[i] = (uint8_t)rnd();
            }
            break;
        case T_MIX20: /* 20 letters (5 bits a character): blocks of random ones, then of "abcdefgh" repeated
                         with a few letters changed (the merge's rounds see wide and narrow keys) */
            t[i] = (uint8_t)('a' + ((i / 3000) % 2 == 0 || rnd() % 800 == 0 ? rnd() % 20 : (uint64_t)(i % 8)));
            break;
        case T_TRIPLE: /* a random third three times (the last one cut): repeats across rank boundaries */
            t[i] = i < n / 3 + 1 ? (uint8_t)("ab"[rnd() % 2]) : t[i - (n / 3 + 1)];
            break;
        default: break;
        }
    }
    if (kind == T_FIB) { /* Fibonacci word: s_k = s_{k-1} s_{k-2} */
        int64_t a = 1, b = 2;
        if (n > 0) t[0] = 'b';
        if (n > 1) t[1] = 'a';
        /* grow by copying the prefix: f(k+1) = f(k) f(k-1) */
        while (b < n) {
            int64_t c = a + b, k;
            for (k = b; k < c && k < n; k++) t[k] = t[k - b];
            a = b;
            b = c;
        }
    }
}

/* The reference on every rank (small texts) with sa_build / sa_lcp / sa_lrs. */
typedef struct ref { int64_t *sa, *lcp; sa_lrs_result lrs; } ref;

static void make_ref(const uint8_t *t, int64_t n, ref *r)
{
    r->sa = malloc((size_t)(n + 1) * 8);
    r->lcp = malloc((size_t)(n + 1) * 8);
    CHECK(sa_build64(t, r->sa, n, NULL) == SA_OK);
    CHECK(sa_lcp64(t, r->sa, r->lcp, n, NULL) == SA_OK);
    CHECK(sa_lrs64(r->sa, r->lcp, n, &r->lrs, NULL) == SA_OK);
}

/* The caller's block boundaries: 0 = the documented layout, 1 = random cuts, 2 = all on the
 * last rank. */
static void my_block(int64_t n, int split, int64_t *lo, int64_t *len)
{
    int64_t cuts[65], q;
    if (split == 0) { sa_mpi_block(n, P, R, lo, len); return; }
    cuts[0] = 0;
    cuts[P] = n;
    for (q = 1; q < P; q++) cuts[q] = split == 2 ? 0 : (int64_t)(rnd() % (uint64_t)(n + 1));
    for (q = 1; q < P; q++) { /* sort the cuts */
        int64_t k = q, v = cuts[q];
        while (k > 1 && cuts[k - 1] > v) { cuts[k] = cuts[k - 1]; k--; }
        cuts[k] = v;
    }
    *lo = cuts[R];
    *len = cuts[R + 1] - cuts[R];
}

static int same_lrs(const sa_lrs_result *a, const sa_lrs_result *b)
{
    return a->len == b->len && a->sa_index == b->sa_index && a->pos == b->pos && a->count == b->count;
}

/* One build and its checks. */
static sa_mpi_info last_info; /* the last run_one's */

static void run_one(const uint8_t *t, int64_t n, const ref *rf, sa_mpi_algorithm algo, int width, int split,
                    int threads, const char *what)
{
    int64_t lo, len, blo, bcnt, k;
    sa_options opt = {0};
    sa_lrs_result lrs;
    sa_mpi_info info;
    sa_status st;
    int ok = 1;
    opt.threads = threads;
    my_block(n, split, &lo, &len);
    sa_mpi_block(n, P, R, &blo, &bcnt);
    if (width == 64) {
        int64_t *sa = malloc((size_t)(bcnt + 1) * 8), *lcp = malloc((size_t)(bcnt + 1) * 8);
        int64_t *gsa = R == 0 ? malloc((size_t)(n + 1) * 8) : NULL, *glcp = R == 0 ? malloc((size_t)(n + 1) * 8) : NULL;
        st = sa_mpi_build64(MPI_COMM_WORLD, algo, t + lo, len, sa, lcp, bcnt, &lrs, &opt, &info);
        CHECK(st == SA_OK, "%s: %s", what, sa_status_string(st));
        CHECK(info.n == n && info.lo == blo && info.count == bcnt, "%s: info", what);
        CHECK(sa_mpi_gather64(MPI_COMM_WORLD, 0, sa, bcnt, gsa, n) == SA_OK, "%s", what);
        CHECK(sa_mpi_gather64(MPI_COMM_WORLD, 0, lcp, bcnt, glcp, n) == SA_OK, "%s", what);
        if (R == 0) {
            for (k = 0; k < n && ok; k++) ok = CHECK(gsa[k] == rf->sa[k], "%s: sa[%lld]", what, (long long)k);
            for (k = 0; k < n && ok; k++) ok = CHECK(glcp[k] == rf->lcp[k], "%s: lcp[%lld] %lld != %lld", what,
                                                     (long long)k, (long long)glcp[k], (long long)rf->lcp[k]);
        }
        free(sa); free(lcp); free(gsa); free(glcp);
    } else {
        int32_t *sa = malloc((size_t)(bcnt + 1) * 4), *lcp = malloc((size_t)(bcnt + 1) * 4);
        int32_t *gsa = R == 0 ? malloc((size_t)(n + 1) * 4) : NULL, *glcp = R == 0 ? malloc((size_t)(n + 1) * 4) : NULL;
        st = sa_mpi_build(MPI_COMM_WORLD, algo, t + lo, (int32_t)len, sa, lcp, (int32_t)bcnt, &lrs, &opt, &info);
        CHECK(st == SA_OK, "%s: %s", what, sa_status_string(st));
        CHECK(sa_mpi_gather(MPI_COMM_WORLD, 0, sa, (int32_t)bcnt, gsa, (int32_t)n) == SA_OK, "%s", what);
        CHECK(sa_mpi_gather(MPI_COMM_WORLD, 0, lcp, (int32_t)bcnt, glcp, (int32_t)n) == SA_OK, "%s", what);
        if (R == 0) {
            for (k = 0; k < n && ok; k++) ok = CHECK(gsa[k] == rf->sa[k], "%s: sa[%lld]", what, (long long)k);
            for (k = 0; k < n && ok; k++) ok = CHECK(glcp[k] == rf->lcp[k], "%s: lcp[%lld]", what, (long long)k);
        }
        free(sa); free(lcp); free(gsa); free(glcp);
    }
    last_info = info;
    CHECK(info.peak_bytes > 0 || n == 0 || algo != SA_MPI_DIST, "%s: peak_bytes %lld", what, (long long)info.peak_bytes);
    CHECK(same_lrs(&lrs, &rf->lrs), "%s: lrs len %lld idx %lld pos %lld count %lld, want %lld %lld %lld %lld", what,
          (long long)lrs.len, (long long)lrs.sa_index, (long long)lrs.pos, (long long)lrs.count,
          (long long)rf->lrs.len, (long long)rf->lrs.sa_index, (long long)rf->lrs.pos, (long long)rf->lrs.count);
}

/* Both algorithms on one text; the index width, the caller's block split and the thread count
 * vary from case to case (a collective costs milliseconds on an oversubscribed 2-core machine,
 * so the cases are few and each one different). */
static void check_text(int kind, int64_t n)
{
    static int turn;
    uint8_t *t = malloc((size_t)n + 1);
    ref rf;
    char what[160];
    int a;
    make_text(kind, t, n);
    make_ref(t, n, &rf);
    for (a = 0; a < 2; a++) {
        int w = (turn / 2) % 2, s = turn % 3, threads = 1 + turn % 2;
        turn++;
        snprintf(what, sizeof what, "P=%d %s n=%lld algo=%s width=%d split=%d threads=%d", P, kind_name[kind],
                 (long long)n, a ? "gather" : "dist", w ? 32 : 64, s, threads);
        run_one(t, n, &rf, a ? SA_MPI_GATHER : SA_MPI_DIST, w ? 32 : 64, s, threads, what);
    }
    free(rf.sa);
    free(rf.lcp);
    free(t);
}

/* The DCX alone on one text, with the given threads per rank (hybrid runs); returns its levels. */
static int check_dist(int kind, int64_t n, int threads)
{
    uint8_t *t = malloc((size_t)n + 1);
    ref rf;
    char what[160];
    make_text(kind, t, n);
    make_ref(t, n, &rf);
    snprintf(what, sizeof what, "P=%d %s n=%lld dist threads=%d", P, kind_name[kind], (long long)n, threads);
    run_one(t, n, &rf, SA_MPI_DIST, 64, 0, threads, what);
    free(rf.sa);
    free(rf.lcp);
    free(t);
    return last_info.rounds;
}

/* The DCX's memory (64-bit), SA only and with the LCP, on 1 MB of random bytes at the default
 * settings: the library's peak summed over the ranks per input byte. The byte level's merge runs
 * in SA__MPI_MERGE_ROUNDS (12; 8 at DC7) rounds and the LCP's first phase in SA__MPI_LCP_ROUNDS (4); in one
 * round each (before them) the SA alone took 112 bytes per input byte at 2 and 4 ranks, SA + LCP
 * 126; with the reuse cache gone and the LCP's exchanges in rounds (2151fbc) 35-37 both. Bounds:
 * 40n with the LCP (2151fbc's parent took 42.5n; now 34.5n), 20n for the SA alone (issue 24's
 * goal; 28n before the merge's sample ranks R went compact, 8 bytes a sample instead of 8 a
 * position: 22.5n -> 18.0n at 4 ranks; 4 merge rounds, or the sample sort holding its send buffer
 * beside a fresh scratch, took 35-37n). Then 1 MB of random ACGT, SA only, bound 21n: its names
 * are not unique, so a recursion level runs and rank 0 sorts the kept names gathered (25.2n before
 * the compact R and rank 0's tighter gathered level, 2 MB at 4 ranks in the demo; about 19.6n at
 * DC7). DC13 with 12 rounds (the default since this change): 16.2n / 34.5n / 16.3n at 4 ranks, but
 * 21.6n SA only while the merge's splitter sample was capped per rank, not in total (every rank
 * gathers all the ranks' draws). */
static void check_memory(void)
{
    const int64_t n = 1 << 20;
    uint8_t *t = malloc((size_t)n);
    int64_t lo, cnt, peak, k, *sa, *lcp;
    int pass;
    sa_mpi_info info;
    sa_status st;
    sa_mpi_block(n, P, R, &lo, &cnt);
    sa = malloc((size_t)(cnt + 1) * 8);
    lcp = malloc((size_t)(cnt + 1) * 8);
    for (pass = 0; pass < 3; pass++) { /* random SA only, random SA + LCP, ACGT SA only */
        int with_lcp = pass == 1;
        int64_t bound = pass == 1 ? 40 : pass == 0 ? 20 : 21; /* see above */
        const char *what = pass == 2 ? "ACGT" : "random";
        if (pass == 0) for (k = 0; k < n; k++) t[k] = (uint8_t)rnd();
        if (pass == 2) for (k = 0; k < n; k++) t[k] = (uint8_t)"ACGT"[rnd() & 3];
        st = sa_mpi_build64(MPI_COMM_WORLD, SA_MPI_DIST, t + lo, cnt, sa, with_lcp ? lcp : NULL, cnt, NULL, NULL,
                            &info);
        CHECK(st == SA_OK, "memory: %s", sa_status_string(st));
        peak = info.peak_bytes;
        MPI_Allreduce(MPI_IN_PLACE, &peak, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
        if (R == 0)
            printf("DCX memory, %s, 1 MB %s, %d ranks: %.1f bytes per input byte\n", with_lcp ? "SA + LCP" : "SA only",
                   what, P, (double)peak / n);
        CHECK(peak <= bound * n, "memory (%s, %s): %.1f bytes per input byte (bound %lld)",
              with_lcp ? "SA + LCP" : "SA only", what, (double)peak / n, (long long)bound);
    }
    free(sa);
    free(lcp);
    free(t);
}

/* Every rank must return the same status when one rank's arguments are bad. */
static void check_bad_args(void)
{
    uint8_t t[100];
    int64_t sa[100], lcp[100], lo, cnt, q;
    sa_lrs_result lrs;
    sa_options bad = {0};
    sa_status st;
    int bad_rank = P - 1;
    make_text(T_RAND4, t, 100);
    sa_mpi_block(100, P, R, &lo, &cnt);
    /* negative length on one rank */
    st = sa_mpi_build64(MPI_COMM_WORLD, SA_MPI_DIST, t + lo, R == bad_rank ? -1 : cnt, sa, lcp, 100, &lrs, NULL, NULL);
    CHECK(st == SA_ERR_SIZE, "negative length: %s", sa_status_string(st));
    /* NULL block with bytes on one rank */
    st = sa_mpi_build64(MPI_COMM_WORLD, SA_MPI_GATHER, R == bad_rank ? NULL : t + lo, R == bad_rank ? 1 : cnt, sa,
                        lcp, 100, &lrs, NULL, NULL);
    CHECK(st == SA_ERR_NULL, "NULL block: %s", sa_status_string(st));
    /* output capacity too small on one rank (only known after the layout) */
    st = sa_mpi_build64(MPI_COMM_WORLD, SA_MPI_DIST, t + lo, cnt, sa, lcp, R == 0 ? 0 : 100, &lrs, NULL, NULL);
    CHECK(st == SA_ERR_SIZE, "small cap: %s", sa_status_string(st));
    /* bad options or algorithm on one rank */
    bad.threads = -1;
    st = sa_mpi_build64(MPI_COMM_WORLD, SA_MPI_DIST, t + lo, cnt, sa, lcp, 100, &lrs, R == bad_rank ? &bad : NULL, NULL);
    CHECK(st == SA_ERR_ARG, "bad threads: %s", sa_status_string(st));
    st = sa_mpi_build64(MPI_COMM_WORLD, R == bad_rank ? (sa_mpi_algorithm)7 : SA_MPI_DIST, t + lo, cnt, sa, lcp, 100,
                        &lrs, NULL, NULL);
    CHECK(st == SA_ERR_ARG, "bad algorithm: %s", sa_status_string(st));
    /* 32-bit API: fine here */
    {
        int32_t s32[100], l32[100];
        st = sa_mpi_build(MPI_COMM_WORLD, SA_MPI_DIST, t + lo, (int32_t)cnt, s32, l32, 100, &lrs, NULL, NULL);
        CHECK(st == SA_OK, "32-bit: %s", sa_status_string(st));
    }
    /* gather: the root's capacity too small, and a bad root */
    q = 0;
    st = sa_mpi_gather64(MPI_COMM_WORLD, 0, sa, cnt, sa, R == 0 ? 99 : 0);
    CHECK(st == SA_ERR_SIZE, "gather cap: %s", sa_status_string(st));
    st = sa_mpi_gather64(MPI_COMM_WORLD, P, sa, cnt, sa, 100);
    CHECK(st == SA_ERR_ARG, "gather bad root: %s", sa_status_string(st));
    (void)q;
    /* a file that does not exist */
    {
        uint8_t *b = NULL;
        int64_t bl = 0, n = 0;
        st = sa_mpi_read_file(MPI_COMM_WORLD, "/nonexistent/sa_mpi_test", &b, &bl, &n);
        CHECK(st == SA_ERR_MPI && b == NULL, "missing file: %s", sa_status_string(st));
    }
}

/* Issue 21: ranks that pass different, individually valid choices (the algorithm, the LCP
 * wish, the gather root) get SA_ERR_ARG on every rank with the first difference named; a
 * directory, a FIFO and a huge sa_mpi_block stay well defined. Each of these hung (or was
 * undefined behaviour) before the agreement digest. */
static void check_disagreement(void)
{
    uint8_t t[200];
    int64_t sa[200], lcp[200], lo, cnt;
    sa_lrs_result lrs;
    sa_mpi_info info;
    sa_status st;
    int odd = P - 1;
    make_text(T_REPEAT, t, 200);
    sa_mpi_block(200, P, R, &lo, &cnt);
    if (P < 2) return;
    /* mixed algorithms: the last rank asks for GATHER, the others for DIST */
    memset(&info, 0xff, sizeof info);
    st = sa_mpi_build64(MPI_COMM_WORLD, R == odd ? SA_MPI_GATHER : SA_MPI_DIST, t + lo, cnt, sa, lcp, 200, &lrs,
                        NULL, &info);
    CHECK(st == SA_ERR_ARG && info.mismatch && strcmp(info.mismatch, "algorithm") == 0,
          "mixed algorithms: %s (%s)", sa_status_string(st), st == SA_ERR_ARG && info.mismatch ? info.mismatch : "-");
    st = sa_mpi_build64(MPI_COMM_WORLD, R == 0 ? SA_MPI_GATHER : SA_MPI_DIST, t + lo, cnt, sa, NULL, 200, NULL,
                        NULL, NULL);
    CHECK(st == SA_ERR_ARG, "mixed algorithms, no info: %s", sa_status_string(st));
    /* mixed LCP wishes: rank 0 wants neither LCP nor LRS, the others want both / only the LRS */
    for (int a = 0; a < 2; a++) {
        sa_mpi_algorithm algo = a ? SA_MPI_GATHER : SA_MPI_DIST;
        memset(&info, 0, sizeof info);
        st = sa_mpi_build64(MPI_COMM_WORLD, algo, t + lo, cnt, sa, R == 0 ? NULL : lcp, 200, R == 0 ? NULL : &lrs,
                            NULL, &info);
        CHECK(st == SA_ERR_ARG && info.mismatch && strcmp(info.mismatch, "lcp wanted") == 0,
              "%s mixed LCP wishes: %s", sa_mpi_algorithm_name(algo), sa_status_string(st));
        st = sa_mpi_build64(MPI_COMM_WORLD, algo, t + lo, cnt, sa, NULL, 200, R == odd ? &lrs : NULL, NULL, &info);
        CHECK(st == SA_ERR_ARG, "%s mixed LRS wishes: %s", sa_mpi_algorithm_name(algo), sa_status_string(st));
        /* the 32-bit entry point shares the agreement */
        {
            int32_t s32[200], l32[200];
            st = sa_mpi_build(MPI_COMM_WORLD, algo, t + lo, (int32_t)cnt, s32, R == odd ? l32 : NULL, 200, NULL,
                              NULL, NULL);
            CHECK(st == SA_ERR_ARG, "%s 32-bit mixed LCP wishes: %s", sa_mpi_algorithm_name(algo),
                  sa_status_string(st));
        }
        /* what may differ: the thread count, and lcp given on one rank while another only wants the LRS */
        {
            sa_options o = {0};
            o.threads = 1 + R % 2;
            memset(&info, 0, sizeof info);
            st = sa_mpi_build64(MPI_COMM_WORLD, algo, t + lo, cnt, sa, R == 0 ? lcp : NULL, 200, &lrs, &o, &info);
            CHECK(st == SA_OK && info.mismatch == NULL, "%s threads per rank: %s", sa_mpi_algorithm_name(algo),
                  sa_status_string(st));
        }
    }
    /* different gather roots */
    st = sa_mpi_gather64(MPI_COMM_WORLD, R == odd ? 1 : 0, sa, cnt, sa, 200);
    CHECK(st == SA_ERR_ARG, "mixed gather roots: %s", sa_status_string(st));
}

/* sa_mpi_read_file on what is not a regular file, and sa_mpi_block at the int64 limit. */
static void check_file_kinds(void)
{
    char dir[256], fifo[256];
    uint8_t *b = (uint8_t *)&b;
    int64_t bl = -5, n = -5, lo, cnt, sum = 0;
    int pid = (int)getpid(), q;
    sa_status st;
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(dir, sizeof dir, "/tmp/test_sa_mpi_dir_%d", pid);
    snprintf(fifo, sizeof fifo, "/tmp/test_sa_mpi_fifo_%d", pid);
    if (R == 0) {
        CHECK(mkdir(dir, 0700) == 0, "mkdir %s", dir);
        CHECK(mkfifo(fifo, 0600) == 0, "mkfifo %s", fifo);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    st = sa_mpi_read_file(MPI_COMM_WORLD, dir, &b, &bl, &n);
    CHECK(st == SA_ERR_ARG && b == NULL && bl == 0 && n == 0, "directory: %s", sa_status_string(st));
    b = (uint8_t *)&b;
    st = sa_mpi_read_file(MPI_COMM_WORLD, fifo, &b, &bl, &n); /* would wait for a writer if opened */
    CHECK(st == SA_ERR_ARG && b == NULL, "FIFO: %s", sa_status_string(st));
    st = sa_mpi_read_file(MPI_COMM_WORLD, "/dev/null", &b, &bl, &n);
    CHECK(st == SA_ERR_ARG && b == NULL, "/dev/null: %s", sa_status_string(st));
    MPI_Barrier(MPI_COMM_WORLD);
    if (R == 0) { rmdir(dir); remove(fifo); }
    /* the blocks of n = 2^63 - 1 (what ROMIO reports for a directory) tile [0, n) */
    for (q = 0; q < P; q++) {
        sa_mpi_block(INT64_MAX, P, q, &lo, &cnt);
        CHECK(lo == sum && cnt >= 0 && cnt <= INT64_MAX - lo, "block of 2^63-1: rank %d lo %lld count %lld", q,
              (long long)lo, (long long)cnt);
        sum = lo + cnt;
    }
    CHECK(sum == INT64_MAX, "blocks of 2^63-1 end at %lld", (long long)sum);
    sa_mpi_block(INT64_MAX, 3, 2, &lo, &cnt);
    CHECK(lo + cnt == INT64_MAX && cnt > 0, "block 2 of 3 of 2^63-1");
}

/* The text as a file, read collectively. */
static void check_file(void)
{
    char path[256];
    int64_t n = 5000 + (int64_t)(rnd() % 3000), bl = 0, fn = 0, lo, cnt, k;
    uint8_t *t = malloc((size_t)n), *b = NULL;
    int pid = (int)getpid(), ok = 1;
    ref rf;
    sa_lrs_result lrs;
    sa_status st;
    make_text(T_REPEAT, t, n);
    MPI_Bcast(&pid, 1, MPI_INT, 0, MPI_COMM_WORLD);
    snprintf(path, sizeof path, "/tmp/test_sa_mpi_%d.bin", pid);
    if (R == 0) {
        FILE *f = fopen(path, "wb");
        CHECK(f && fwrite(t, 1, (size_t)n, f) == (size_t)n);
        if (f) fclose(f);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    st = sa_mpi_read_file(MPI_COMM_WORLD, path, &b, &bl, &fn);
    CHECK(st == SA_OK && fn == n, "read_file: %s", sa_status_string(st));
    sa_mpi_block(n, P, R, &lo, &cnt);
    CHECK(bl == cnt && (cnt == 0 || memcmp(b, t + lo, (size_t)cnt) == 0), "file block");
    make_ref(t, n, &rf);
    {
        int64_t *sa = malloc((size_t)(cnt + 1) * 8), *lcp = malloc((size_t)(cnt + 1) * 8);
        int64_t *g = R == 0 ? malloc((size_t)n * 8) : NULL;
        st = sa_mpi_build64(MPI_COMM_WORLD, SA_MPI_DIST, b, bl, sa, lcp, cnt, &lrs, NULL, NULL);
        CHECK(st == SA_OK, "file build: %s", sa_status_string(st));
        CHECK(sa_mpi_gather64(MPI_COMM_WORLD, 0, sa, cnt, g, n) == SA_OK);
        if (R == 0) for (k = 0; k < n && ok; k++) ok = CHECK(g[k] == rf.sa[k], "file sa[%lld]", (long long)k);
        CHECK(same_lrs(&lrs, &rf.lrs), "file lrs");
        free(sa); free(lcp); free(g);
    }
    sa_mpi_free(b);
    MPI_Barrier(MPI_COMM_WORLD);
    if (R == 0) remove(path);
    free(rf.sa); free(rf.lcp); free(t);
}

/* Allocation failures: the k-th allocation on one rank fails; every rank must return
 * SA_ERR_NOMEM (the same status) and free everything. threads: every rank's opt->threads (0: the
 * library's default, OpenMP's; a fixed count makes the allocation sequence, and so which k hit
 * which buffer, the same on every machine). every == 1 (1-2 ranks): each k on each rank in turn,
 * until no rank has a k-th allocation (the victim k mod P alone tried half of each rank's
 * allocations at 2 ranks, and stopped at the first k the victim did not reach, though another
 * rank had more: sa_build_int's byte copy, whose failure it absorbs, failed on one rank went
 * unseen). every > 1: the victim k mod P, a sample. */
static void check_failalloc_nt(sa_mpi_algorithm algo, int every, int kind, int64_t n, int threads)
{
    uint8_t *t = malloc((size_t)n);
    int64_t *sa = malloc((size_t)n * 8), *lcp = malloc((size_t)n * 8), lo, cnt;
    sa_lrs_result lrs;
    sa_options opt = sa_options_default();
    long k;
    opt.threads = threads;
    make_text(kind, t, n);
    sa_mpi_block(n, P, R, &lo, &cnt);
    for (k = 1 + (long)(rnd() % (unsigned)every); k < 100000; k += every) {
        int v0 = every == 1 ? 0 : (int)(k % P), v1 = every == 1 ? P - 1 : v0, victim, hit = 0, bad = 0;
        for (victim = v0; victim <= v1 && !bad; victim++) {
            int fired, any;
            long live = fa_live();
            sa_status st;
            fa_arm(R == victim ? k : 0);
            st = sa_mpi_build64(MPI_COMM_WORLD, algo, t + lo, cnt, sa, lcp, n, &lrs, &opt, NULL);
            fired = fa_fired();
            fa_arm(0);
            MPI_Allreduce(&fired, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
            CHECK(fa_live() == live, "failalloc k=%ld leaked %ld", k, fa_live() - live);
            if (!any) { CHECK(st == SA_OK, "failalloc k=%ld: %s", k, sa_status_string(st)); continue; }
            hit = 1; /* the same on every rank (any), as st is */
            if (!CHECK(st == SA_ERR_NOMEM, "failalloc %s n=%lld k=%ld on rank %d: %s", sa_mpi_algorithm_name(algo),
                       (long long)n, k, victim, sa_status_string(st)))
                bad = 1;
        }
        if (!hit || bad) break;
    }
    free(t); free(sa); free(lcp);
}

static void check_failalloc(sa_mpi_algorithm algo, int every, int kind) { check_failalloc_nt(algo, every, kind, 300, 0); }

/* The DCX cases (tests build it with SA_MPI_DCX_BASE=0: every level distributed; with
 * SA_MPI_DCX_GATHER=0 as well, the recursion too, else its first level is gathered). */
static void check_dcx(void)
{
    int64_t x, c0;
    for (x = 1; x <= 14; x++) check_dist(x % 2 ? T_RAND2 : T_EQUAL, x, 1); /* around the covers 3, 7, 13 */
    check_dist(T_RAND4, 3 * (P - 1) > 6 ? 3 * (P - 1) : 9, 1); /* the last rank holds 0 bytes */
    for (c0 = 0; c0 < 3; c0++) { /* one off multiples of the covers and the rank count */
        int64_t m = (c0 == 0 ? 3 : c0 == 1 ? 7 : 13) * P * 37;
        check_dist(T_RAND2, m - 1, 1);
        check_dist(T_PERIODIC, m, 1);
        check_dist(T_EQUAL, m + 1, 1);
    }
    x = check_dist(T_EQUAL, 5000, 1); /* the deepest recursion */
    CHECK(P == 1 || x >= (SA_MPI_DCX_GATHER ? 2 : 3), "all-equal text: %d levels", (int)x); /* gathered: 2 */
    check_dist(T_TRIPLE, 6000, 1);
    check_dist(T_RUNS, 40000, 1);
    check_dist(T_NUL, 20000, 1);
    /* the merge's one-word character sort (SA__MPI_GSORT, DC13 on 5-bit characters: 60 bits) is
     * each rank's own choice (its keys' differing bits and index in one word, or the general sort):
     * the ranks that fall back must not call other collectives than those that do not (a hang
     * at 4 ranks on 0.5 MB before the fix) */
    check_dist(T_MIX20, 60000, 1);
#ifdef _OPENMP
    check_dist(T_RUNS, 140000, 2); /* hybrid: the threaded local sorts and scans (>= 64 Ki) */
    check_dist(T_TRIPLE, 8000, 2); /* gather1 build: rank 0's threaded SA-IS on ~3400 names, 32-bit */
    check_dist(T_TRIPLE, 140000, 2);
    /* the merge cut among the threads (tests/meson.build lowers SA__MPI_PMERGE_MIN to 1024):
     * all-equal (every record's characters equal), binary, NUL/0xFF runs; 3-4 threads at 1-2
     * ranks, 2 beyond (the CI machine has 2 cores) */
    check_dist(T_EQUAL, 30000, P <= 2 ? 4 : 2);
    check_dist(T_RAND2, 20001, P <= 2 ? 3 : 2);
    check_dist(T_RUNS, 40000, P <= 2 ? 4 : 2);
#endif
}

int main(int argc, char **argv)
{
    static const int64_t sizes[] = {0, 1, 3, 17, 1000};
    int fails, allfails = 0, kind, stall = 0, dcx = 0, a;
    uint64_t seed;
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--stall")) stall = 1;
        if (!strcmp(argv[a], "--dcx")) dcx = 1;
    }
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &R);
    MPI_Comm_size(MPI_COMM_WORLD, &P);
    check_init(argc, argv);
    seed = check_seed();
    MPI_Bcast(&seed, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD); /* the same texts on every rank */
    rng = seed;
    if (stall) { /* oversubscribed (4 ranks on 2 cores): 1 MB with NUL runs within a time budget; the
                    one-sided LCP this replaced ran for more than 300 s at 3 ranks */
        double t0 = MPI_Wtime(), dt;
        check_dist(T_RUNS, 1 << 20, 1);
        dt = MPI_Wtime() - t0;
        MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        CHECK(dt < 60.0, "1 MB with NUL runs took %.1f s on %d ranks", dt, P);
        if (R == 0) printf("stall check: 1 MB of NUL/0xFF runs, %d ranks: %.2f s (levels %d)\n", P, dt,
                           last_info.rounds);
        check_memory();
        goto out;
    }
    if (dcx) { /* the DCX cases and its failing allocator only (a build with other SA_MPI_DCX_* settings) */
        check_dcx();
        check_failalloc(SA_MPI_DIST, P <= 2 ? 1 : 61, T_REPEAT);
        check_failalloc(SA_MPI_DIST, P <= 2 ? 1 : 61, T_EQUAL);
        /* rank 0's gathered level past SA__PR_MIN (1024 in this build): its threaded passes'
           buffers, at 2 threads a rank on every machine (not OpenMP's default: reproducible) */
        check_failalloc_nt(SA_MPI_DIST, P <= 2 ? 1 : 61, T_TRIPLE, 8000, 2);
        goto out;
    }
    check_text(T_RAND256, 0);
    for (kind = 0; kind < T_KINDS; kind++) /* n = 0 and n < P included */
        check_text(kind, sizes[1 + (size_t)kind % 4] + (kind == T_REPEAT ? 3000 : 0));
    check_text(T_RAND256, 2);
    check_text(T_RAND2, 5);
    check_text(T_NUL, 8);
    check_text(T_PERIODIC, 15);
    check_text(T_EQUAL, 16); /* blocks shorter than the 16-byte halo */
    {   /* one off a block boundary: n = P*c - 1, P*c, P*c + 1 */
        int64_t c = 700;
        check_text(T_RAND2, P * c - 1);
        check_text(T_PERIODIC, P * c);
        check_text(T_EQUAL, P * c + 1);
    }
    check_text(T_REPEAT, 30000); /* long LCPs across 4 KB pages of remote text */
    check_text(T_FIB, 20000);
    check_text(T_RAND4, 20000);
#ifdef _OPENMP
    check_text(T_RAND256, 150000); /* the threaded paths (local sorts, scans) start at 64 Ki */
#endif
    check_dcx();
    check_bad_args();
    check_disagreement();
    check_file_kinds();
    check_file();
    /* every allocation failing once at 1-2 ranks; a sample of them at 3-4 (time) */
    /* every allocation at 1-2 ranks; a sample at 3-5 (oversubscribed on 2 cores: time) */
    check_failalloc(SA_MPI_DIST, P <= 2 ? 1 : 61, T_REPEAT);
    check_failalloc(SA_MPI_DIST, P <= 2 ? 1 : 61, T_EQUAL); /* every level of the recursion */
    check_failalloc(SA_MPI_GATHER, P <= 2 ? 1 : 13, T_REPEAT);
out:
    fails = (int)check_failures();
    MPI_Allreduce(&fails, &allfails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(allfails == 0, "failures on other ranks: %d", allfails - fails);
    {
        int rc = check_done();
        MPI_Finalize();
        return rc;
    }
}
