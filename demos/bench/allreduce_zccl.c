/* allreduce_zccl - ZCCL's compressed allreduce (xuanwu02/zccl, built from its source folder by
 * demos/bench/allreduce_bench_issue27.sh; nothing of it is vendored here) beside MPI_Allreduce on
 * allreduce_cpu's data (the same generator, seeds and error bound: REL x the global max - min),
 * in one run. Per variant: median time over --iters of the slowest rank, speedup over
 * MPI_Allreduce, max |error| / (p eb) against MPI_Allreduce of the inputs as doubles.
 *   mpiexec -n P allreduce_zccl --count N --data walk|normal --rel R [--iters K] [--csv]
 * Variants (ZCCL's names): st_oa = ring allreduce, single-thread fZ-light codec (decompress-
 * operate-compress); st_oa_ho = the same with hZCCL's homomorphic reduction. ZCCL takes an
 * absolute bound, a tolerance and a block size: 0.08 and 36, its example's and job scripts'
 * values (--block changes it). CSV columns match allreduce_cpu's first ones. */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ZCCL.h"
#include "ZCCL_ring.h"
#include "ZCCL_ring_ho.h"
#include "../demo_common.h"
#include "../../ccoll_mpi.h" /* declarations only: allreduce_demo.h's oracle names ccoll's algorithms */
#include "../allreduce_demo.h"

static const char *USAGE = "--count N --data walk|normal --rel R [--iters K] [--block B] [--csv]";

int main(int argc, char **argv)
{
    uint64_t n = 1048576, iters = 3, block = 36;
    double rel = 1e-4;
    const char *data = "walk";
    int rank, p, csv = 0, fail = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    dc_set_rank(rank);
    dc_set_exit_hook(finalize);
    dc_init(argc, argv, USAGE);
    for (int i = 1; i < argc; i++) {
        if (dc_is(argv[i], "--count")) n = dc_arg_u64(&i, 1, (uint64_t)1 << 31);
        else if (dc_is(argv[i], "--rel")) rel = dc_arg_double(&i, 1e-12, 1.0);
        else if (dc_is(argv[i], "--data")) data = dc_arg_str(&i);
        else if (dc_is(argv[i], "--iters")) iters = dc_arg_u64(&i, 1, 1000);
        else if (dc_is(argv[i], "--block")) block = dc_arg_u64(&i, 1, 4096);
        else if (dc_is(argv[i], "--csv")) csv = 1;
        else dc_unknown(i);
    }
    double *x = (double *)malloc(n * 8), *ref = (double *)malloc(n * 8), *ts = (double *)malloc(iters * 8);
    float *in = (float *)malloc(n * 4), *out = (float *)malloc(n * 4);
    if (!x || !ref || !ts || !in || !out) { fprintf(stderr, "out of memory\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    make_data(x, n, strcmp(data, "walk") == 0, rank);
    double mn = HUGE_VAL, mx = -HUGE_VAL, gmn, gmx;
    for (uint64_t i = 0; i < n; i++) {
        in[i] = (float)x[i];
        x[i] = in[i];
        mn = x[i] < mn ? x[i] : mn;
        mx = x[i] > mx ? x[i] : mx;
    }
    MPI_Allreduce(&mn, &gmn, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&mx, &gmx, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    const double eb = rel * (gmx - gmn);
    MPI_Allreduce(x, ref, (int)n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    if (!rank && csv) printf("algo,ran,n,dtype,ranks,data,eb_abs,time_s,gb_per_s,bytes_sent,ratio,speedup,max_abs_err,err_over_peb,ok\n");
    double t_mpi = 0;
    for (int v = 0; v < 3; v++) {
        static const char *names[] = {"mpi", "zccl_st_oa", "zccl_st_oa_ho"};
        for (uint64_t it = 0; it <= iters; it++) { /* it 0: warm-up */
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            if (v == 0) MPI_Allreduce(in, out, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
            else if (v == 1)
                MPI_Allreduce_ZCCL_RI2_st_oa_record(in, out, (float)eb, 0.08f, (int)block, (MPI_Aint)n, MPI_FLOAT, MPI_SUM,
                                                    MPI_COMM_WORLD);
            else
                MPI_Allreduce_ZCCL_RI2_st_oa_ho_record(in, out, (float)eb, 0.08f, (int)block, (MPI_Aint)n, MPI_FLOAT, MPI_SUM,
                                                       MPI_COMM_WORLD);
            double t = max_over_ranks(MPI_Wtime() - t0);
            if (it) ts[it - 1] = t;
        }
        qsort(ts, iters, sizeof *ts, cmp_d);
        double t = ts[iters / 2], err = 0, gerr = 0;
        if (v == 0) t_mpi = t;
        for (uint64_t i = 0; i < n; i++) err = fmax(err, fabs((double)out[i] - ref[i]));
        MPI_Allreduce(&err, &gerr, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        /* MPI_Allreduce in float: its own rounding; ZCCL: p x eb, with float rounding slack */
        int ok = v == 0 || gerr <= p * eb * 1.0001 + 1e-6 * fabs(gmx) * p;
        fail |= !ok;
        if (!rank) {
            if (csv)
                printf("%s,%s,%llu,f32,%d,%s,%.6g,%.6f,%.4f,0,0,%.3f,%.4g,%.4f,%s\n", names[v], names[v], (unsigned long long)n, p,
                       data, eb, t, (double)n * 4 / t / 1e9, t_mpi / t, gerr, eb > 0 ? gerr / (p * eb) : 0, ok ? "ok" : "FAIL");
            else
                printf("%-14s %9.4f s  speedup %6.2fx  err/(p eb) %.3f  %s\n", names[v], t, t_mpi / t, gerr / (p * eb),
                       ok ? "ok" : "FAIL");
            fflush(stdout);
        }
    }
    free(x); free(ref); free(ts); free(in); free(out);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return fail ? 1 : 0;
}
