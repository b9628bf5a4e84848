// The same checks compiled as CUDA C++ by nvcc.
#include "test_headers.c"
