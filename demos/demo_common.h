/* demos/demo_common.h - the glue every demo and benchmark shares (not part of any library).
 *
 *   exit codes     DC_EXIT_OK 0, DC_EXIT_FAIL 1 (a check failed), DC_EXIT_USAGE 2 (bad arguments
 *                  or unreadable input), DC_EXIT_SKIP 77 (needs hardware that is not here)
 *   timer          dc_now(): monotonic seconds
 *   allocator      dc_counting_malloc/free: plug into X_MALLOC/X_FREE to measure what a header
 *                  allocates; dc_peak_bytes(), dc_current_bytes(), dc_reset_peak()
 *   arguments      dc_init(argc, argv, usage) once; then in the option loop
 *                      else if (dc_is(argv[i], "--n")) n = dc_arg_u64(&i, 1, 1ull << 40);
 *                  dc_arg_* read argv[i+1], advance i, and on a missing or malformed value call
 *                  dc_usage_error: strict (the whole string must be a number in range, no
 *                  silent wrap, no sign on unsigned), never a silent default
 *                  dc_unknown(i): the standard "unknown option" error
 *   errors         dc_usage_error(fmt, ...): prints "prog: message" and the usage line on rank 0
 *                  (dc_set_rank), runs the exit hook (dc_set_exit_hook: MPI demos finalize MPI
 *                  there) and exits 2
 *   input files    dc_read_file(path, max, &buf, &n): any readable file, also /proc ones whose
 *                  size stat() reports as 0; refuses files larger than max
 *   sizes          dc_mul_size(a, b, &out): 0 if a * b overflows size_t
 *   verdicts       dc_check(ok, fmt, ...): counts failed checks and prints them;
 *                  dc_exit_code(): DC_EXIT_FAIL if any check failed, else DC_EXIT_OK
 *   random data    dc_splitmix64(&state), dc_random_bytes(buf, n, seed)
 *   memory         dc_mem_available(): bytes a new allocation can get (MemAvailable in
 *                  /proc/meminfo, lowered to a cgroup v2 limit's headroom; 0 = unknown);
 *                  DEMO_MEM_AVAILABLE=BYTES replaces it (tests pretend a small machine)
 *                  dc_mem_check(need, what): before a large allocation, refuse with the
 *                  estimate (exit 2) when need exceeds what is available
 *                  dc_file_size(path): a regular file's size (else 0), for the estimate
 *                  before reading; dc_is_dir(path)
 *                  dc_mem_check_mpi(per_rank, root_extra, what): the same for MPI programs
 *                  (include mpi.h first): the ranks of a node add up; all ranks exit together
 *   progress       dc_progress_enable(flag, work, threshold): on with --progress, or when stderr
 *                  is a terminal and work >= threshold (a run of more than a few seconds);
 *                  dc_progress(fmt, ...) then prints "prog: [elapsed s] message" on stderr
 *
 * Compiles as C11 and as C++ (nvcc demos). One translation unit per demo, so the state below
 * is plain static. */
#ifndef DEMO_COMMON_H
#define DEMO_COMMON_H

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

enum { DC_EXIT_OK = 0, DC_EXIT_FAIL = 1, DC_EXIT_USAGE = 2, DC_EXIT_SKIP = 77 };

/* ---- timer ---------------------------------------------------------------- */
static double dc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- counting allocator (thread-safe: the headers allocate from OpenMP threads) ---- */
static size_t dc__cur_bytes, dc__peak_bytes;

static void *dc_counting_malloc(size_t sz)
{
    if (sz > SIZE_MAX - 16) return NULL;
    size_t *p = (size_t *)malloc(sz + 16); /* 16-byte header keeps the block 16-aligned */
    if (!p) return NULL;
    p[0] = sz;
    size_t cur = __atomic_add_fetch(&dc__cur_bytes, sz, __ATOMIC_RELAXED);
    size_t pk = __atomic_load_n(&dc__peak_bytes, __ATOMIC_RELAXED);
    while (cur > pk && !__atomic_compare_exchange_n(&dc__peak_bytes, &pk, cur, 1, __ATOMIC_RELAXED,
                                                    __ATOMIC_RELAXED)) {
    }
    return (char *)p + 16;
}

static void dc_counting_free(void *q)
{
    if (!q) return;
    size_t *p = (size_t *)((char *)q - 16);
    __atomic_sub_fetch(&dc__cur_bytes, p[0], __ATOMIC_RELAXED);
    free(p);
}

