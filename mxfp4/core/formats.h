// File: mxfp4/core/formats.h
//
// The element and scale formats of OCP MX v1.0 that MXFP4 uses, as data and
// tiny inline conversions (spec: shared/spec/mxfp4-semantics.md §1):
//   - E2M1 (FP4): 4-bit code `s e e m`, values {0,0.5,1,1.5,2,3,4,6}, no Inf/NaN.
//   - E8M0 (scale): 8-bit biased exponent, value 2^(byte-127); 0xFF is NaN.
//   - bf16: the top 16 bits of an fp32; widening is exact, narrowing is RNE.
//   - fp4x2 packing: byte j holds element 2j in bits 3:0 and 2j+1 in bits 7:4.
// Host and device code share these definitions, so keep them constexpr-friendly.

#ifndef MXFP4_CORE_FORMATS_H_
#define MXFP4_CORE_FORMATS_H_

#include <cstdint>
#include <cstring>
#include <limits>

namespace mxfp4 {

// Number of elements along K that share one E8M0 scale.
inline constexpr int kBlockSize = 32;

// ---------------------------------------------------------------- bit casts

inline uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float BitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

// ---------------------------------------------------------------- E2M1

// Format description as data (microxcaling style).
struct E2m1Format {
  static constexpr int kExponentBits = 2;
  static constexpr int kMantissaBits = 1;
  static constexpr int kExponentBias = 1;
  static constexpr float kMaxNormal = 6.0f;
  static constexpr uint8_t kSignBit = 0x8;
  static constexpr uint8_t kMaxCode = 0x7;  // +6.0
  static constexpr int kNumCodes = 16;
};

// Value of each code, indexed by the 4-bit code (bit 3 = sign; 8 is -0).
inline constexpr float kE2m1Values[16] = {
    0.0f,  0.5f,  1.0f,  1.5f,  2.0f,  3.0f,  4.0f,  6.0f,
    -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f};

// Twice the value of each code, as an exact small integer. A 32-element dot
// product of these is an exact integer (4x the real dot product), which is
// how the emulator computes block partials without rounding.
inline constexpr int8_t kE2m1TwiceValues[16] = {0,  1,  2,  3,  4,  6,  8,  12,
                                                0, -1, -2, -3, -4, -6, -8, -12};

inline constexpr float E2m1ToFloat(uint8_t code) { return kE2m1Values[code & 0xF]; }
inline constexpr int E2m1ToTwice(uint8_t code) { return kE2m1TwiceValues[code & 0xF]; }

// ---------------------------------------------------------------- E8M0

struct E8m0Format {
  static constexpr int kBias = 127;
  static constexpr uint8_t kNan = 0xFF;
  static constexpr uint8_t kMinCode = 0x00;  // 2^-127, an fp32 subnormal
  static constexpr uint8_t kMaxCode = 0xFE;  // 2^127
};

inline constexpr bool E8m0IsNan(uint8_t s) { return s == E8m0Format::kNan; }

// 2^(s-127) as an fp32 (exact for every code; 0x00 is the subnormal 2^-127).
// 0xFF gives a quiet NaN.
inline float E8m0ToFloat(uint8_t s) {
  if (s == E8m0Format::kNan) return std::numeric_limits<float>::quiet_NaN();
  if (s == 0) return BitsToFloat(0x00400000u);  // 2^-127
  return BitsToFloat(static_cast<uint32_t>(s) << 23);
}

// ---------------------------------------------------------------- bf16

inline float Bf16ToFloat(uint16_t b) { return BitsToFloat(static_cast<uint32_t>(b) << 16); }

// fp32 -> bf16, round to nearest even. NaN stays NaN (quiet, sign kept);
// overflow rounds to +-Inf as RNE does.
inline uint16_t FloatToBf16(float f) {
  uint32_t u = FloatBits(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) {
    return static_cast<uint16_t>((u >> 16) | 0x0040u);  // quiet NaN
  }
  uint32_t rounding_bias = 0x7FFFu + ((u >> 16) & 1u);
  return static_cast<uint16_t>((u + rounding_bias) >> 16);
}

// ---------------------------------------------------------------- fp4x2

inline constexpr uint8_t PackFp4x2(uint8_t even, uint8_t odd) {
  return static_cast<uint8_t>((even & 0xF) | ((odd & 0xF) << 4));
}
inline constexpr uint8_t UnpackFp4Even(uint8_t byte) { return byte & 0xF; }
inline constexpr uint8_t UnpackFp4Odd(uint8_t byte) { return byte >> 4; }

// Code of element k in a packed row.
inline constexpr uint8_t Fp4At(const uint8_t* row, int64_t k) {
  return (k & 1) ? UnpackFp4Odd(row[k >> 1]) : UnpackFp4Even(row[k >> 1]);
}

}  // namespace mxfp4

#endif  // MXFP4_CORE_FORMATS_H_
