// File: mxfp4/gpu/gemm/internal/byte_compare.h
//
// Branch-free byte comparisons for the weight-scale check of the ring tiles
// (weight_rows.h WeightScaleByteCheck), host and device, so that a CPU test
// (byte_compare_test) checks them exhaustively in CI.

#ifndef MXFP4_GPU_GEMM_INTERNAL_BYTE_COMPARE_H_
#define MXFP4_GPU_GEMM_INTERNAL_BYTE_COMPARE_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// Bit 7 of byte j of the result is set exactly where byte j of x is greater
// than kMaxByte (0x80 <= kMaxByte <= 0xFF); the other bits are don't-cares,
// so callers OR many words together and test `& 0x80808080u` once. Why it
// holds: a byte above kMaxByte has bit 7 set and low 7 bits above kMaxByte's;
// adding 0x7F - (kMaxByte & 0x7F) to the low 7 bits carries into bit 7
// exactly then, and never into the next byte (at most 0x7F + 0x7F). Three
// instructions a word where __vcmpgtu4 and a branch per word were ~85
// instructions for a thread's first words (session 21's source views).
template <uint32_t kMaxByte>
MXFP4_HOST_DEVICE constexpr uint32_t BytesAboveMarks(uint32_t x) {
  static_assert(kMaxByte >= 0x80u && kMaxByte <= 0xFFu, "bit 7 must decide first");
  constexpr uint32_t kAdd = (0x7Fu - (kMaxByte & 0x7Fu)) * 0x01010101u;
  return ((x & 0x7F7F7F7Fu) + kAdd) & x;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_BYTE_COMPARE_H_
