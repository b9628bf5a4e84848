// The STATIC link test under nvcc (CUDA C++): see test_static_a.c.
#include "test_static_a.c"