static size_t dc_peak_bytes(void) { return __atomic_load_n(&dc__peak_bytes, __ATOMIC_RELAXED); }
static size_t dc_current_bytes(void) { return __atomic_load_n(&dc__cur_bytes, __ATOMIC_RELAXED); }
static void dc_reset_peak(void) { __atomic_store_n(&dc__peak_bytes, dc_current_bytes(), __ATOMIC_RELAXED); }

/* ---- arguments and errors ------------------------------------------------- */
static int dc__argc;
static char **dc__argv;
static const char *dc__usage = "";
static int dc__rank;                   /* only rank 0 prints usage errors */
static void (*dc__exit_hook)(int code); /* e.g. MPI_Finalize before exit */

static void dc_init(int argc, char **argv, const char *usage)
{
    dc__argc = argc;
    dc__argv = argv;
    dc__usage = usage ? usage : "";
}
static void dc_set_rank(int rank) { dc__rank = rank; }
static void dc_set_exit_hook(void (*fn)(int code)) { dc__exit_hook = fn; }
static const char *dc_prog(void)
{
    const char *p = (dc__argv && dc__argv[0]) ? dc__argv[0] : "demo";
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* Ends the program with `code` (running the exit hook first). */
static void dc_exit(int code)
{
    fflush(stdout);
    if (dc__exit_hook) dc__exit_hook(code);
    exit(code);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2), noreturn))
#endif
static void dc_usage_error(const char *fmt, ...)
{
    if (dc__rank == 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "%s: ", dc_prog());
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fprintf(stderr, "\nusage: %s %s\n", dc_prog(), dc__usage);
    }
    dc_exit(DC_EXIT_USAGE);
    exit(DC_EXIT_USAGE); /* not reached; keeps noreturn honest if the hook returns */
}

/* Prints the usage line to stdout and exits 0 (for -h / --help). */
static void dc_help(void)
{
    if (dc__rank == 0) printf("usage: %s %s\n", dc_prog(), dc__usage);
    dc_exit(DC_EXIT_OK);
}

static int dc_is(const char *arg, const char *name) { return strcmp(arg, name) == 0; }

/* The standard error for argv[i] that no option matched. */
static void dc_unknown(int i)
{
    dc_usage_error("unknown argument '%s'", dc__argv[i]);
}

/* Integers are decimal, or hexadecimal with 0x (never octal: "010" is ten). */
static int dc__int_base(const char *s)
{
    if (*s == '-' || *s == '+') s++;
    return (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;
}

/* Strict parsers: the whole string is one number within [lo, hi]. Return 1 on success. */
static int dc_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ' || *s == '\t') return 0;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(s, &end, dc__int_base(s));
    if (errno || !end || *end || end == s || v < lo || v > hi) return 0;
    *out = (uint64_t)v;
    return 1;
}

static int dc_parse_i64(const char *s, int64_t lo, int64_t hi, int64_t *out)
{
    if (!s || !*s || *s == ' ' || *s == '\t') return 0;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s, &end, dc__int_base(s));
    if (errno || !end || *end || end == s || v < lo || v > hi) return 0;
    *out = (int64_t)v;
    return 1;
}

static int dc_parse_double(const char *s, double lo, double hi, double *out)
{
    if (!s || !*s || *s == ' ' || *s == '\t') return 0;
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || !end || *end || end == s || !(v >= lo && v <= hi)) return 0; /* NaN fails too */
    *out = v;
    return 1;
}

/* The value of the option at argv[*i]: argv[*i + 1], and *i advances past it. */
static const char *dc_arg_str(int *i)
{
    if (*i + 1 >= dc__argc) dc_usage_error("%s needs a value", dc__argv[*i]);
    *i += 1;
    return dc__argv[*i];
}

static uint64_t dc_arg_u64(int *i, uint64_t lo, uint64_t hi)
{
    const char *name = dc__argv[*i], *v = dc_arg_str(i);
    uint64_t x;
    if (!dc_parse_u64(v, lo, hi, &x))
        dc_usage_error("%s: '%s' is not an integer in [%llu, %llu]", name, v, (unsigned long long)lo,
                       (unsigned long long)hi);
    return x;
}

static int64_t dc_arg_i64(int *i, int64_t lo, int64_t hi)
{
    const char *name = dc__argv[*i], *v = dc_arg_str(i);
    int64_t x;
    if (!dc_parse_i64(v, lo, hi, &x))
        dc_usage_error("%s: '%s' is not an integer in [%lld, %lld]", name, v, (long long)lo, (long long)hi);
    return x;
}

static double dc_arg_double(int *i, double lo, double hi)
{
    const char *name = dc__argv[*i], *v = dc_arg_str(i);
    double x;
    if (!dc_parse_double(v, lo, hi, &x)) dc_usage_error("%s: '%s' is not a number in [%g, %g]", name, v, lo, hi);
    return x;
}

