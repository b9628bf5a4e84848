/* test_spiral_cuda.cu - the CUDA paths of spiral.h against the CPU: value on the device,
 * checksums (row kernel and per-cell kernel) on bands and odd sizes, fills (poisoned
 * output, every element checked), payload reordering both ways for several element sizes
 * and odd shapes, statuses. Exits 77 (SKIP) without a GPU. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#include "check.h"

static __global__ void k_values(uint64_t M, uint64_t N, const uint64_t *rc, uint64_t *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = spiral_value(M, N, rc[2 * i], rc[2 * i + 1]);
}

static void test_values(void)
{
    enum { n = 4096 };
    static uint64_t rc[2 * n], got[n];
    uint64_t *d_rc = NULL, *d_out = NULL;
    const uint64_t M = 1ull << 32, N = (1ull << 31) + 7;
    for (int i = 0; i < n; i++) { rc[2 * i] = check_rand_below(M); rc[2 * i + 1] = check_rand_below(N); }
    CHECK_CUDA(cudaMalloc(&d_rc, sizeof rc));
    CHECK_CUDA(cudaMalloc(&d_out, sizeof got));
    CHECK_CUDA(cudaMemcpy(d_rc, rc, sizeof rc, cudaMemcpyHostToDevice));
    k_values<<<n / 256, 256>>>(M, N, d_rc, d_out, n);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(got, d_out, sizeof got, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) CHECK(got[i] == spiral_value(M, N, rc[2 * i], rc[2 * i + 1]), "i=%d", i);
    cudaFree(d_rc);
    cudaFree(d_out);
}

static void test_checksums(unsigned long long *d_x)
{
    static const uint64_t sizes[][2] = {{1, 1}, {3, 3}, {5, 2}, {5, 3}, {1, 1000}, {1000, 1}, {2, 2},
                                        {7, 1023}, {1023, 7}, {513, 511}, {4097, 3001}, {20000, 5000}};
    unsigned long long x = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        uint64_t M = sizes[i][0], N = sizes[i][1], e = spiral_xor_1_to(M * N);
        CHECK(spiral_cuda_checksum(M, N, 0, M, d_x, NULL, 0, 0) == SPIRAL_OK);
        CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
        CHECK(x == e, "row kernel %llux%llu: %llu != %llu", (unsigned long long)M, (unsigned long long)N, x,
              (unsigned long long)e);
        CHECK(spiral_cuda_checksum_formula(M, N, 0, M, d_x, NULL, 0, 0) == SPIRAL_OK);
        CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
        CHECK(x == e, "formula kernel %llux%llu", (unsigned long long)M, (unsigned long long)N);
    }
    /* bands of the seed's matrix and of a huge one, against the CPU */
    for (int t = 0; t < 6; t++) {
        uint64_t M = t < 3 ? 100000 : (1ull << 32), N = t < 3 ? 300000 : (1ull << 31) + 3;
        uint64_t n = 1 + check_rand_below(40), r0 = t == 0 ? M / 2 - 20 : check_rand_below(M - n), cpu = 0;
        CHECK(spiral_checksum_rows(M, N, r0, n, &cpu, NULL) == SPIRAL_OK);
        CHECK(spiral_cuda_checksum(M, N, r0, n, d_x, NULL, 0, 0) == SPIRAL_OK);
        CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
        CHECK(x == cpu, "band r0=%llu n=%llu of %llux%llu", (unsigned long long)r0, (unsigned long long)n,
              (unsigned long long)M, (unsigned long long)N);
        if (t < 3) {
            CHECK(spiral_cuda_checksum_formula(M, N, r0, n, d_x, NULL, 0, 0) == SPIRAL_OK);
            CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
            CHECK(x == cpu);
        }
    }
    /* the seed's 100000 x 300000 in full: 3e10 values, well under a second on a GPU */
    CHECK(spiral_cuda_checksum(100000, 300000, 0, 100000, d_x, NULL, 0, 0) == SPIRAL_OK);
    CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
    CHECK(x == 30000000000ull, "%llu", x);
    /* statuses: empty, overflow, band out of range, NULL */
    CHECK(spiral_cuda_checksum(0, 5, 0, 0, d_x, NULL, 0, 0) == SPIRAL_ERR_EMPTY);
    CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
    CHECK(x == 0);
    CHECK(spiral_cuda_checksum(1ull << 33, 1ull << 33, 0, 1, d_x, NULL, 0, 0) == SPIRAL_ERR_SIZE);
    CHECK(spiral_cuda_checksum(5, 5, 4, 2, d_x, NULL, 0, 0) == SPIRAL_ERR_RANGE);
    CHECK(spiral_cuda_checksum(5, 5, 0, 5, NULL, NULL, 0, 0) == SPIRAL_ERR_NULL);
    /* the workspace: none needed; a size without a pointer is refused */
    CHECK(spiral_cuda_workspace_size(100000, 300000, 8) == 0 && spiral_cuda_workspace_size(1, 1, 1 << 20) == 0);
    CHECK(spiral_cuda_checksum(5, 5, 0, 5, d_x, NULL, 8, 0) == SPIRAL_ERR_NULL);
    CHECK(spiral_cuda_checksum_formula(5, 5, 0, 5, d_x, NULL, 8, 0) == SPIRAL_ERR_NULL);
    {
        void *d_spare = NULL; /* a workspace larger than needed is fine */
        CHECK_CUDA(cudaMalloc(&d_spare, 64));
        CHECK(spiral_cuda_checksum(5, 5, 0, 5, d_x, d_spare, 64, 0) == SPIRAL_OK);
        CHECK_CUDA(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost));
        CHECK(x == spiral_xor_1_to(25));
        cudaFree(d_spare);
    }
}

