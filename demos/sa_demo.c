/* sa_demo.c - the sa_seq and sa_omp demos (one source; sa_omp is compiled with OpenMP).
 *
 *   sa_seq                         the seed's default input: 4.76 MB of random bytes (100 MB / 21)
 *   sa_seq FILE                    any readable file (bytes, NUL included; /proc files too)
 *   sa_seq --random N [--seed S]   N random bytes (FILE and --random together: exit 2)
 *   --algo mm|sais|parallel|psais|default   --threads T   --lcp phi|kasai   --64 (64-bit index API)
 *                                  (psais = parallel SA-IS, also spelled parallel-sais)
 *   --csv                          header + one row instead of the report
 *   --progress                     phase lines on stderr (automatic for n >= 2^26 when stderr
 *                                  is a terminal)
 *   --gen DIR                      write the seed's datasets (budgets 1, 50, 100, 200, 500 MB,
 *                                  string = budget / 21 bytes) as DIR/random_<budget>MB.bin
 *                                  (DIR must exist: exit 2 otherwise)
 *
 * Before allocating, the run's peak memory is estimated (text + SA + LCP + what the algorithm
 * needs, as sa.h's manual gives it); above the memory available (MemAvailable, or
 * DEMO_MEM_AVAILABLE=BYTES) the demo refuses with the estimate (exit 2).
 *
 * The report follows the seed (chapter 6): phase times, throughput, peak memory (text + SA +
 * LCP + what sa.h allocated, measured through SA_MALLOC) and its ratio to n, threads, and the
 * longest repeated substring with a hex dump. Verdict (column ok, exit status): every call
 * returned SA_OK, sa_validate accepts the SA, LCP entries spot-checked against a direct
 * comparison and the LRS found at both its positions; any failed check exits 1, bad arguments
 * or an unreadable input exit 2 (demos/demo_common.h). */
#include "demo_common.h"
#define SA_MALLOC(sz) dc_counting_malloc(sz)
#define SA_FREE(p) dc_counting_free(p)
#define SA_IMPLEMENTATION
#include "sa.h"

#ifdef _OPENMP
#define VARIANT "sa_omp"
#else
#define VARIANT "sa_seq"
#endif

#define USAGE "[FILE | --random N] [--seed S] [--algo mm|sais|parallel|psais|default] [--threads T] " \
              "[--lcp phi|kasai] [--64] [--csv] [--progress] | --gen DIR"
#define MAX_N ((uint64_t)1 << 40)

typedef struct {
    const char *file, *gendir;
    uint64_t n, seed;
    int csv, wide, random, progress;
    sa_options opt;
} config;

typedef struct {
    double t_io, t_alloc, t_sa, t_lcp, t_lrs, t_val;
    size_t peak_lib;
    sa_build_info info;
    sa_lrs_result lrs;
    uint64_t fnv;
} result;

static config parse_args(int argc, char **argv)
{
    static const char *const algos[] = {"default", "mm", "sais", "parallel", "psais", "parallel-sais", NULL};
    static const sa_algorithm algo_of[] = {SA_ALGO_DEFAULT, SA_ALGO_MM, SA_ALGO_SAIS, SA_ALGO_PARALLEL,
                                           SA_ALGO_PARALLEL_SAIS, SA_ALGO_PARALLEL_SAIS};
    static const char *const lcps[] = {"phi", "kasai", NULL};
    config c;
    memset(&c, 0, sizeof c); /* sa_options: zero = defaults */
    c.n = 100 * 1000000 / 21;
    c.seed = 730;
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "-h") || dc_is(argv[i], "--help")) dc_help();
        else if (dc_is(argv[i], "--csv")) c.csv = 1;
        else if (dc_is(argv[i], "--64")) c.wide = 1;
        else if (dc_is(argv[i], "--progress")) c.progress = 1;
        else if (dc_is(argv[i], "--random")) { c.n = dc_arg_u64(&i, 0, MAX_N); c.random = 1; }
        else if (dc_is(argv[i], "--seed")) c.seed = dc_arg_u64(&i, 0, UINT64_MAX);
        else if (dc_is(argv[i], "--threads")) c.opt.threads = (int)dc_arg_u64(&i, 0, SA_MAX_THREADS);
        else if (dc_is(argv[i], "--gen")) c.gendir = dc_arg_str(&i);
        else if (dc_is(argv[i], "--lcp")) c.opt.lcp = dc_arg_choice(&i, lcps) ? SA_LCP_KASAI : SA_LCP_PHI;
        else if (dc_is(argv[i], "--algo")) c.opt.algorithm = algo_of[dc_arg_choice(&i, algos)];
        else if (argv[i][0] == '-' || c.file) dc_unknown(i);
        else c.file = argv[i];
    }
    if (c.file && c.random) dc_usage_error("FILE and --random are either-or (got '%s' and --random)", c.file);
    if (c.gendir && (c.file || c.random)) dc_usage_error("--gen DIR takes no input (FILE or --random)");
    if (c.gendir && !dc_is_dir(c.gendir)) dc_usage_error("--gen: '%s' is not an existing directory", c.gendir);
    return c;
}

