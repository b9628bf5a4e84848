/* spiral_cuda - XOR checksum of the spiral matrix on the GPU: row-generation kernel with a
 * warp-shuffle block reduction (seed 5.2). Exits 77 when no GPU is present. */
#define SPIRAL_IMPLEMENTATION
#include "spiral_demo.h"

static int cuda_ok(cudaError_t e, const char *what)
{
    return dc_check(e == cudaSuccess, "%s: %s", what, cudaGetErrorString(e));
}

int main(int argc, char **argv)
{
    spiral_demo_args a;
    unsigned long long *d_x = NULL, x = 0;
    void *d_ws = NULL;
    size_t ws = 0;
    cudaEvent_t e0, e1;
    float ms = 0;
    int n = 0;
    spiral_demo_parse(argc, argv, 0, &a);
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
        fprintf(stderr, "%s: no CUDA device available, skipping\n", dc_prog());
        return DC_EXIT_SKIP;
    }
    ws = spiral_cuda_workspace_size(a.M, a.N, 8);
    if (!cuda_ok(cudaMalloc(&d_x, sizeof *d_x), "cudaMalloc") || (ws && !cuda_ok(cudaMalloc(&d_ws, ws), "cudaMalloc")) ||
        !cuda_ok(cudaEventCreate(&e0), "cudaEventCreate") || !cuda_ok(cudaEventCreate(&e1), "cudaEventCreate"))
        return dc_exit_code();
    /* warm-up (module load), then the timed run */
    if (!spiral_demo_ok(spiral_cuda_checksum(a.M, a.N, 0, a.M < 64 ? a.M : 64, d_x, d_ws, ws, 0), "warm-up") ||
        !cuda_ok(cudaEventRecord(e0, 0), "cudaEventRecord") ||
        !spiral_demo_ok(spiral_cuda_checksum(a.M, a.N, 0, a.M, d_x, d_ws, ws, 0), "spiral_cuda_checksum") ||
        !cuda_ok(cudaEventRecord(e1, 0), "cudaEventRecord") || !cuda_ok(cudaEventSynchronize(e1), "the kernel") ||
        !cuda_ok(cudaMemcpy(&x, d_x, sizeof x, cudaMemcpyDeviceToHost), "cudaMemcpy"))
        return dc_exit_code();
    cudaEventElapsedTime(&ms, e0, e1);
    cudaFree(d_x);
    cudaFree(d_ws);
    return spiral_demo_report("cuda", &a, 0, 1, ms / 1000.0, (uint64_t)x);
}
