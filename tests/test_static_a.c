/* The STATIC link test (with test_static_b.c): two translation units each carry every header's
 * implementation with X_STATIC, and the program links and runs under -Wall -Wextra -Werror.
 * This fails if any implementation function or kernel is not static (duplicate symbols) or if
 * STATIC mode leaves an unused-function warning. The .cu twins check the same under nvcc. */
#ifndef STATIC_UNIT
#define STATIC_UNIT a
#define STATIC_MAIN /* unit a holds main; test_static_b.c defines STATIC_UNIT b first */
#endif
#define SPIRAL_STATIC
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
#define SA_STATIC
#define SA_IMPLEMENTATION
#include "sa.h"
#define HOMCOMP_STATIC
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#ifdef STATIC_WITH_MPI
#define CCOLL_STATIC
#define CCOLL_IMPLEMENTATION
#include "ccoll_mpi.h"
#endif
#if defined(__CUDACC__) && defined(STATIC_WITH_SA_CUDA)
#define SA_CUDA_STATIC
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#endif

#define STATIC__CAT2(x, y) x##y
#define STATIC__CAT(x, y) STATIC__CAT2(x, y)

#ifdef __cplusplus
extern "C"
#endif
int STATIC__CAT(static_unit_, STATIC_UNIT)(void);

/* Each unit calls its own copy of a few functions of every header; returns the failures. */
int STATIC__CAT(static_unit_, STATIC_UNIT)(void)
{
    int bad = 0;
    const uint8_t text[] = "banana";
    int32_t sa[6];
    bad += sa_build(text, sa, 6, NULL) != SA_OK || sa[0] != 5;
    bad += sa_status_string(SA_OK) == NULL;
    bad += spiral_status_string(SPIRAL_OK) == NULL;
    bad += hc_status_string(HC_OK) == NULL;
#ifdef STATIC_WITH_MPI
    bad += ccoll_status_string(CCOLL_OK) == NULL;
#endif
#if defined(__CUDACC__) && defined(STATIC_WITH_SA_CUDA)
    bad += sa_cuda_status_string(SA_CUDA_OK) == NULL;
#endif
    return bad;
}

#if defined(STATIC_MAIN)
#include <stdio.h>
#ifdef __cplusplus
extern "C"
#endif
int static_unit_b(void);
int main(void)
{
    int bad = static_unit_a() + static_unit_b();
    printf("%s\n", bad ? "FAIL" : "ok: two units each with every header's STATIC implementation");
    return bad ? 1 : 0;
}
#endif
