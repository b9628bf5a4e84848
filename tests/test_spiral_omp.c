/* test_spiral_omp.c - the OpenMP paths at 1, 2, 3 and 4 threads give the sequential
 * results: checksums (row generation and per-cell), band fills, reordering. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "check.h"
#include <omp.h>

int main(int argc, char **argv)
{
    static const uint64_t shapes[][2] = {{1, 1}, {3, 3}, {5, 2}, {5, 3}, {1, 200000}, {200000, 1}, {999, 1001},
                                         {3000, 700}, {20000, 5000}};
    check_init(argc, argv);
    for (int th = 1; th <= 4; th++) {
        omp_set_num_threads(th);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
            uint64_t M = shapes[s][0], N = shapes[s][1], x = 0, y = 0, e = spiral_xor_1_to(M * N);
            CHECK(spiral_checksum(M, N, &x) == SPIRAL_OK && x == e, "threads %d %llux%llu", th,
                  (unsigned long long)M, (unsigned long long)N);
            if (M * N <= 10000000) {
                CHECK(spiral_checksum_formula_rows(M, N, 0, M, &y) == SPIRAL_OK && y == e, "formula threads %d", th);
            }
        }
        { /* a band fill and a reorder of a medium matrix against per-cell values */
            uint64_t M = 701, N = 333, r0 = 100, n = 500;
            uint64_t *f = malloc(n * N * 8), *pay = malloc(M * N * 8), *sp = malloc(M * N * 8);
            CHECK(spiral_fill_rows(M, N, r0, n, f) == SPIRAL_OK);
            for (uint64_t i = 0; i < n * N; i++)
                if (!CHECK(f[i] == spiral_value(r0 + i / N, i % N, M, N), "fill threads %d", th)) break;
            for (uint64_t i = 0; i < M * N; i++) pay[i] = i * 0x9E3779B97F4A7C15ull;
            CHECK(spiral_reorder(M, N, 8, pay, sp, SPIRAL_TO_SPIRAL) == SPIRAL_OK);
            for (uint64_t i = 0; i < M * N; i++)
                if (!CHECK(sp[spiral_value(i / N, i % N, M, N) - 1] == pay[i], "reorder threads %d", th)) break;
            free(f); free(pay); free(sp);
        }
    }
    return check_done();
}