static int gen_datasets(const char *dir, uint64_t seed)
{
    static const int budgets[] = {1, 50, 100, 200, 500};
    for (size_t b = 0; b < sizeof budgets / sizeof *budgets; b++) {
        size_t n = (size_t)budgets[b] * 1000000 / 21; /* seed 1.1.1: budget / overhead 21 */
        char path[4096];
        snprintf(path, sizeof path, "%s/random_%dMB.bin", dir, budgets[b]);
        unsigned char *t = malloc(n);
        FILE *f = fopen(path, "wb");
        int ok = t && f;
        if (ok) {
            dc_random_bytes(t, n, seed + (uint64_t)budgets[b]);
            ok = fwrite(t, 1, n, f) == n;
        }
        if (f) ok &= fclose(f) == 0;
        free(t);
        if (!ok) {
            fprintf(stderr, "%s: cannot write %s\n", dc_prog(), path);
            return DC_EXIT_FAIL;
        }
        printf("%s: %zu bytes (budget %d MB / 21)\n", path, n, budgets[b]);
    }
    return DC_EXIT_OK;
}

/* The run's peak in bytes, as sa.h's manual gives it: text + SA + LCP (64-bit indices past
 * 2^31 - 1) + the larger of what the SA algorithm and the LCP need beyond them. */
static uint64_t mem_estimate(const config *c, uint64_t n)
{
    uint64_t w = (c->wide || n > INT32_MAX) ? 8 : 4, t = (uint64_t)sa_effective_threads(&c->opt), extra;
    if (c->opt.algorithm == SA_ALGO_MM) extra = 3 * w * n + 2 * n;              /* 3 index arrays + 2n */
    else if (c->opt.algorithm == SA_ALGO_SAIS || c->opt.algorithm == SA_ALGO_PARALLEL_SAIS || t == 1)
        extra = n / 4 + t * 262144;                                              /* LMS bits, sort buffer */
    else extra = w * n + t * 2500000;                                            /* parallel doubling */
    if (extra < w * n) extra = w * n;                                            /* the LCP's work array */
    return n * (1 + 2 * w) + extra;
}

static void check_memory(const config *c, uint64_t n)
{
    char what[160];
    snprintf(what, sizeof what, "%llu bytes of text, SA and LCP with %d-bit indices, and %s's work space",
             (unsigned long long)n, (c->wide || n > INT32_MAX) ? 64 : 32, sa_algorithm_name(c->opt.algorithm));
    dc_mem_check(mem_estimate(c, n), what);
}

/* The text: the file (exit 2 when unreadable), or n random bytes. */
static unsigned char *load_input(config *c, result *r)
{
    double t0 = dc_now();
    unsigned char *text = NULL;
    size_t n = 0;
    if (c->file) {
        dc_progress("reading %s", c->file);
        dc_read_file(c->file, MAX_N, &text, &n);
        c->n = n;
    } else {
        dc_progress("generating %llu random bytes", (unsigned long long)c->n);
        text = malloc(c->n ? c->n : 1);
        if (!text) dc_usage_error("cannot allocate %llu bytes for --random", (unsigned long long)c->n);
        dc_random_bytes(text, c->n, c->seed);
    }
    if (c->n > INT32_MAX) c->wide = 1; /* the 32-bit API stops at 2^31 - 1 */
    r->t_io = dc_now() - t0;
    return text;
}

/* A 32- or 64-bit index array's entry i. */
static int64_t at(const void *a, int wide, uint64_t i)
{
    return wide ? ((const int64_t *)a)[i] : ((const int32_t *)a)[i];
}

