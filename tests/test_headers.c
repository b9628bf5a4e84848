/* Every header, compiled in one translation unit with its implementation, then included a
 * second time (must be harmless). Built as C11 (this file), as C++ (test_headers.cpp) and,
 * with nvcc, as CUDA C++ (test_headers.cu), so no header breaks any of the three languages.
 * A few calls make sure the implementations are really there. */
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#define SA_IMPLEMENTATION
#include "sa.h"
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#include "spiral.h"
#include "sa.h"
#include "homcomp.cuh"
#ifdef __CUDACC__ /* CUDA C++ only (CUB) */
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#include "sa_cuda.cuh"
#endif

#include "check.h"

int main(int argc, char **argv)
{
    check_init(argc, argv);
    CHECK(spiral_value(3, 3, 1, 1) == 9);
    CHECK(spiral_status_string(SPIRAL_OK) != NULL);

    const uint8_t text[] = "banana";
    int32_t sa[6];
    CHECK(sa_build(text, sa, 6, NULL) == SA_OK);
    CHECK(sa[0] == 5 && sa[5] == 2, "sa = %d .. %d", (int)sa[0], (int)sa[5]);
    CHECK(sa_validate(text, sa, 6) == SA_OK);
    CHECK(sa_status_string(SA_OK) != NULL);

    CHECK(hc_status_string(HC_OK) != NULL);
    CHECK(hc_compress_bound(1000, HC_F32) > 0);
#ifdef __CUDACC__
    CHECK(strcmp(sa_cuda_status_string(SA_CUDA_OK), "ok") == 0);
    CHECK(sa_cuda_workspace_size(-1) == 0); /* no GPU needed */
#endif
    return check_done();
}