static void test_fill(void)
{
    static const uint64_t sizes[][2] = {{1, 1}, {3, 3}, {1, 4097}, {4097, 1}, {17, 33}, {333, 1001}, {1000, 2048}, {2, 5}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (int off = 0; off < 2; off++) { /* off = 1: output only 8-byte aligned */
            uint64_t M = sizes[i][0], N = sizes[i][1], r0 = M > 4 ? M / 3 : 0, n = M - r0, cnt = n * N;
            uint64_t *d = NULL, *got = (uint64_t *)malloc((cnt + 1) * 8), *want = (uint64_t *)malloc(cnt * 8 + 8);
            CHECK_CUDA(cudaMalloc(&d, (cnt + 1) * 8));
            CHECK_CUDA(cudaMemset(d, 0xA5, (cnt + 1) * 8)); /* poison */
            CHECK(spiral_cuda_fill_rows(M, N, r0, n, d + off, NULL, 0, 0) == SPIRAL_OK);
            CHECK_CUDA(cudaMemcpy(got, d + off, cnt * 8, cudaMemcpyDeviceToHost));
            CHECK(spiral_fill_rows(M, N, r0, n, want, NULL) == SPIRAL_OK);
            CHECK(memcmp(got, want, cnt * 8) == 0, "fill %llux%llu off %d", (unsigned long long)M,
                  (unsigned long long)N, off);
            cudaFree(d);
            free(got);
            free(want);
        }
    /* a band of a huge matrix (rows across the regime borders) */
    {
        const uint64_t M = 1ull << 32, N = 5000, r0 = 2400, n = 200;
        uint64_t *d = NULL, *got = (uint64_t *)malloc(n * N * 8), *want = (uint64_t *)malloc(n * N * 8);
        CHECK_CUDA(cudaMalloc(&d, n * N * 8));
        CHECK(spiral_cuda_fill_rows(M, N, r0, n, d, NULL, 0, 0) == SPIRAL_OK);
        CHECK_CUDA(cudaMemcpy(got, d, n * N * 8, cudaMemcpyDeviceToHost));
        CHECK(spiral_fill_rows(M, N, r0, n, want, NULL) == SPIRAL_OK);
        CHECK(memcmp(got, want, n * N * 8) == 0, "huge band");
        cudaFree(d);
        free(got);
        free(want);
    }
    CHECK(spiral_cuda_fill_rows(3, 3, 2, 2, (uint64_t *)8, NULL, 0, 0) == SPIRAL_ERR_RANGE);
    CHECK(spiral_cuda_fill_rows(3, 3, 0, 1, NULL, NULL, 0, 0) == SPIRAL_ERR_NULL);
    CHECK(spiral_cuda_fill_rows(0, 3, 0, 0, NULL, NULL, 0, 0) == SPIRAL_ERR_EMPTY);
}

static void test_reorder(void)
{
    static const uint64_t shapes[][2] = {{1, 1}, {1, 37}, {37, 1}, {2, 2}, {31, 33}, {33, 31}, {65, 64}, {100, 7}, {257, 129}};
    static const size_t sizes[] = {1, 2, 3, 4, 7, 8, 12, 16, 24, 32, 48, 100};
    for (size_t si = 0; si < sizeof shapes / sizeof shapes[0]; si++)
        for (size_t ei = 0; ei < sizeof sizes / sizeof sizes[0]; ei++) {
            uint64_t M = shapes[si][0], N = shapes[si][1];
            size_t es = sizes[ei], bytes = (size_t)(M * N) * es;
            unsigned char *a = (unsigned char *)malloc(bytes), *cpu = (unsigned char *)malloc(bytes);
            unsigned char *gpu = (unsigned char *)malloc(bytes), *back = (unsigned char *)malloc(bytes);
            unsigned char *d_a = NULL, *d_b = NULL, *d_c = NULL;
            for (size_t i = 0; i < bytes; i++) a[i] = (unsigned char)check_rand();
            CHECK(spiral_reorder(M, N, es, a, cpu, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_OK);
            CHECK_CUDA(cudaMalloc(&d_a, bytes));
            CHECK_CUDA(cudaMalloc(&d_b, bytes));
            CHECK_CUDA(cudaMalloc(&d_c, bytes));
            CHECK_CUDA(cudaMemcpy(d_a, a, bytes, cudaMemcpyHostToDevice));
            CHECK_CUDA(cudaMemset(d_b, 0x5A, bytes));
            CHECK(spiral_cuda_reorder(M, N, es, d_a, d_b, SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_OK);
            CHECK(spiral_cuda_reorder(M, N, es, d_b, d_c, SPIRAL_TO_ROWMAJOR, NULL, 0, 0) == SPIRAL_OK);
            CHECK_CUDA(cudaMemcpy(gpu, d_b, bytes, cudaMemcpyDeviceToHost));
            CHECK_CUDA(cudaMemcpy(back, d_c, bytes, cudaMemcpyDeviceToHost));
            CHECK(memcmp(gpu, cpu, bytes) == 0, "to spiral %llux%llu es=%zu", (unsigned long long)M,
                  (unsigned long long)N, es);
            CHECK(memcmp(back, a, bytes) == 0, "round trip %llux%llu es=%zu", (unsigned long long)M,
                  (unsigned long long)N, es);
            cudaFree(d_a); cudaFree(d_b); cudaFree(d_c);
            free(a); free(cpu); free(gpu); free(back);
        }
    /* misaligned pointers force narrower words */
    {
        uint64_t M = 45, N = 67;
        size_t es = 16, bytes = (size_t)(M * N) * es;
        unsigned char *a = (unsigned char *)malloc(bytes), *cpu = (unsigned char *)malloc(bytes), *gpu = (unsigned char *)malloc(bytes);
        unsigned char *d_a = NULL, *d_b = NULL;
        for (size_t i = 0; i < bytes; i++) a[i] = (unsigned char)check_rand();
        CHECK(spiral_reorder(M, N, es, a, cpu, SPIRAL_TO_SPIRAL, NULL) == SPIRAL_OK);
        CHECK_CUDA(cudaMalloc(&d_a, bytes + 4));
        CHECK_CUDA(cudaMalloc(&d_b, bytes + 4));
        CHECK_CUDA(cudaMemcpy(d_a + 4, a, bytes, cudaMemcpyHostToDevice));
        CHECK(spiral_cuda_reorder(M, N, es, d_a + 4, d_b + 4, SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_OK);
        CHECK_CUDA(cudaMemcpy(gpu, d_b + 4, bytes, cudaMemcpyDeviceToHost));
        CHECK(memcmp(gpu, cpu, bytes) == 0, "misaligned");
        cudaFree(d_a); cudaFree(d_b);
        free(a); free(cpu); free(gpu);
    }
    CHECK(spiral_cuda_reorder(3, 3, 0, (void *)8, (void *)8, SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_ERR_ARG);
    CHECK(spiral_cuda_reorder(3, 3, 4, NULL, (void *)8, SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_ERR_NULL);
    CHECK(spiral_cuda_reorder(0, 3, 4, (void *)8, (void *)8, SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_ERR_EMPTY);
    CHECK(spiral_cuda_reorder(3, 3, 1 << 20, (void *)8, (void *)(8 + (9 << 20)), SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_ERR_ARG);
    /* overlapping buffers are refused before any launch */
    CHECK(spiral_cuda_reorder(3, 3, 4, (void *)64, (void *)64, SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_ERR_ARG);
    CHECK(spiral_cuda_reorder(3, 3, 4, (void *)64, (void *)(64 + 35), SPIRAL_TO_SPIRAL, NULL, 0, 0) == SPIRAL_ERR_ARG);
}

int main(int argc, char **argv)
{
    unsigned long long *d_x = NULL;
    check_init(argc, argv);
    check_cuda_device_or_skip();
    CHECK_CUDA(cudaMalloc(&d_x, sizeof *d_x));
    test_values();
    test_checksums(d_x);
    test_fill();
    test_reorder();
    CHECK_CUDA(cudaDeviceSynchronize());
    cudaFree(d_x);
    return check_done();
}
