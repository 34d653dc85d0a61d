// File: mxfp4/emu/internal/quantize_kernels.h
//
// Inline building blocks of the bit-exact CPU quantizer (spec:
// shared/spec/mxfp4-semantics.md §2). Internal to //mxfp4/emu: the public API is
// mxfp4/emu/quantize.h. They live in a header so the per-block loops inline and
// vectorize; the public functions (BlockScale, QuantizeElement, ...) wrap them.
//
// Element rounding without floating-point rounding modes: q = |x| * 2^(127-S)
// is computed in fp32 (exact whenever q is a normal float; when it underflows
// q < 2^-126 and the code is 0 anyway, when it overflows the code is 6 anyway),
// then the E2M1 magnitude code is the number of rounding thresholds that q
// passes. Positive floats order like their bit patterns, so these are integer
// compares; ">" at a midpoint whose lower neighbour has an even mantissa and
// ">=" where it is odd is exactly round-half-to-even. NaN bit patterns are above
// every threshold and so give code 7 (6.0), which is what the hardware does.

#ifndef MXFP4_EMU_INTERNAL_QUANTIZE_KERNELS_H_
#define MXFP4_EMU_INTERNAL_QUANTIZE_KERNELS_H_

#include <cstdint>

#include "mxfp4/core/formats.h"
#include "mxfp4/emu/quantize.h"

namespace mxfp4 {
namespace emu_internal {

inline constexpr uint32_t kAbsMask = 0x7FFFFFFFu;
inline constexpr uint32_t kExponentAllOnes = 0x7F800000u;  // +Inf; above it: NaN

// fp32 bit patterns of the midpoints between neighbouring E2M1 magnitudes, as
// int32 so the compares below are signed (SSE2/AVX2 have no unsigned compare).
inline constexpr int32_t kBits0p25 = 0x3E800000;  // 0 | 0.5  -> tie to 0   (code 0)
inline constexpr int32_t kBits0p75 = 0x3F400000;  // 0.5 | 1  -> tie to 1   (code 2)
inline constexpr int32_t kBits1p25 = 0x3FA00000;  // 1 | 1.5  -> tie to 1   (code 2)
inline constexpr int32_t kBits1p75 = 0x3FE00000;  // 1.5 | 2  -> tie to 2   (code 4)
inline constexpr int32_t kBits2p5 = 0x40200000;   // 2 | 3    -> tie to 2   (code 4)
inline constexpr int32_t kBits3p5 = 0x40600000;   // 3 | 4    -> tie to 4   (code 6)
inline constexpr int32_t kBits5p0 = 0x40A00000;   // 4 | 6    -> tie to 4   (code 6)

// E2m1MagnitudeCode()
//
// The E2M1 magnitude code (0..7) of a non-negative fp32 given by its bits,
// round-half-to-even, saturating at 6.0 (code 7); NaN/Inf bits give 7.
// `q_bits` must have the sign bit clear (the compares are signed).
// Example: E2m1MagnitudeCode(FloatBits(2.5f)) == 4 (2.0); (FloatBits(5.5f)) == 7.
inline uint32_t E2m1MagnitudeCode(uint32_t q_bits) {
  const int32_t q = static_cast<int32_t>(q_bits);
  return static_cast<uint32_t>(q > kBits0p25) + static_cast<uint32_t>(q >= kBits0p75) +
         static_cast<uint32_t>(q > kBits1p25) + static_cast<uint32_t>(q >= kBits1p75) +
         static_cast<uint32_t>(q > kBits2p5) + static_cast<uint32_t>(q >= kBits3p5) +
         static_cast<uint32_t>(q > kBits5p0);
}

// ScaleReciprocal()
//
// 2^(127 - s) as an fp32, exact for every byte s: 2^127 for s = 0 down to the
// subnormals 2^-127 (s = 254) and 2^-128 (s = 255, the NaN scale, which the
// quantizer treats as exponent 128 exactly like the cvt instruction does).
inline float ScaleReciprocal(uint8_t s) {
  const int biased = 254 - static_cast<int>(s);
  const uint32_t bits =
      biased > 0 ? static_cast<uint32_t>(biased) << 23 : (0x00400000u >> (-biased));
  return BitsToFloat(bits);
}

// QuantizeFloatBitsInline()
//
// E2M1 code (sign in bit 3) of the fp32 with bits `x_bits` after multiplying
// it by `reciprocal` = ScaleReciprocal(scale).
inline uint8_t QuantizeFloatBitsInline(uint32_t x_bits, float reciprocal) {
  const uint32_t sign = (x_bits >> 28) & E2m1Format::kSignBit;
  const float q = BitsToFloat(x_bits & kAbsMask) * reciprocal;
  return static_cast<uint8_t>(sign | E2m1MagnitudeCode(FloatBits(q) & kAbsMask));
}

// BlockScaleInline()
//
// The scale byte of a block whose largest magnitude has fp32 bits
// `max_abs_bits` (sign ignored). Any NaN or Inf makes the block a NaN block
// (0xFF). Formulas (E = biased exponent field, M = mantissa field of a):
//   kEven:     F = ((A + 0x200000) >> 23) & 0xFF; S = F == 0xFF ? 254 : max(F - 2, 0)
//   kOcpFloor: S = max(E - 2, 0)                       (floor(log2 a) - 2, clamped)
//   kRceil:    S = max(E - 2 + (M > 0x400000), 0)      (ceil(log2(a / 6)), clamped)
// An out-of-range rule value gives 0xFF.
inline uint8_t BlockScaleInline(uint32_t max_abs_bits, ScaleRule rule) {
  const uint32_t a = max_abs_bits & kAbsMask;
  if (a >= kExponentAllOnes) return E8m0Format::kNan;
  const int exponent = static_cast<int>(a >> 23);
  int s;
  switch (rule) {
    case ScaleRule::kEven: {
      const int rounded = static_cast<int>(((a + 0x200000u) >> 23) & 0xFFu);
      if (rounded == 0xFF) return E8m0Format::kMaxCode;  // rounded max is Inf: log2 -> clamp to 127
      s = rounded - 2;
      break;
    }
    case ScaleRule::kOcpFloor:
      s = exponent - 2;
      break;
    case ScaleRule::kRceil:
      // a / 6 = (m / 1.5) * 2^(e - 2) with m in [1, 2): the power of two above it is
      // 2^(e-2) when m <= 1.5 and 2^(e-1) when m > 1.5.
      s = exponent - 2 + static_cast<int>((a & 0x7FFFFFu) > 0x400000u);
      break;
    default:
      return E8m0Format::kNan;
  }
  return static_cast<uint8_t>(s < 0 ? 0 : s);
}

}  // namespace emu_internal
}  // namespace mxfp4

#endif  // MXFP4_EMU_INTERNAL_QUANTIZE_KERNELS_H_
