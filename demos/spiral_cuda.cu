/* spiral_cuda - XOR checksum of the spiral matrix on the GPU: row-generation kernel with a
 * warp-shuffle block reduction (seed 5.2). Exits 77 when no GPU is present. */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"

int main(int argc, char **argv)
{
    spiral_demo_args a;
    unsigned long long *d_x = NULL, x = 0;
    cudaEvent_t e0, e1;
    float ms = 0;
    int n = 0;
    if (!spiral_demo_parse(argc, argv, &a) || !spiral_demo_check(argv[0], &a)) return 2;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
        fprintf(stderr, "%s: no CUDA device available, skipping\n", argv[0]);
        return 77;
    }
    if (cudaMalloc(&d_x, sizeof *d_x) != cudaSuccess || cudaEventCreate(&e0) != cudaSuccess ||
        cudaEventCreate(&e1) != cudaSuccess) {
        fprintf(stderr, "%s: CUDA set-up failed\n", argv[0]);
        return 2;
    }
    /* warm-up (module load), then the timed run */
    if (spiral_cuda_checksum(a.M, a.N, 0, a.M < 64 ? a.M : 64, d_x, 0) != SPIRAL_OK) return 2;
    cudaEventRecord(e0, 0);
    if (spiral_cuda_checksum(a.M, a.N, 0, a.M, d_x, 0) != SPIRAL_OK) return 2;
    cudaEventRecord(e1, 0);
    if (cudaEventSynchronize(e1) != cudaSuccess || cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost) != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", argv[0], cudaGetErrorString(cudaGetLastError()));
        return 2;
    }
    cudaEventElapsedTime(&ms, e0, e1);
    cudaFree(d_x);
    return spiral_demo_report("cuda", &a, 0, 1, ms / 1000.0, (uint64_t)x);
}
