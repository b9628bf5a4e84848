/* check.h - the tests' tiny check helper (C11 and CUDA C++).
 *
 *   int main(int argc, char **argv) {
 *       check_init(argc, argv);                 // seed from --seed N, $TEST_SEED, or the clock
 *       uint64_t x = check_rand();              // reproducible from the printed seed
 *       CHECK(f(x) == g(x), "x=%llu", (unsigned long long)x);
 *       return check_done();                    // 0 when every check passed, 1 otherwise
 *   }
 *
 * A failing CHECK prints file:line, the condition, the message and the seed, so a random
 * failure can be replayed with `--seed N` (or TEST_SEED=N). After 20 failures further
 * failures are only counted. check_skip() exits 77, which meson reports as SKIP.
 */
#ifndef CHECK_H
#define CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define CHECK_SKIP_CODE 77

typedef struct {
    uint64_t seed;
    uint64_t state;
    long checks;
    long failures;
    const char *name;
} check_ctx_t;

static check_ctx_t check__ctx;

static inline uint64_t check__splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Next 64 random bits of the test's reproducible stream. */
static inline uint64_t check_rand(void) { return check__splitmix(&check__ctx.state); }

/* Uniform integer in [0, bound) (bound > 0); the tiny modulo bias does not matter here. */
static inline uint64_t check_rand_below(uint64_t bound) { return bound ? check_rand() % bound : 0; }

/* Uniform double in [0, 1). */
static inline double check_rand_unit(void) { return (double)(check_rand() >> 11) * (1.0 / 9007199254740992.0); }

static inline uint64_t check_seed(void) { return check__ctx.seed; }

static inline void check_init(int argc, char **argv)
{
    uint64_t seed = 0;
    int have = 0;
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "--seed") == 0) { seed = strtoull(argv[i + 1], NULL, 0); have = 1; }
    const char *env = getenv("TEST_SEED");
    if (!have && env && *env) { seed = strtoull(env, NULL, 0); have = 1; }
    if (!have) {
        struct timespec ts;
        timespec_get(&ts, TIME_UTC);
        seed = (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec;
    }
    check__ctx.seed = seed;
    check__ctx.state = seed;
    check__ctx.checks = 0;
    check__ctx.failures = 0;
    check__ctx.name = argc > 0 ? argv[0] : "test";
    printf("%s: seed %" PRIu64 " (replay with --seed %" PRIu64 " or TEST_SEED=%" PRIu64 ")\n",
           check__ctx.name, seed, seed, seed);
}

static inline int check__report(int ok, const char *file, int line, const char *cond, const char *fmt, ...)
{
    check__ctx.checks++;
    if (ok) return 1;
    if (++check__ctx.failures <= 20) {
        fprintf(stderr, "FAIL %s:%d: %s", file, line, cond);
        if (fmt && *fmt) {
            va_list ap;
            va_start(ap, fmt);
            fputs(": ", stderr);
            vfprintf(stderr, fmt, ap);
            va_end(ap);
        }
        fprintf(stderr, " [seed %" PRIu64 "]\n", check__ctx.seed);
    }
    return 0;
}

/* CHECK(cond, fmt, ...): counts a check; on failure prints where, what and the seed.
 * Evaluates to 1 when cond holds, 0 otherwise, so `if (!CHECK(...)) break;` works. */
#define CHECK(cond, ...) check__report(!!(cond), __FILE__, __LINE__, #cond, "" __VA_ARGS__)

/* Number of failures so far (to stop a loop early after the first). */
static inline long check_failures(void) { return check__ctx.failures; }

/* Summary line and exit status: 0 when all checks passed, 1 otherwise. */
static inline int check_done(void)
{
    printf("%s: %ld checks, %ld failures (seed %" PRIu64 ")\n", check__ctx.name, check__ctx.checks,
           check__ctx.failures, check__ctx.seed);
    if (check__ctx.checks == 0) {
        fprintf(stderr, "%s: no checks ran: a test that checks nothing cannot fail\n", check__ctx.name);
        return 1;
    }
    return check__ctx.failures ? 1 : 0;
}

/* Exit with meson's SKIP code, saying why. */
static inline void check_skip(const char *why)
{
    printf("SKIP: %s\n", why);
    fflush(stdout);
    exit(CHECK_SKIP_CODE);
}

#ifdef __CUDACC__
#include <cuda_runtime.h>
/* CUDA tests call this first: no usable device -> SKIP (77), as meson expects. */
static inline void check_cuda_device_or_skip(void)
{
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        char why[256];
        snprintf(why, sizeof why, "no CUDA device (%s)", e != cudaSuccess ? cudaGetErrorString(e) : "count 0");
        check_skip(why);
    }
}
/* CHECK_CUDA(call): a failed CUDA call is a failed check with the error string. */
#define CHECK_CUDA(call) \
    do { cudaError_t check__e = (call); CHECK(check__e == cudaSuccess, "%s", cudaGetErrorString(check__e)); } while (0)
#endif

#endif /* CHECK_H */
