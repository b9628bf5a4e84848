/* test_spiral_omp.c - the OpenMP paths at 1, 2, 3 and 4 threads (spiral_options.threads, and
 * threads = 0 after omp_set_num_threads) give the sequential results: checksums (row
 * generation and per-cell), band fills, reordering. Shapes include ones smaller than a chunk
 * (one thread), one-row and one-column matrices and sizes not divisible by the chunk. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "check.h"
#include <omp.h>

static void run(const spiral_options *opt, int th)
{
    static const uint64_t shapes[][2] = {{1, 1}, {3, 3}, {5, 2}, {5, 3}, {1, 200000}, {200000, 1}, {999, 1001},
                                         {3000, 700}, {2001, 5003}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        uint64_t M = shapes[s][0], N = shapes[s][1], x = 0, y = 0, e = spiral_xor_1_to(M * N);
        CHECK(spiral_checksum(M, N, &x, opt) == SPIRAL_OK && x == e, "threads %d %llux%llu", th,
              (unsigned long long)M, (unsigned long long)N);
        if (M * N <= 3000000) {
            CHECK(spiral_checksum_formula_rows(M, N, 0, M, &y, opt) == SPIRAL_OK && y == e, "formula threads %d", th);
        }
    }
    { /* a band fill and a reorder of a medium matrix against per-cell values */
        uint64_t M = 701, N = 333, r0 = 100, n = 500;
        uint64_t *f = (uint64_t *)malloc(n * N * 8), *pay = (uint64_t *)malloc(M * N * 8);
        uint64_t *sp = (uint64_t *)malloc(M * N * 8), *back = (uint64_t *)malloc(M * N * 8);
        CHECK(f && pay && sp && back);
        CHECK(spiral_fill_rows(M, N, r0, n, f, opt) == SPIRAL_OK);
        for (uint64_t i = 0; i < n * N; i++)
            if (!CHECK(f[i] == spiral_value(M, N, r0 + i / N, i % N), "fill threads %d", th)) break;
        for (uint64_t i = 0; i < M * N; i++) pay[i] = i * 0x9E3779B97F4A7C15ull;
        CHECK(spiral_reorder(M, N, 8, pay, sp, SPIRAL_TO_SPIRAL, opt) == SPIRAL_OK);
        for (uint64_t i = 0; i < M * N; i++)
            if (!CHECK(sp[spiral_value(M, N, i / N, i % N) - 1] == pay[i], "reorder threads %d", th)) break;
        CHECK(spiral_reorder(M, N, 8, sp, back, SPIRAL_TO_ROWMAJOR, opt) == SPIRAL_OK);
        CHECK(memcmp(back, pay, M * N * 8) == 0, "round trip threads %d", th);
        free(f); free(pay); free(sp); free(back);
    }
}

int main(int argc, char **argv)
{
    check_init(argc, argv);
    for (int th = 1; th <= 4; th++) {
        spiral_options opt = {0};
        opt.threads = th;
        run(&opt, th);
    }
    omp_set_num_threads(3); /* threads = 0 (and NULL): omp_get_max_threads() */
    run(NULL, 0);
    return check_done();
}
