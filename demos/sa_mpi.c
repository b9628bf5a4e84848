/* sa_mpi.c - the sa_mpi and sa_mpi_omp demos (one source; sa_mpi_omp is compiled with OpenMP):
 * suffix array, LCP and longest repeated substring over MPI ranks with sa.h's SA_MPI section.
 *
 *   mpiexec -n 4 sa_mpi                          the seed's default input: 4.76 MB of random bytes
 *   mpiexec -n 4 sa_mpi FILE                     a file, read collectively (MPI_File_read_at_all)
 *   mpiexec -n 4 sa_mpi --random N [--seed S]    N random bytes (the same bytes as sa_seq's)
 *   --algo dist|gather   --threads T (per rank)   --64 (64-bit index API)   --csv
 *   --no-check                                   skip rank 0's sequential reference (big inputs)
 *   --sa-only                                    the suffix array alone (no LCP, no LRS; no check)
 *
 * Same report and CSV as sa_seq plus ranks, time_comm (the slowest rank's seconds inside MPI),
 * rounds and peak memory per rank (the largest rank's and rank 0's: text block + SA and LCP
 * blocks + what sa.h allocated through SA_MALLOC). Times are the slowest rank's. Verdict: every
 * call returned SA_OK on every rank, and unless --no-check, rank 0 builds the SA, LCP and LRS
 * of the whole text with sa_build/sa_lcp/sa_lrs and the gathered arrays and the LRS must be
 * equal (sa_fnv1a64 of the gathered SA is printed either way: it equals sa_seq's). */
#include <mpi.h> /* before demo_common.h: its MPI helper */
#include "demo_common.h"
#define SA_MALLOC(sz) dc_counting_malloc(sz)
#define SA_FREE(p) dc_counting_free(p)
#define SA_MPI
#define SA_IMPLEMENTATION
#include "sa.h"

#ifdef _OPENMP
#define VARIANT "sa_mpi_omp"
#else
#define VARIANT "sa_mpi"
#endif

#define USAGE "[FILE | --random N] [--seed S] [--algo dist|gather] [--threads T] [--64] [--csv] [--no-check] [--sa-only] [--progress]"
#define MAX_N ((uint64_t)1 << 40)

typedef struct {
    const char *file;
    uint64_t n, seed;
    int csv, wide, check, rank, ranks, sa_only, progress;
    sa_mpi_algorithm algo;
    sa_options opt;
} config;

typedef struct {
    double t_io, t_alloc, t_build, t_check;
    sa_mpi_info info, imax;  /* this rank's, and the maximum of every field over the ranks */
    size_t peak, peak_max;   /* this rank's peak bytes, the largest rank's */
    unsigned long long peak_sum, lib_sum, comm_max, coll_max; /* peaks summed over the ranks, the largest
                                rank's bytes sent and collective calls */
    sa_lrs_result lrs;
    unsigned char lrs_bytes[32]; /* its first bytes (rank 0) */
    uint64_t fnv;
} result;

static void finalize_hook(int code) { (void)code; MPI_Finalize(); }

static config parse_args(int argc, char **argv)
{
    static const char *const algos[] = {"dist", "gather", NULL}; /* = sa_mpi_algorithm */
    config c;
    int rnd = 0; /* --random given */
    memset(&c, 0, sizeof c);
    c.n = 100 * 1000000 / 21;
    c.seed = 730;
    c.check = 1;
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (dc_is(argv[i], "--csv")) c.csv = 1;
        else if (dc_is(argv[i], "--64")) c.wide = 1;
        else if (dc_is(argv[i], "--no-check")) c.check = 0;
        else if (dc_is(argv[i], "--progress")) c.progress = 1;
        else if (dc_is(argv[i], "--sa-only")) { c.sa_only = 1; c.check = 0; }
        else if (dc_is(argv[i], "--random")) { c.n = dc_arg_u64(&i, 0, MAX_N); rnd = 1; }
        else if (dc_is(argv[i], "--seed")) c.seed = dc_arg_u64(&i, 0, UINT64_MAX);
        else if (dc_is(argv[i], "--threads")) c.opt.threads = (int)dc_arg_u64(&i, 0, SA_MAX_THREADS);
        else if (dc_is(argv[i], "--algo")) c.algo = (sa_mpi_algorithm)dc_arg_choice(&i, algos);
        else if (argv[i][0] == '-' || c.file) dc_unknown(i);
        else c.file = argv[i];
    }
    if (c.file && rnd) dc_usage_error("FILE and --random are either-or (got '%s' and --random)", c.file);
    return c;
}

