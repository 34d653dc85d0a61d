// File: mxfp4/gpu/gemm/internal/shifted_e4m3.h
//
// The e4m3 wgmma ring tiles' weight encoding (docs/paths.md "e4m3 wgmma ring
// tiles") and the warp-specialized tiles' matching stage scales, host and
// device, so that a CPU test (shifted_e4m3_test) checks them in CI; the
// device runs of the same arithmetic are wgmma_exactness_test
// E4m3ShiftedWeightEncodingIsExact and the GEMM path tests.

#ifndef MXFP4_GPU_GEMM_INTERNAL_SHIFTED_E4M3_H_
#define MXFP4_GPU_GEMM_INTERNAL_SHIFTED_E4M3_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// 8 one-byte operand elements as two words.
struct Bytes8 {
  uint32_t lo;  // Fp4x8ToLutBytes: elements 0..3 (byte j = element j); Fp4x8ToShiftedE4m3: 0, 2, 4, 6
  uint32_t hi;  // Fp4x8ToLutBytes: elements 4..7; Fp4x8ToShiftedE4m3: 1, 3, 5, 7
};

// The E4M3 byte of E2M1 value x 2^-6 is the E2M1 code shifted into place,
// (sign << 7) | (magnitude << 2) (code 1, 0.5, becomes the E4M3 subnormal
// 2^-7), so 8 codes (nibble j of `w` = element j, the fp4x2 packing read as
// a little-endian word) convert in 7 instructions instead of the lookups'
// 9. The bytes come out in the order even elements, odd elements: lo =
// elements 0, 2, 4, 6, hi = 1, 3, 5, 7 (the activations' wgmma-order writer
// uses the same order; a block's dot product does not depend on it). A
// block partial of such weights is 2^-kShiftedE4m3ScaleExp of the partial of
// the 2 x value encoding (the contract's P): the promotion's scale carries
// the factor back (scale_fold.h FoldedWeightScaleShifted,
// UnfoldFactorE4m3Shifted; kShiftedE4m3Scale in the ws tiles).
inline constexpr int kShiftedE4m3ScaleExp = 7;
inline constexpr float kShiftedE4m3Scale = 128.0f;
static_assert(kShiftedE4m3Scale == static_cast<float>(1 << kShiftedE4m3ScaleExp), "2^7");

MXFP4_HOST_DEVICE inline Bytes8 Fp4x8ToShiftedE4m3(uint32_t w) {
  Bytes8 r;
  r.lo = ((w << 4) & 0x80808080u) | ((w << 2) & 0x1C1C1C1Cu);
  r.hi = (w & 0x80808080u) | ((w >> 2) & 0x1C1C1C1Cu);
  return r;
}

// The warp-specialized tiles' weight scales in shared memory (docs/paths.md
// "Warp-specialized ring tiles", stage scales): from the E8M0 byte S the fp32
// bits (S + 7) << 23 (mod 2^32) - for S <= 247 the value 2^(S - 120) =
// E8M0(S) x kShiftedE4m3Scale, the folded promotion's factor with this
// encoding, in one IMAD; above, +inf or a word with the sign bit set. S comes
// back from the bits (StageScaleByte), and as unsigned words the bits of the
// bytes <= B are exactly those <= StageScaleBits(B) (StageScaleByteAtMost).
MXFP4_HOST_DEVICE inline uint32_t StageScaleBits(uint32_t s) { return (s + 7u) << 23; }
MXFP4_HOST_DEVICE inline uint32_t StageScaleByte(uint32_t bits) {
  return ((bits >> 23) - 7u) & 0xFFu;
}
MXFP4_HOST_DEVICE inline bool StageScaleByteAtMost(uint32_t bits, uint32_t max_byte) {
  return bits <= StageScaleBits(max_byte);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_SHIFTED_E4M3_H_
