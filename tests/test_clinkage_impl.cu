// The implementations tests/test_clinkage.c links against, compiled by nvcc (CUDA C++).
#define HOMCOMP_IMPLEMENTATION
#include "homcomp.cuh"
#define SA_CUDA_IMPLEMENTATION
#include "sa_cuda.cuh"
#define SPIRAL_IMPLEMENTATION
#include "spiral.h"
