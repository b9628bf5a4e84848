// tests/test_vocab.c under nvcc (CUDA C++): adds sa_cuda.cuh. Needs no GPU.
#include "test_vocab.c"
