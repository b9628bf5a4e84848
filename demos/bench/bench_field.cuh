/* bench_field.cuh - the 1 GiB-class smooth float32 test field of the GPU homcomp benchmarks
 * (homcomp_bench_cuda, homcomp_cuszp_bench): both must time the same data. */
#ifndef BENCH_FIELD_CUH
#define BENCH_FIELD_CUH
#include <cstdint>

__global__ void gen_field(float *x, uint64_t n, float phase)
{
    for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
        float t = (float)(i % 1048576) * 1e-4f, u = (float)(i / 1048576) * 1e-2f;
        uint32_t h = (uint32_t)(i * 2654435761u);
        x[i] = sinf(t + phase) * 40.f + cosf(3.7f * t + u) * 7.f + sinf(u) * 20.f + (float)(h >> 8) * (1.0f / 16777216.f) * 0.05f;
    }
}

#endif