/* SA, LCP, LRS and validation, timed; the library's peak through SA_MALLOC. Every status is a check. */
static void compute(const config *c, const unsigned char *text, void *sa, void *lcp, result *r)
{
    int64_t n = (int64_t)c->n;
    int32_t n32 = (int32_t)(c->wide ? 0 : n);
    dc_progress("sa_build: suffix array of %lld bytes (%s, threads %d)", (long long)n,
                sa_algorithm_name(c->opt.algorithm), sa_effective_threads(&c->opt));
    double t0 = dc_now();
    sa_status st = c->wide ? sa_build64_ex(text, sa, n, &c->opt, &r->info) : sa_build_ex(text, sa, n32, &c->opt, &r->info);
    r->t_sa = dc_now() - t0;
    size_t peak_sa = dc_peak_bytes();
    if (!dc_check(st == SA_OK, "sa_build: %s", sa_status_string(st))) return;
    dc_reset_peak();
    dc_progress("sa_lcp: LCP array (suffix array took %.2f s)", r->t_sa);
    t0 = dc_now();
    st = c->wide ? sa_lcp64(text, sa, lcp, n, &c->opt) : sa_lcp(text, sa, lcp, n32, &c->opt);
    r->t_lcp = dc_now() - t0;
    r->peak_lib = dc_peak_bytes() > peak_sa ? dc_peak_bytes() : peak_sa;
    if (!dc_check(st == SA_OK, "sa_lcp: %s", sa_status_string(st))) return;
    dc_progress("sa_lrs: longest repeated substring (LCP took %.2f s)", r->t_lcp);
    t0 = dc_now();
    st = c->wide ? sa_lrs64(sa, lcp, n, &r->lrs, &c->opt) : sa_lrs(sa, lcp, n32, &r->lrs, &c->opt);
    r->t_lrs = dc_now() - t0;
    dc_check(st == SA_OK, "sa_lrs: %s", sa_status_string(st));
    dc_progress("sa_validate");
    t0 = dc_now();
    st = c->wide ? sa_validate64(text, sa, n) : sa_validate(text, sa, n32);
    r->t_val = dc_now() - t0;
    dc_check(st == SA_OK, "sa_validate: %s", sa_status_string(st));
}

/* Independent checks of LCP and LRS: ~1000 LCP entries by direct comparison, the LRS bytes at
 * both of its positions and one byte further (they must differ, or the repeat was longer). */
static void spot_check(const config *c, const unsigned char *text, const void *sa, const void *lcp, const result *r)
{
    uint64_t n = c->n, step = n / 1000 + 1;
    for (uint64_t k = 1; k < n; k += step) {
        uint64_t a = (uint64_t)at(sa, c->wide, k - 1), b = (uint64_t)at(sa, c->wide, k), h = 0;
        while (a + h < n && b + h < n && text[a + h] == text[b + h]) h++;
        if (!dc_check((uint64_t)at(lcp, c->wide, k) == h, "lcp[%llu] = %lld, direct comparison %llu",
                      (unsigned long long)k, (long long)at(lcp, c->wide, k), (unsigned long long)h))
            return;
    }
    if (r->lrs.len > 0) {
        uint64_t p = (uint64_t)r->lrs.pos, q = (uint64_t)at(sa, c->wide, (uint64_t)r->lrs.sa_index), len = (uint64_t)r->lrs.len;
        dc_check(r->lrs.count >= 2 && p + len <= n && q + len <= n && memcmp(text + p, text + q, len) == 0,
                 "LRS at %llu does not repeat at %llu", (unsigned long long)p, (unsigned long long)q);
    }
}

static uint64_t sa_fnv1a64(const void *sa, int wide, uint64_t n)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a 64 over the SA, little-endian */
    for (uint64_t i = 0; i < n; i++) {
        uint64_t v = wide ? (uint64_t)at(sa, 1, i) : (uint64_t)(uint32_t)at(sa, 0, i);
        for (int k = 0; k < (wide ? 8 : 4); k++) h = (h ^ (uint8_t)(v >> (8 * k))) * 0x100000001b3ull;
    }
    return h;
}

