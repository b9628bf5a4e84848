/* test_spiral_mpi.c - row bands across ranks reduced with MPI_BXOR give the closed form,
 * for several shapes including fewer rows than ranks; every rank also checks a band fill. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "check.h"
#include <mpi.h>

int main(int argc, char **argv)
{
    static const uint64_t shapes[][2] = {{1, 1}, {2, 7}, {3, 3}, {5, 2}, {5, 3}, {1000, 999}, {4001, 1234}, {100000, 3000}};
    int rank, size, fails, allfails = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    check_init(argc, argv);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        uint64_t M = shapes[s][0], N = shapes[s][1], x = 0, all = 0;
        uint64_t rem = M % (uint64_t)size, r0 = M / (uint64_t)size * (uint64_t)rank + (rem < (uint64_t)rank ? rem : (uint64_t)rank);
        uint64_t n = M / (uint64_t)size + ((uint64_t)rank < M % (uint64_t)size);
        CHECK(spiral_checksum_rows(M, N, r0, n, &x, NULL) == SPIRAL_OK);
        MPI_Allreduce(&x, &all, 1, MPI_UINT64_T, MPI_BXOR, MPI_COMM_WORLD);
        CHECK(all == spiral_xor_1_to(M * N), "rank %d/%d %llux%llu", rank, size, (unsigned long long)M,
              (unsigned long long)N);
        if (n && n * N <= 1000000) {
            uint64_t *f = malloc(n * N * 8);
            CHECK(spiral_fill_rows(M, N, r0, n, f, NULL) == SPIRAL_OK);
            for (uint64_t i = 0; i < n * N; i++)
                if (!CHECK(f[i] == spiral_value(M, N, r0 + i / N, i % N))) break;
            free(f);
        }
    }
    fails = (int)check_failures();
    MPI_Allreduce(&fails, &allfails, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(allfails == 0, "failures on other ranks: %d", allfails - fails);
    {
        int rc = check_done();
        MPI_Finalize();
        return rc;
    }
}
