// The STATIC link test under nvcc (CUDA C++): see test_static_a.c.
#define STATIC_MAIN
#include "test_static_a.c"