static void report(const config *c, const unsigned char *text, const result *r)
{
    double mb = (double)c->n / 1e6, total = r->t_sa + r->t_lcp + r->t_lrs;
    size_t isz = c->wide ? 8 : 4;
    unsigned long long peak = (unsigned long long)c->n * (1 + 2 * isz) + r->peak_lib; /* text + SA + LCP + library */
    double ratio = c->n ? (double)peak / (double)c->n : 0.0;
    int threads = r->info.threads, ok = dc_failed_checks() == 0;
    char algo[64]; /* the algorithm that ran: SA_ALGO_DEFAULT shows its choice, e.g. default->sais */
    snprintf(algo, sizeof algo, "%s%s", c->opt.algorithm == SA_ALGO_DEFAULT ? "default->" : "",
             sa_algorithm_name(r->info.algorithm));
    const char *lcpname = c->opt.lcp == SA_LCP_KASAI ? "kasai" : "phi";
    if (c->csv) {
        printf("variant,algo,lcp,index_bits,n,threads,ranks,time_io_s,time_alloc_s,time_sa_s,time_lcp_s,time_lrs_s,"
               "time_total_s,time_validate_s,throughput_mb_s,sa_throughput_mb_s,peak_mem_bytes,memory_overhead_ratio,"
               "lrs_len,lrs_sa_index,lrs_pos,lrs_count,sa_fnv1a64,ok\n");
        printf("%s,%s,%s,%d,%llu,%d,1,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.3f,%.3f,%llu,%.3f,%lld,%lld,%lld,%lld,%016llx,%d\n",
               VARIANT, algo, lcpname, c->wide ? 64 : 32, (unsigned long long)c->n, threads, r->t_io, r->t_alloc,
               r->t_sa, r->t_lcp, r->t_lrs, total, r->t_val, total > 0 ? mb / total : 0.0, r->t_sa > 0 ? mb / r->t_sa : 0.0,
               peak, ratio, (long long)r->lrs.len, (long long)r->lrs.sa_index, (long long)r->lrs.pos,
               (long long)r->lrs.count, (unsigned long long)r->fnv, ok);
        return;
    }
    printf("%s: suffix array + LCP + longest repeated substring (sa.h)\n", VARIANT);
    printf("  input           %s, %llu bytes (%.2f MB)\n", c->file ? c->file : "random bytes", (unsigned long long)c->n, mb);
    printf("  algorithm       %s, LCP %s, %d-bit indices, %d thread%s\n", algo, c->opt.lcp == SA_LCP_KASAI ? "Kasai" : "Phi/PLCP",
           c->wide ? 64 : 32, threads, threads == 1 ? "" : "s");
    if (r->info.predicted)
        printf("  default rule    predicted parallel/SA-IS time %.2f (R = %.2f rounds per suffix)\n",
               r->info.predicted_ratio, r->info.repeat_rounds);
    printf("  time_io         %.4f s\n  time_alloc      %.4f s\n", r->t_io, r->t_alloc);
    printf("  time_sa         %.4f s   (%.2f MB/s)\n", r->t_sa, r->t_sa > 0 ? mb / r->t_sa : 0.0);
    printf("  time_lcp        %.4f s\n  time_lrs        %.4f s\n", r->t_lcp, r->t_lrs);
    printf("  time_total      %.4f s   throughput %.2f MB/s (SA + LCP + LRS)\n", total, total > 0 ? mb / total : 0.0);
    printf("  peak memory     %llu bytes = %.2f n (text + SA + LCP + %zu bytes inside sa.h)\n", peak, ratio, r->peak_lib);
    printf("  validation      %.4f s\n  SA FNV-1a 64    %016llx\n", r->t_val, (unsigned long long)r->fnv);
    if (r->lrs.len > 0) {
        printf("  LRS             length %lld, at text position %lld, occurs %lld times, lcp index %lld\n  LRS bytes       ",
               (long long)r->lrs.len, (long long)r->lrs.pos, (long long)r->lrs.count, (long long)r->lrs.sa_index);
        for (int64_t i = 0; i < r->lrs.len && i < 32; i++) printf("%02x ", text[r->lrs.pos + i]);
        printf("%s\n", r->lrs.len > 32 ? "..." : "");
    } else {
        printf("  LRS             none (no byte repeats)\n");
    }
    printf("  verdict         %s\n", ok ? "OK (SA validated, LCP and LRS spot-checked)" : "FAILED (see above)");
}

int main(int argc, char **argv)
{
    config c = parse_args(argc, argv);
    if (c.gendir) return gen_datasets(c.gendir, c.seed);
    result r;
    memset(&r, 0, sizeof r);
    /* the estimate before any large allocation: the file's size where stat knows it */
    struct stat fst;
    uint64_t n_known = c.n;
    if (c.file) n_known = stat(c.file, &fst) == 0 && S_ISREG(fst.st_mode) ? (uint64_t)fst.st_size : 0;
    check_memory(&c, n_known);
    dc_progress_enable(c.progress, n_known, (uint64_t)1 << 26);
    unsigned char *text = load_input(&c, &r);
    if (c.n > n_known) check_memory(&c, c.n); /* a pipe or /proc file: known only now */
    size_t bytes;
    double t0 = dc_now();
    if (!dc_mul_size(c.n ? c.n : 1, c.wide ? 8 : 4, &bytes)) dc_usage_error("n = %llu is too large", (unsigned long long)c.n);
    void *sa = malloc(bytes), *lcp = malloc(bytes);
    if (!sa || !lcp) dc_usage_error("cannot allocate SA + LCP (2 x %zu bytes)", bytes);
    memset(sa, 0, bytes); /* touch the pages so that time_sa measures the algorithm */
    memset(lcp, 0, bytes);
    r.t_alloc = dc_now() - t0;
    compute(&c, text, sa, lcp, &r);
    dc_progress("spot checks and report");
    if (dc_failed_checks() == 0) spot_check(&c, text, sa, lcp, &r);
    r.fnv = sa_fnv1a64(sa, c.wide, c.n);
    dc_progress("done");
    report(&c, text, &r);
    free(text);
    free(sa);
    free(lcp);
    return dc_exit_code();
}