/* Bytes [lo, lo + cnt) of dc_random_bytes(n, seed) without making the others: 8-byte words
 * are splitmix64 outputs number k+1 (little-endian), the n % 8 tail bytes one output each. */
static void random_block(unsigned char *t, uint64_t lo, uint64_t cnt, uint64_t n, uint64_t seed)
{
    uint64_t words = n / 8;
    for (uint64_t i = lo; i < lo + cnt; i++) {
        uint64_t s, r;
        if (i < 8 * words) {
            s = seed + (i / 8) * 0x9E3779B97F4A7C15ull;
            r = dc_splitmix64(&s) >> (8 * (i % 8));
        } else {
            s = seed + (words + (i - 8 * words)) * 0x9E3779B97F4A7C15ull;
            r = dc_splitmix64(&s);
        }
        t[i - lo] = (unsigned char)r;
    }
}

/* This rank's block of the text (the documented layout, sa_mpi_block). */
/* Before any allocation: the peak memory per rank, from measured peaks (info.peak_bytes plus
 * the demo's blocks: DIST about 180 bytes per suffix of a rank's block, GATHER about 15 plus
 * rank 0's whole text, SA and LCP; the check gathers SA and LCP on rank 0 and builds the
 * reference there), taken a little low so that only a run that cannot fit is refused. */
static void check_memory(const config *c)
{
    uint64_t n = c->file ? dc_file_size(c->file) : c->n, P = (uint64_t)c->ranks, blk = (n + P - 1) / P;
    uint64_t w = c->wide || n > INT32_MAX ? 8 : 4, root = 0;
    if (c->algo == SA_MPI_GATHER) root = (1 + 5 * w) * n;                      /* text, SA, LCP, merge */
    if (c->check && (2 + 5 * w) * n > root) root = (2 + 5 * w) * n;            /* gathered + reference */
    char what[160];
    snprintf(what, sizeof what, "%llu bytes in blocks of %llu, %s%s", (unsigned long long)n,
             (unsigned long long)blk, c->algo == SA_MPI_DIST ? "dist" : "gather", c->check ? ", checked on rank 0" : "");
    dc_mem_check_mpi((c->algo == SA_MPI_DIST ? 150 : 15) * blk, root, what);
}

static unsigned char *load_input(config *c, result *r, int64_t *len)
{
    double t0 = dc_now();
    unsigned char *blk = NULL;
    if (c->file) {
        int64_t n = 0;
        sa_status st = sa_mpi_read_file(MPI_COMM_WORLD, c->file, &blk, len, &n);
        if (st != SA_OK) dc_usage_error("cannot read %s: %s", c->file, sa_status_string(st));
        c->n = (uint64_t)n;
    } else {
        int64_t lo;
        sa_mpi_block((int64_t)c->n, c->ranks, c->rank, &lo, len);
        blk = (unsigned char *)dc_counting_malloc(*len ? (size_t)*len : 1);
        if (!blk) dc_usage_error("cannot allocate this rank's %lld bytes", (long long)*len);
        random_block(blk, (uint64_t)lo, (uint64_t)*len, c->n, c->seed);
    }
    if (c->n > INT32_MAX) c->wide = 1; /* the 32-bit API stops at 2^31 - 1 */
    r->t_io = dc_now() - t0;
    return blk;
}

static int64_t at(const void *a, int wide, uint64_t i)
{
    return wide ? ((const int64_t *)a)[i] : ((const int32_t *)a)[i];
}

static uint64_t sa_fnv1a64(const void *sa, int wide, uint64_t n)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 over the SA, little-endian (as sa_seq) */
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v = wide ? (uint64_t)at(sa, 1, i) : (uint64_t)(uint32_t)at(sa, 0, i);
        for (int k = 0; k < (wide ? 8 : 4); k++) h = (h ^ (uint8_t)(v >> (8 * k))) * 0x100000001b3ull;
    }
    return h;
}

/* Rank 0: the whole text again (file or generator), the sequential SA/LCP/LRS, compared with
 * the gathered ones. */
