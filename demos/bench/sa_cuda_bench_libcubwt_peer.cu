/* sa_cuda_bench_libcubwt_peer.cu - libcubwt 1.0.0's source in its own translation unit for
 * sa_cuda_bench_libcubwt (LIBCUBWT_DIR on the include path; the shim aliases what CCCL 3 removed). */
#include "sa_cuda_libcubwt_shim.h"
#include "libcubwt.cu"
