/* issue27_auto_trace.c - AUTO call by call beside the raw ring (ccoll_mpi.h, host buffers):
 * one AUTO plan and one RING plan on the same walk data, their calls alternated, and per call
 * the slowest rank's time of each, what AUTO ran, its t_scan, whether it used the eb guess and
 * its model's predictions for HomComp_F and the ring. Shows where AUTO's time goes over its
 * first calls (exploring) and in its steady state (every 16th call samples the data again).
 *   mpicc -O3 -fopenmp -I. demos/bench/issue27_auto_trace.c -o /tmp/auto_trace -lm
 *   mpiexec -n 4 /tmp/auto_trace [COUNT (elements per rank, default 4194304)] [CALLS (default 20)]
 *       [WARMUP (default 0: AUTO and RING alternated from the first call; W > 0: the focus run's
 *        --interleave pattern: MPI_Allreduce, AUTO, RING and HOMCOMP_F plans each warmed up with W
 *        calls, then CALLS rounds, round i starting at row i mod 4; HomComp_F's time printed too)] */
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double timed_call(ccoll_plan *P, const float *x, float *y)
{
    double t0, t, g;
    MPI_Barrier(MPI_COMM_WORLD);
    t0 = MPI_Wtime();
    if (ccoll_allreduce(P, x, y) != CCOLL_OK) MPI_Abort(MPI_COMM_WORLD, 1);
    t = MPI_Wtime() - t0;
    MPI_Allreduce(&t, &g, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return g;
}

int main(int argc, char **argv)
{
    int r, p, calls;
    uint64_t n;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    n = argc > 1 ? strtoull(argv[1], NULL, 10) : 4194304;
    calls = argc > 2 ? atoi(argv[2]) : 20;
    const int warm = argc > 3 ? atoi(argv[3]) : 0;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *z = malloc(n * sizeof *z);
    if (!x || !y || !z) MPI_Abort(MPI_COMM_WORLD, 1);
    double v = 0;
    srand((unsigned)r + 1);
    for (uint64_t i = 0; i < n; i++) {
        v += rand() / (double)RAND_MAX - 0.5;
        x[i] = (float)v;
    }
    ccoll_config c = ccoll_config_init(CCOLL_REL, 1e-4);
    ccoll_plan *A = NULL, *R = NULL, *H = NULL;
    c.threads = 1;
    c.algo = CCOLL_ALGO_AUTO;
    if (ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &A) != CCOLL_OK) MPI_Abort(MPI_COMM_WORLD, 1);
    c.algo = CCOLL_ALGO_RING;
    if (ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &R) != CCOLL_OK) MPI_Abort(MPI_COMM_WORLD, 1);
    if (warm > 0) {
        c.algo = CCOLL_ALGO_HOMCOMP_F;
        if (ccoll_plan_create(MPI_COMM_WORLD, n, MPI_FLOAT, &c, &H) != CCOLL_OK) MPI_Abort(MPI_COMM_WORLD, 1);
        for (int w = 0; w < warm; w++) {
            ccoll_info I;
            memset(&I, 0, sizeof I);
            double ta = timed_call(A, x, y);
            ccoll_plan_info(A, &I);
            if (!r)
                printf("# warm-up %d: auto ran %s %.4f s, t_scan %.4f, eb_guess %d, pred hcf %.4f ring %.4f\n", w,
                       ccoll_algo_name(I.algo), ta, I.t_scan, I.eb_guess, I.predicted[CCOLL_ALGO_HOMCOMP_F],
                       I.predicted[CCOLL_ALGO_RING]);
        }
        for (int w = 0; w < warm; w++) timed_call(R, x, z);
        for (int w = 0; w < warm; w++) timed_call(H, x, z);
        MPI_Allreduce(x, z, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    }
    if (!r) printf("call,auto_ran,auto_s,ring_s,auto_over_ring,t_scan,eb_guess,pred_homcomp_f,pred_ring%s\n", warm > 0 ? ",homcomp_f_s" : "");
    for (int k = 0; k < calls; k++) {
        ccoll_info I;
        memset(&I, 0, sizeof I);
        double ta = 0, tr = 0, th = 0;
        for (int j = 0; j < (warm > 0 ? 4 : 2); j++) {
            const int row = warm > 0 ? (j + k) % 4 : j + 1; /* 0 MPI, 1 AUTO, 2 RING, 3 HOMCOMP_F */
            if (row == 0) {
                MPI_Barrier(MPI_COMM_WORLD);
                MPI_Allreduce(x, z, (int)n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
            } else if (row == 1) {
                ta = timed_call(A, x, y);
                ccoll_plan_info(A, &I);
            } else if (row == 2)
                tr = timed_call(R, x, z);
            else
                th = timed_call(H, x, z);
        }
        if (!r) {
            printf("%d,%s,%.4f,%.4f,%.2f,%.4f,%d,%.4f,%.4f", k, ccoll_algo_name(I.algo), ta, tr, ta / tr, I.t_scan, I.eb_guess,
                   I.predicted[CCOLL_ALGO_HOMCOMP_F], I.predicted[CCOLL_ALGO_RING]);
            if (warm > 0) printf(",%.4f", th);
            printf("\n");
        }
    }
    if (H) ccoll_plan_free(H);
    ccoll_plan_free(A);
    ccoll_plan_free(R);
    free(x);
    free(y);
    free(z);
    MPI_Finalize();
    return 0;
}