/* One of a NULL-terminated list of words; returns its index. */
static int dc_arg_choice(int *i, const char *const *choices)
{
    const char *name = dc__argv[*i], *v = dc_arg_str(i);
    for (int k = 0; choices[k]; k++)
        if (strcmp(v, choices[k]) == 0) return k;
    char list[256] = "";
    for (int k = 0; choices[k]; k++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", k ? "|" : "", choices[k]);
    }
    dc_usage_error("%s: '%s' is not one of %s", name, v, list);
    return -1;
}

/* ---- sizes ------------------------------------------------------------------ */
static int dc_mul_size(size_t a, size_t b, size_t *out)
{
    if (b && a > SIZE_MAX / b) return 0;
    *out = a * b;
    return 1;
}

/* ---- input files ------------------------------------------------------------ */
/* Reads all of `path` into a malloc'd buffer (free() it). Works for pipes and /proc files, whose
 * stat() size is 0, by reading until end of file. Returns 0, or -1 with a message in err. */
static int dc_read_file_err(const char *path, size_t max, unsigned char **buf, size_t *n, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    unsigned char *b = (unsigned char *)malloc(cap);
    if (!b) {
        fclose(f);
        snprintf(err, errlen, "out of memory reading '%s'", path);
        return -1;
    }
    for (;;) {
        if (len == cap) {
            if (cap > max) break; /* already past the limit: refuse below */
            size_t ncap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
            unsigned char *nb = (unsigned char *)realloc(b, ncap);
            if (!nb) {
                free(b);
                fclose(f);
                snprintf(err, errlen, "out of memory reading '%s'", path);
                return -1;
            }
            b = nb;
            cap = ncap;
        }
        size_t got = fread(b + len, 1, cap - len, f);
        len += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(b);
        snprintf(err, errlen, "error reading '%s'", path);
        return -1;
    }
    if (len > max) {
        free(b);
        snprintf(err, errlen, "'%s' is larger than the limit of %llu bytes", path, (unsigned long long)max);
        return -1;
    }
    *buf = b;
    *n = len;
    return 0;
}

/* The same; an unreadable or too large file is a usage error (exit 2). */
static void dc_read_file(const char *path, size_t max, unsigned char **buf, size_t *n)
{
    char err[512];
    if (dc_read_file_err(path, max, buf, n, err, sizeof err)) dc_usage_error("%s", err);
}

/* ---- verdicts ---------------------------------------------------------------- */
static int dc__failed_checks;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
/* Counts a failed check and says which; returns ok so it can sit in a condition. */
static int dc_check(int ok, const char *fmt, ...)
{
    if (!ok) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, "%s: CHECK FAILED: ", dc_prog());
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
        dc__failed_checks++;
    }
    return ok;
}

static int dc_failed_checks(void) { return dc__failed_checks; }
static int dc_exit_code(void) { return dc__failed_checks ? DC_EXIT_FAIL : DC_EXIT_OK; }

/* ---- random data ------------------------------------------------------------- */
static uint64_t dc_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void dc_random_bytes(unsigned char *t, size_t n, uint64_t seed)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t r = dc_splitmix64(&seed);
        memcpy(t + i, &r, 8);
    }
    for (; i < n; i++) t[i] = (unsigned char)dc_splitmix64(&seed);
}

/* ---- memory ------------------------------------------------------------------ */
/* A "NAME: VALUE kB" line of /proc/meminfo, in bytes; 0 when absent. */
static uint64_t dc__meminfo(const char *name)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    size_t len = strlen(name);
    uint64_t v = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, name, len) == 0 && line[len] == ':') {
            v = strtoull(line + len + 1, NULL, 10) * 1024;
            break;
        }
    if (f) fclose(f);
    return v;
}

/* One number from a file (a cgroup v2 control file); 0 when absent or "max". */
static uint64_t dc__file_u64(const char *path)
{
    FILE *f = fopen(path, "r");
    char buf[64] = "";
    uint64_t v = 0;
    if (f && fgets(buf, sizeof buf, f) && buf[0] >= '0' && buf[0] <= '9') v = strtoull(buf, NULL, 10);
    if (f) fclose(f);
    return v;
}

