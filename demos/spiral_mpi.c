/* spiral_mpi - XOR checksum of the spiral matrix split into row bands across MPI ranks,
 * reduced with MPI_BXOR (seed 8.3). Each rank generates only its own rows. */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"
#include <mpi.h>

int main(int argc, char **argv)
{
    spiral_demo_args a;
    uint64_t x = 0, all = 0, r0, r1;
    int rank, size, ok, rc = 0;
    double t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ok = spiral_demo_parse(argc, argv, &a) && (rank != 0 || spiral_demo_check(argv[0], &a));
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (!ok || spiral_check_size(a.M, a.N) != SPIRAL_OK) { MPI_Finalize(); return 2; }
    /* band of rank i: rows [i*M/size, (i+1)*M/size), computed without overflow */
    r0 = a.M / (uint64_t)size * (uint64_t)rank + spiral__min(a.M % (uint64_t)size, (uint64_t)rank);
    r1 = r0 + a.M / (uint64_t)size + ((uint64_t)rank < a.M % (uint64_t)size);
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    if (spiral_checksum_rows(a.M, a.N, r0, r1 - r0, &x) != SPIRAL_OK) MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Reduce(&x, &all, 1, MPI_UINT64_T, MPI_BXOR, 0, MPI_COMM_WORLD);
    t = MPI_Wtime() - t;
    if (rank == 0) rc = spiral_demo_report("mpi", &a, 1, size, t, all);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