static void reference_check(const config *c, const void *gsa, const void *glcp, const result *r)
{
    size_t n = (size_t)c->n, isz = c->wide ? 8 : 4;
    unsigned char *text = NULL;
    void *sa = malloc(n ? n * isz : 1), *lcp = malloc(n ? n * isz : 1);
    sa_lrs_result lrs;
    sa_status st;
    if (c->file) {
        size_t got = 0;
        dc_read_file(c->file, MAX_N, &text, &got);
        dc_check(got == n, "file changed while reading");
    } else {
        text = malloc(n ? n : 1);
        if (text) random_block(text, 0, n, n, c->seed);
    }
    if (!dc_check(text && sa && lcp, "reference: out of memory")) goto done;
    if (c->wide) {
        st = sa_build64(text, sa, (int64_t)n, &c->opt);
        if (st == SA_OK) st = sa_lcp64(text, sa, lcp, (int64_t)n, &c->opt);
        if (st == SA_OK) st = sa_lrs64(sa, lcp, (int64_t)n, &lrs, &c->opt);
    } else {
        st = sa_build(text, sa, (int32_t)n, &c->opt);
        if (st == SA_OK) st = sa_lcp(text, sa, lcp, (int32_t)n, &c->opt);
        if (st == SA_OK) st = sa_lrs(sa, lcp, (int32_t)n, &lrs, &c->opt);
    }
    if (!dc_check(st == SA_OK, "reference: %s", sa_status_string(st))) goto done;
    dc_check(memcmp(sa, gsa, n * isz) == 0, "gathered SA differs from sa_build's");
    dc_check(memcmp(lcp, glcp, n * isz) == 0, "gathered LCP differs from sa_lcp's");
    dc_check(lrs.len == r->lrs.len && lrs.sa_index == r->lrs.sa_index && lrs.pos == r->lrs.pos &&
             lrs.count == r->lrs.count, "LRS differs from sa_lrs's");
done:
    free(text);
    free(sa);
    free(lcp);
}

static void report(const config *c, const result *r, size_t peak0, int ok)
{
    double mb = (double)c->n / 1e6, tot = r->t_build;
    const sa_mpi_info *m = &r->imax;
    double ratio = c->n ? (double)r->peak_max * c->ranks / (double)c->n : 0.0;
    int threads = sa_effective_threads(&c->opt);
    if (c->csv) {
        printf("variant,algo,lcp,index_bits,n,threads,ranks,time_io_s,time_alloc_s,time_sa_s,time_lcp_s,time_lrs_s,"
               "time_total_s,time_validate_s,throughput_mb_s,sa_throughput_mb_s,peak_mem_bytes,memory_overhead_ratio,"
               "lrs_len,lrs_sa_index,lrs_pos,lrs_count,sa_fnv1a64,ok,time_comm_s,peak_mem_rank0_bytes,rounds,"
               "sa_only,cover,peak_sum_bytes,lib_peak_sum_bytes,comm_bytes_max,collectives_max,"
               "time_dcx_sample_s,time_dcx_recursion_s,time_dcx_gathered_s,time_dcx_merge_s\n");
        printf("%s,%s,phi,%d,%llu,%d,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.3f,%.3f,%llu,%.3f,%lld,%lld,%lld,%lld,"
               "%016llx,%d,%.6f,%llu,%d,%d,%d,%llu,%llu,%llu,%llu,%.6f,%.6f,%.6f,%.6f\n",
               VARIANT, sa_mpi_algorithm_name(c->algo), c->wide ? 64 : 32, (unsigned long long)c->n, threads,
               c->ranks, r->t_io, r->t_alloc, m->time_sa, m->time_lcp, m->time_lrs, tot, r->t_check,
               tot > 0 ? mb / tot : 0.0, m->time_sa > 0 ? mb / m->time_sa : 0.0, (unsigned long long)r->peak_max,
               ratio, (long long)r->lrs.len, (long long)r->lrs.sa_index, (long long)r->lrs.pos,
               (long long)r->lrs.count, (unsigned long long)r->fnv, ok, m->time_comm, (unsigned long long)peak0,
               m->rounds, c->sa_only, m->cover, r->peak_sum, r->lib_sum, r->comm_max, r->coll_max,
               m->time_phase[0], m->time_phase[1], m->time_phase[2], m->time_phase[3]);
        return;
    }
    printf("%s: suffix array + LCP + longest repeated substring over MPI (sa.h SA_MPI)\n", VARIANT);
    printf("  input           %s, %llu bytes (%.2f MB)\n", c->file ? c->file : "random bytes",
           (unsigned long long)c->n, mb);
    printf("  algorithm       %s, %d rank%s x %d thread%s, %d-bit indices, %d %s\n",
           sa_mpi_algorithm_name(c->algo), c->ranks, c->ranks == 1 ? "" : "s", threads, threads == 1 ? "" : "s",
           c->wide ? 64 : 32, m->rounds, c->algo == SA_MPI_DIST ? "DCX levels" : "window tries");
    printf("  time_io         %.4f s (rank 0)\n  time_alloc      %.4f s\n", r->t_io, r->t_alloc);
    printf("  time_sa         %.4f s   (%.2f MB/s; slowest rank)\n", m->time_sa, m->time_sa > 0 ? mb / m->time_sa : 0.0);
    if (c->algo == SA_MPI_DIST)
        printf("  DCX phases      sample sort %.4f s, recursion %.4f s (gathered sort %.4f s), merge %.4f s "
               "(slowest rank each)\n", m->time_phase[0], m->time_phase[1], m->time_phase[2], m->time_phase[3]);
    printf("  time_lcp        %.4f s\n  time_lrs        %.4f s\n", m->time_lcp, m->time_lrs);
    printf("  time_comm       %.4f s   (inside MPI, slowest rank)\n", m->time_comm);
    printf("  time_total      %.4f s   throughput %.2f MB/s (SA + LCP + LRS)\n", tot, tot > 0 ? mb / tot : 0.0);
    printf("  peak memory     %llu bytes on the largest rank, %llu on rank 0 (%.2f n summed over the ranks)\n",
           (unsigned long long)r->peak_max, (unsigned long long)peak0, c->n ? (double)r->peak_sum / (double)c->n : 0.0);
    printf("  communication   %llu bytes sent (largest rank), %llu collective calls, cover %d\n", r->comm_max,
           r->coll_max, m->cover);
    printf("  SA FNV-1a 64    %016llx\n", (unsigned long long)r->fnv);
    if (r->lrs.len > 0) {
        printf("  LRS             length %lld, at text position %lld, occurs %lld times, lcp index %lld\n  LRS bytes       ",
               (long long)r->lrs.len, (long long)r->lrs.pos, (long long)r->lrs.count, (long long)r->lrs.sa_index);
        for (int64_t i = 0; i < r->lrs.len && i < 32; i++) printf("%02x ", r->lrs_bytes[i]);
        printf("%s\n", r->lrs.len > 32 ? "..." : "");
    } else
        printf("  LRS             none (no byte repeats)\n");
    printf("  verdict         %s\n", !ok ? "FAILED (see above)" : c->check ? "OK (equal to sa_build, sa_lcp, sa_lrs)"
                                                                     : "OK (statuses only: --no-check)");
}

