/* bwt_cuda_bench_cpu.c - the CPU side of bwt_cuda_bench: sa.h (OpenMP) in its own translation
 * unit, compiled by the C compiler with -fopenmp (nvcc compiles the GPU side). */
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

/* sa_search_many on `threads` threads (0 = all); returns 0 on success, the time in *secs. */
int bwt_bench_cpu_search(const uint8_t *t, const int32_t *sa, int64_t n, const uint8_t *pats, const int64_t *off,
                         int64_t npat, int32_t *lo, int32_t *cnt, int threads, double *secs, int *used);
int bwt_bench_cpu_search(const uint8_t *t, const int32_t *sa, int64_t n, const uint8_t *pats, const int64_t *off,
                         int64_t npat, int32_t *lo, int32_t *cnt, int threads, double *secs, int *used)
{
    sa_options o = {SA_ALGO_DEFAULT, 0, SA_LCP_DEFAULT};
    o.threads = threads;
    double t0 = cpu_now();
    sa_status st = sa_search_many(t, sa, (int32_t)n, pats, off, npat, lo, cnt, &o);
    *secs = cpu_now() - t0;
    *used = sa_effective_threads(&o);
    return st != SA_OK;
}

/* sa.h's BWT with aux samples (the reference the GPU output must equal byte for byte). */
int bwt_bench_cpu_bwt(const uint8_t *t, uint8_t *u, int32_t *aux, int32_t r, int64_t n, int threads, double *secs);
int bwt_bench_cpu_bwt(const uint8_t *t, uint8_t *u, int32_t *aux, int32_t r, int64_t n, int threads, double *secs)
{
    sa_options o = {SA_ALGO_DEFAULT, 0, SA_LCP_DEFAULT};
    o.threads = threads;
    double t0 = cpu_now();
    sa_status st = r ? sa_bwt_aux(t, u, aux, r, (int32_t)n, &o) : sa_bwt(t, u, aux, (int32_t)n, &o);
    *secs = cpu_now() - t0;
    return st != SA_OK;
}

/* sa.h's inverse with aux samples. */
int bwt_bench_cpu_unbwt(const uint8_t *u, uint8_t *t, const int32_t *aux, int32_t r, int64_t n, int threads,
                        double *secs);
int bwt_bench_cpu_unbwt(const uint8_t *u, uint8_t *t, const int32_t *aux, int32_t r, int64_t n, int threads,
                        double *secs)
{
    sa_options o = {SA_ALGO_DEFAULT, 0, SA_LCP_DEFAULT};
    o.threads = threads;
    double t0 = cpu_now();
    sa_status st = r ? sa_unbwt_aux(u, t, aux, r, (int32_t)n, &o) : sa_unbwt(u, t, aux[0], (int32_t)n, &o);
    *secs = cpu_now() - t0;
    return st != SA_OK;
}
