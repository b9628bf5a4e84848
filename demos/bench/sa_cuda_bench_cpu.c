/* sa_cuda_bench_cpu.c - the CPU side of sa_cuda_bench: sa.h's default (OpenMP) in its own
 * translation unit, compiled by the C compiler with OpenMP (nvcc compiles the GPU side). */
#include <stdint.h>
#include <time.h>
#define SA_IMPLEMENTATION
#include "sa.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* SA (and, when lcp is not NULL, LCP + LRS) with sa.h's default algorithm on `threads` threads
 * (0 = all). Returns 0 on success; times in seconds; lrs[4] = len, sa_index, pos, count. */
int sa_cuda_bench_cpu(const uint8_t *t, int64_t n, int32_t *sa, int32_t *lcp, int64_t *lrs, int threads,
                      double *t_sa, double *t_lcp_lrs, int *used_threads, const char **algo);
int sa_cuda_bench_cpu(const uint8_t *t, int64_t n, int32_t *sa, int32_t *lcp, int64_t *lrs, int threads,
                      double *t_sa, double *t_lcp_lrs, int *used_threads, const char **algo)
{
    sa_options o = {0};
    o.threads = threads;
    sa_build_info info;
    double t0 = cpu_now();
    if (sa_build_ex(t, sa, (int32_t)n, &o, &info) != SA_OK) return 1;
    *t_sa = cpu_now() - t0;
    *used_threads = sa_effective_threads(&o);
    *algo = sa_algorithm_name(info.algorithm);
    *t_lcp_lrs = 0;
    if (lcp) {
        sa_lrs_result r;
        t0 = cpu_now();
        if (sa_lcp(t, sa, lcp, (int32_t)n, &o) != SA_OK || sa_lrs(sa, lcp, (int32_t)n, &r, &o) != SA_OK) return 1;
        *t_lcp_lrs = cpu_now() - t0;
        lrs[0] = r.len; lrs[1] = r.sa_index; lrs[2] = r.pos; lrs[3] = r.count;
    }
    return 0;
}
