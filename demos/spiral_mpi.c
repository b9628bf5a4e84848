/* spiral_mpi - XOR checksum of the spiral matrix split into row bands across MPI ranks,
 * reduced with MPI_BXOR (seed 8.3). Each rank generates only its own rows. Every rank parses
 * the same arguments, so all agree on a usage error; only rank 0 prints it. */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"
#include <mpi.h>

static void finalize(int code) { (void)code; MPI_Finalize(); }

int main(int argc, char **argv)
{
    spiral_demo_args a;
    spiral_options opt = {0};
    uint64_t x = 0, all = 0, r0, n;
    int rank, size, ok, all_ok = 0, rc = 0;
    double t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    dc_set_rank(rank);
    dc_set_exit_hook(finalize);
    spiral_demo_parse(argc, argv, 0, &a);
    spiral_demo_band(a.M, rank, size, &r0, &n);
    opt.threads = 1;
    MPI_Barrier(MPI_COMM_WORLD);
    t = MPI_Wtime();
    ok = spiral_demo_ok(spiral_checksum_rows(a.M, a.N, r0, n, &x, &opt), "spiral_checksum_rows");
    MPI_Reduce(&x, &all, 1, MPI_UINT64_T, MPI_BXOR, 0, MPI_COMM_WORLD);
    t = MPI_Wtime() - t;
    MPI_Allreduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0) rc = all_ok ? spiral_demo_report("mpi", &a, 1, size, t, all) : DC_EXIT_FAIL;
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