int main(int argc, char **argv)
{
    config c;
    result r;
    int provided, ok, allok;
    int64_t len = 0, lo = 0, cnt = 0;
    int rank, ranks;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    dc_set_rank(rank); /* only rank 0 prints usage errors; every rank exits through MPI_Finalize */
    dc_set_exit_hook(finalize_hook);
    memset(&r, 0, sizeof r);
    c = parse_args(argc, argv);
    c.rank = rank;
    c.ranks = ranks;
    /* phase lines on rank 0's stderr: --progress, or a terminal and n >= 2^26 */
    dc_progress_enable(c.progress, c.file ? dc_file_size(c.file) : c.n, (uint64_t)1 << 26);
    check_memory(&c);
    dc_progress("loading the input blocks");
    unsigned char *blk = load_input(&c, &r, &len);
    sa_mpi_block((int64_t)c.n, c.ranks, c.rank, &lo, &cnt);
    size_t isz = c.wide ? 8 : 4, bytes = (size_t)(cnt ? cnt : 1) * isz;
    double t0 = dc_now();
    void *sa = malloc(bytes), *lcp = malloc(bytes);
    if (!sa || !lcp) dc_usage_error("cannot allocate SA + LCP blocks (2 x %zu bytes)", bytes);
    memset(sa, 0, bytes); /* touch the pages so that time_sa measures the algorithm */
    memset(lcp, 0, bytes);
    r.t_alloc = dc_now() - t0;
    dc_reset_peak();
    size_t base = dc_current_bytes(); /* the text block (counted by the allocator) */
    MPI_Barrier(MPI_COMM_WORLD);
    dc_progress("sa_mpi_build on %d ranks (%llu bytes)", c.ranks, (unsigned long long)c.n);
    t0 = dc_now();
    void *lcp_arg = c.sa_only ? NULL : lcp;
    sa_lrs_result *lrs_arg = c.sa_only ? NULL : &r.lrs;
    sa_status st = c.wide ? sa_mpi_build64(MPI_COMM_WORLD, c.algo, blk, len, sa, lcp_arg, cnt, lrs_arg, &c.opt, &r.info)
                          : sa_mpi_build(MPI_COMM_WORLD, c.algo, blk, (int32_t)len, sa, lcp_arg, (int32_t)cnt, lrs_arg,
                                         &c.opt, &r.info);
    double mine = dc_now() - t0;
    MPI_Allreduce(&mine, &r.t_build, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    dc_check(st == SA_OK, "sa_mpi_build: %s", sa_status_string(st));
    /* peak: text block + SA and LCP blocks + the library's own allocations */
    r.peak = dc_peak_bytes() - base + (size_t)len + (c.sa_only ? 1 : 2) * bytes;
    {
        unsigned long long p = r.peak, pm = 0, v[2] = {r.peak, (unsigned long long)r.info.peak_bytes}, w[2];
        unsigned long long x[2] = {(unsigned long long)r.info.comm_bytes, (unsigned long long)r.info.collectives}, y[2];
        MPI_Allreduce(&p, &pm, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(v, w, 2, MPI_UNSIGNED_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(x, y, 2, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD);
        r.peak_sum = w[0];
        r.lib_sum = w[1];
        r.comm_max = y[0];
        r.coll_max = y[1];
        r.peak_max = (size_t)pm;
        double tv[8] = {r.info.time_sa, r.info.time_lcp, r.info.time_lrs, r.info.time_comm, r.info.time_phase[0],
                        r.info.time_phase[1], r.info.time_phase[2], r.info.time_phase[3]}, tm[8];
        MPI_Allreduce(tv, tm, 8, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        r.imax = r.info;
        r.imax.time_sa = tm[0]; r.imax.time_lcp = tm[1]; r.imax.time_lrs = tm[2]; r.imax.time_comm = tm[3];
        for (int k = 0; k < 4; k++) r.imax.time_phase[k] = tm[4 + k];
    }
    {   /* the LRS's first 32 bytes for the report: from the ranks that hold them */
        unsigned char mine[32], all[32];
        memset(mine, 0, sizeof mine);
        for (int64_t k = 0; k < 32 && k < r.lrs.len; k++) {
            int64_t x = r.lrs.pos + k;
            if (x >= lo && x < lo + cnt) mine[k] = blk[x - lo];
        }
        MPI_Reduce(mine, all, 32, MPI_UNSIGNED_CHAR, MPI_MAX, 0, MPI_COMM_WORLD);
        memcpy(r.lrs_bytes, all, sizeof all);
    }
    dc_counting_free(blk);
    dc_progress("gathering the SA%s", c.check ? " and checking it against sa_build" : "");
    /* the gathered SA (for its FNV-1a and the reference check) */
    void *gsa = NULL, *glcp = NULL;
    if (c.rank == 0) {
        gsa = malloc(c.n ? (size_t)c.n * isz : 1);
        glcp = malloc(c.n ? (size_t)c.n * isz : 1);
        if (!gsa || !glcp) dc_check(0, "rank 0 cannot hold the gathered SA");
    }
    if (st == SA_OK) {
        int have = c.rank != 0 || (gsa && glcp), all = 0;
        MPI_Allreduce(&have, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        if (all && c.sa_only) {
            sa_status g1 = c.wide ? sa_mpi_gather64(MPI_COMM_WORLD, 0, sa, cnt, gsa, (int64_t)c.n)
                                  : sa_mpi_gather(MPI_COMM_WORLD, 0, sa, (int32_t)cnt, gsa, (int32_t)c.n);
            dc_check(g1 == SA_OK, "sa_mpi_gather: %s", sa_status_string(g1));
            if (c.rank == 0 && g1 == SA_OK) r.fnv = sa_fnv1a64(gsa, c.wide, c.n);
        } else if (all) {
            sa_status g1 = c.wide ? sa_mpi_gather64(MPI_COMM_WORLD, 0, sa, cnt, gsa, (int64_t)c.n)
                                  : sa_mpi_gather(MPI_COMM_WORLD, 0, sa, (int32_t)cnt, gsa, (int32_t)c.n);
            sa_status g2 = c.wide ? sa_mpi_gather64(MPI_COMM_WORLD, 0, lcp, cnt, glcp, (int64_t)c.n)
                                  : sa_mpi_gather(MPI_COMM_WORLD, 0, lcp, (int32_t)cnt, glcp, (int32_t)c.n);
            dc_check(g1 == SA_OK && g2 == SA_OK, "sa_mpi_gather: %s", sa_status_string(g1 ? g1 : g2));
            if (c.rank == 0 && g1 == SA_OK) {
                r.fnv = sa_fnv1a64(gsa, c.wide, c.n);
                t0 = dc_now();
                if (c.check && g2 == SA_OK) reference_check(&c, gsa, glcp, &r);
                r.t_check = dc_now() - t0;
            }
        }
    }
    ok = dc_failed_checks() == 0;
    MPI_Allreduce(&ok, &allok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    dc_progress("done");
    if (c.rank == 0) report(&c, &r, r.peak, allok);
    free(gsa);
    free(glcp);
    free(sa);
    free(lcp);
    MPI_Finalize();
    return allok ? DC_EXIT_OK : DC_EXIT_FAIL;
}
