/* allreduce_cuda_sync_probe.c - what one host agreement costs on this MPI: the floor under a
 * small device allreduce (issue 28: ArGM over CUDA IPC at 4 MiB makes one or two small
 * allreduces and at most one node barrier per call). Times, per call (median of REPS rounds of
 * ITERS calls, slowest rank): MPI_Allreduce of 5 doubles, the same through MPI_Iallreduce and a
 * polling MPI_Test loop with sched_yield (ccoll's wait), MPI_Barrier, MPI_Ibarrier polled alike.
 *   mpiexec -n 4 allreduce_cuda_sync_probe [ITERS (2000)] [REPS (5)]
 * Prints one CSV line per primitive: ranks,primitive,us_per_call. */
#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

static void poll_wait(MPI_Request *r)
{
    int done = 0;
    while (!done) {
        MPI_Test(r, &done, MPI_STATUS_IGNORE);
        if (!done) sched_yield();
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int rank, p, iters, reps, k, i, r;
    static const char *const names[4] = {"allreduce", "iallreduce_test_yield", "barrier", "ibarrier_test_yield"};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    iters = argc > 1 ? atoi(argv[1]) : 2000;
    reps = argc > 2 ? atoi(argv[2]) : 5;
    if (iters < 1 || reps < 1 || reps > 64) {
        if (rank == 0) fprintf(stderr, "usage: allreduce_cuda_sync_probe [ITERS >= 1] [REPS 1..64]\n");
        MPI_Finalize();
        return 2;
    }
    if (rank == 0) printf("ranks,primitive,us_per_call\n");
    for (k = 0; k < 4; k++) {
        double t[64], v[5] = {1, 2, 3, 4, (double)rank}, g[5];
        for (r = 0; r < reps; r++) {
            double t0, mine;
            MPI_Barrier(MPI_COMM_WORLD);
            t0 = MPI_Wtime();
            for (i = 0; i < iters; i++) {
                MPI_Request q;
                if (k == 0) MPI_Allreduce(v, g, 5, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
                else if (k == 1) {
                    MPI_Iallreduce(v, g, 5, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD, &q);
                    poll_wait(&q);
                } else if (k == 2) MPI_Barrier(MPI_COMM_WORLD);
                else {
                    MPI_Ibarrier(MPI_COMM_WORLD, &q);
                    poll_wait(&q);
                }
            }
            mine = (MPI_Wtime() - t0) / iters;
            MPI_Allreduce(&mine, &t[r], 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        }
        qsort(t, (size_t)reps, sizeof t[0], cmp);
        if (rank == 0) printf("%d,%s,%.3f\n", p, names[k], t[reps / 2] * 1e6);
    }
    MPI_Finalize();
    return 0;
}
