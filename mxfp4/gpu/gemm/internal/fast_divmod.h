// File: mxfp4/gpu/gemm/internal/fast_divmod.h
//
// FastDivmod: n / d and n % d for a divisor fixed at launch and dividends
// below 2^31, as a multiply-high, an add and a shift (Granlund-Montgomery
// with a rounded-up magic number). The quantizer kernels split a flat work
// index into (row, block) with it: a 64-bit `/` and `%` by a runtime
// divisor is a ~70-instruction call on the GPU, on the path to every load.
// Built on the host (Make), used on either side.

#ifndef MXFP4_GPU_GEMM_INTERNAL_FAST_DIVMOD_H_
#define MXFP4_GPU_GEMM_INTERNAL_FAST_DIVMOD_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

struct FastDivmod {
  uint32_t divisor = 1;
  uint32_t magic = 1;  // floor(2^32 * (2^shift - d) / d) + 1
  uint32_t shift = 0;  // ceil(log2(d))

  // d in [1, 2^31).
  static FastDivmod Make(uint32_t d) {
    FastDivmod f;
    f.divisor = d;
    uint32_t shift = 0;
    while ((uint64_t{1} << shift) < d) ++shift;
    f.shift = shift;
    f.magic = static_cast<uint32_t>(((uint64_t{1} << 32) * ((uint64_t{1} << shift) - d)) / d + 1);
    return f;
  }

  // n / divisor for n in [0, 2^31) (the sum below then stays under 2^32).
  MXFP4_HOST_DEVICE uint32_t Div(uint32_t n) const {
    const uint32_t hi = static_cast<uint32_t>((static_cast<uint64_t>(n) * magic) >> 32);
    return (hi + n) >> shift;
  }
  MXFP4_HOST_DEVICE void DivMod(uint32_t n, uint32_t& quotient, uint32_t& remainder) const {
    quotient = Div(n);
    remainder = n - quotient * divisor;
  }
};

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_FAST_DIVMOD_H_
