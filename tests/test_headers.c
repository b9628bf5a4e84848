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
    {   /* phase times reach the info struct (issue 22: no trace printing); 0 for other algorithms */
        const int32_t n = 200000;
        uint8_t *t = (uint8_t *)malloc((size_t)n);
        int32_t *s = (int32_t *)malloc((size_t)n * sizeof *s);
        sa_options o = {SA_ALGO_PARALLEL_SAIS, 2, SA_LCP_DEFAULT};
        sa_build_info info;
        double sum = 0;
        int p, neg = 0;
        uint32_t x = 12345;
        CHECK(t && s);
        for (p = 0; t && p < n; p++) t[p] = (uint8_t)((x = x * 1103515245u + 12345u) >> 24) & 3;
        CHECK(sa_build_ex(t, s, n, &o, &info) == SA_OK && sa_validate(t, s, n) == SA_OK);
        for (p = 0; p < SA_PHASE_COUNT; p++) { sum += info.phase_seconds[p]; neg |= info.phase_seconds[p] < 0; }
#ifdef _OPENMP
        CHECK(info.algorithm == SA_ALGO_PARALLEL_SAIS && sum > 0 && !neg, "phases: sum %g", sum);
#endif
        o.algorithm = SA_ALGO_SAIS;
        CHECK(sa_build_ex(t, s, n, &o, &info) == SA_OK);
        for (sum = 0, p = 0; p < SA_PHASE_COUNT; p++) sum += info.phase_seconds[p];
        CHECK(sum == 0, "SA-IS reports phase times %g", sum);
        free(t);
        free(s);
    }

    CHECK(hc_status_string(HC_OK) != NULL);
    {   /* initialisers (issue 22): X_options_default() and X_OPTIONS_INIT give the zeroed
           defaults, in C, C++ and CUDA alike */
        static const sa_options sa_s = SA_OPTIONS_INIT;
        static const spiral_options sp_s = SPIRAL_OPTIONS_INIT;
        static const hc_options hc_s = HC_OPTIONS_INIT;
        sa_options sa_d = sa_options_default(), sa_z;
        spiral_options sp_d = spiral_options_default(), sp_z;
        hc_options hc_d = hc_options_default(), hc_z;
        memset(&sa_z, 0, sizeof sa_z);
        memset(&sp_z, 0, sizeof sp_z);
        memset(&hc_z, 0, sizeof hc_z);
        CHECK(!memcmp(&sa_d, &sa_z, sizeof sa_z) && !memcmp(&sa_s, &sa_z, sizeof sa_z));
        CHECK(!memcmp(&sp_d, &sp_z, sizeof sp_z) && !memcmp(&sp_s, &sp_z, sizeof sp_z));
        CHECK(!memcmp(&hc_d, &hc_z, sizeof hc_z) && !memcmp(&hc_s, &hc_z, sizeof hc_z));
        CHECK(sa_build(text, sa, 6, &sa_d) == SA_OK && sa[0] == 5);
#ifdef __CUDACC__
        static const sa_cuda_options sc_s = SA_CUDA_OPTIONS_INIT;
        sa_cuda_options sc_d = sa_cuda_options_default(), sc_z;
        memset(&sc_z, 0, sizeof sc_z);
        CHECK(!memcmp(&sc_d, &sc_z, sizeof sc_z) && !memcmp(&sc_s, &sc_z, sizeof sc_z));
#endif
    }
    CHECK(hc_compress_bound(1000, HC_F32) > 0);
#ifdef __CUDACC__
    CHECK(strcmp(sa_cuda_status_string(SA_CUDA_OK), "ok") == 0);
    CHECK(sa_cuda_workspace_size(-1) == 0); /* no GPU needed */
#endif
    return check_done();
}