static uint64_t dc_mem_available(void)
{
    const char *e = getenv("DEMO_MEM_AVAILABLE");
    uint64_t v;
    if (e && *e && dc_parse_u64(e, 0, UINT64_MAX, &v)) return v;
    v = dc__meminfo("MemAvailable");
    uint64_t lim = dc__file_u64("/sys/fs/cgroup/memory.max"), cur = dc__file_u64("/sys/fs/cgroup/memory.current");
    if (lim) {
        uint64_t room = lim > cur ? lim - cur : 0;
        if (!v || room < v) v = room ? room : 1;
    }
    return v;
}

/* Refuses (exit 2) a run whose estimated peak, `need` bytes, exceeds the memory available,
 * instead of being killed by the kernel halfway. `what` says what the estimate counts. */
static const char *dc__bytes(uint64_t b, char *buf, size_t len)
{
    if (b >= 1000000000ull) snprintf(buf, len, "%.2f GB", (double)b / 1e9);
    else if (b >= 1000000ull) snprintf(buf, len, "%.2f MB", (double)b / 1e6);
    else snprintf(buf, len, "%llu bytes", (unsigned long long)b);
    return buf;
}

static void dc_mem_check(uint64_t need, const char *what)
{
    uint64_t avail = dc_mem_available();
    char a[32], b[32];
    if (avail && need > avail)
        dc_usage_error("needs about %s (estimate: %s) but only %s of memory are available%s; use a smaller input",
                       dc__bytes(need, a, sizeof a), what, dc__bytes(avail, b, sizeof b),
                       getenv("DEMO_MEM_AVAILABLE") ? " (DEMO_MEM_AVAILABLE)" : " (MemAvailable)");
}

/* The size of a regular file (0 for anything else: pipes and /proc files are measured by
 * reading them). */
static uint64_t dc_file_size(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
}

#ifdef MPI_VERSION /* mpi.h included before this file */
/* dc_mem_check for MPI programs, collective over MPI_COMM_WORLD: `per_rank` bytes on every rank
 * and `root_extra` more on rank 0; the ranks that share a node add up. When one node lacks the
 * memory every rank exits 2 (rank 0 prints its node's estimate, or that another node lacks it). */
static void dc_mem_check_mpi(uint64_t per_rank, uint64_t root_extra, const char *what)
{
    MPI_Comm node;
    int rank, local = 1, mine, root_here = 0, refuse, any = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    mine = rank == 0;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
    MPI_Comm_size(node, &local);
    MPI_Allreduce(&mine, &root_here, 1, MPI_INT, MPI_MAX, node);
    MPI_Comm_free(&node);
    uint64_t need = (uint64_t)local * per_rank + (root_here ? root_extra : 0), avail = dc_mem_available();
    refuse = avail && need > avail;
    MPI_Allreduce(&refuse, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!any) return;
    char full[320];
    snprintf(full, sizeof full, "%s; %d rank%s on this node", what, local, local == 1 ? "" : "s");
    if (refuse) dc_mem_check(need, full); /* exits 2 */
    dc_usage_error("another node has too little memory (estimate: %s)", what);
}
#endif

/* 1 when `path` is an existing directory. */
static int dc_is_dir(const char *path)
{
    struct stat st;
    return path && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- progress (stderr) ------------------------------------------------------- */
static int dc__progress;
static double dc__progress_t0;

static void dc_progress_enable(int flag, uint64_t work, uint64_t threshold)
{
    dc__progress = flag || (work >= threshold && isatty(2));
    dc__progress_t0 = dc_now();
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 1, 2)))
#endif
static void dc_progress(const char *fmt, ...)
{
    if (!dc__progress || dc__rank != 0) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: [%7.2f s] ", dc_prog(), dc_now() - dc__progress_t0);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    fflush(stderr);
}

/* Keeps -Wunused-function quiet in demos that use only part of this file. */
static inline void dc__use_all(void)
{
    (void)dc_now; (void)dc_counting_malloc; (void)dc_counting_free; (void)dc_peak_bytes;
    (void)dc_current_bytes; (void)dc_reset_peak; (void)dc_init; (void)dc_set_rank;
    (void)dc_set_exit_hook; (void)dc_usage_error; (void)dc_help; (void)dc_is; (void)dc_unknown;
    (void)dc_arg_str; (void)dc_arg_u64; (void)dc_arg_i64; (void)dc_arg_double; (void)dc_arg_choice;
    (void)dc_mul_size; (void)dc_read_file; (void)dc_check; (void)dc_failed_checks;
    (void)dc_exit_code; (void)dc_random_bytes; (void)dc_exit; (void)dc_mem_check; (void)dc_is_dir; (void)dc_file_size;
    (void)dc_progress_enable; (void)dc_progress;
#ifdef MPI_VERSION
    (void)dc_mem_check_mpi;
#endif
}

#endif /* DEMO_COMMON_H */
