/* sa_cuda_libcubwt_shim.h - lets libcubwt 1.0.0 (the last release with a suffix-array entry point,
 * Apache-2.0, not part of this project) build against CCCL 3, which removed cub::Sum and cub::Max.
 * Included before libcubwt.cu by sa_cuda_bench_libcubwt_peer.cu; nothing of libcubwt is vendored:
 * meson's -Dlibcubwt_dir=PATH points at its source. */
#pragma once
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cuda/std/functional>

namespace cub {
using Sum = ::cuda::std::plus<>;
using Max = ::cuda::maximum<>;
} // namespace cub
