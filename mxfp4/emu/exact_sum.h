// File: mxfp4/emu/exact_sum.h
//
// Exact accumulation and correctly rounded conversion to fp32 / bf16, the
// arithmetic under the "ideal" accumulation contract and the MFMA model
// kExactSumSingleRounding (docs/accumulation.md; spec: shared/spec/gpu-design.md,
// "The accumulation contract", and mxfp4-semantics.md §4).
//
// A block term of an MXFP4 dot product is P * 2^(sa-127) * 2^(sb-127) with
// P = dot4 / 4 (dot4 = integer dot of E2m1ToTwice values, |dot4| <= 4608), i.e.
// the exact dyadic number dot4 * 2^(sa+sb-256). Its bits span 2^-256 .. 2^265,
// so a sum of them is held in a wide fixed-point integer (Kulisch style) and
// rounded once at the end. Rounding is IEEE round-to-nearest-even with gradual
// underflow (no flush to zero) and overflow to +-Inf.

#ifndef MXFP4_EMU_EXACT_SUM_H_
#define MXFP4_EMU_EXACT_SUM_H_

#include <array>
#include <cstdint>

namespace mxfp4 {

// The NaN every emulator output uses (NaN payloads are not part of any
// contract; comparisons treat all NaNs as equal).
inline constexpr uint32_t kCanonicalNanFp32Bits = 0x7FC00000u;
inline constexpr uint16_t kCanonicalNanBf16Bits = 0x7FC0u;

// RoundScaledToFp32Bits()
//
// Rounds (-1)^negative * magnitude * 2^exp2 to the nearest fp32 (ties to even),
// with subnormal results rounded on the subnormal grid (2^-149) and results of
// magnitude >= 2^128 - 2^103 becoming +-Inf. magnitude == 0 gives +-0 per
// `negative`. Exact for every input: no intermediate rounding happens.
//
// Example:
//   RoundScaledToFp32Bits(false, 3, -2) == FloatBits(0.75f)
//   RoundScaledToFp32Bits(true, 1, -150) == 0x80000000 (tie -> even -> -0)
uint32_t RoundScaledToFp32Bits(bool negative, uint64_t magnitude, int exp2);

// RoundScaledToBf16Bits()
//
// As above for bf16 (8-bit significand, fp32's exponent range; subnormal
// grid 2^-133). This is one rounding from the exact value, NOT fp32 then bf16.
uint16_t RoundScaledToBf16Bits(bool negative, uint64_t magnitude, int exp2);

// RoundScaledI128ToFp32Bits() / RoundScaledI128ToBf16Bits()
//
// Rounds value * 2^exp2 (a signed 128-bit integer; 0 gives +0) once, as above.
uint32_t RoundScaledI128ToFp32Bits(__int128 value, int exp2);
uint16_t RoundScaledI128ToBf16Bits(__int128 value, int exp2);

// ExactSum
//
// An exact accumulator for sums of dyadic numbers m * 2^e and fp32 values.
// Addition order does not matter; Round*() rounds once.
//   - Any NaN addend, or +Inf and -Inf both added, makes the result NaN
//     (canonical quiet NaN). Otherwise any Inf addend makes the result that Inf.
//   - An exactly zero sum is +0, unless every addend was -0 (IEEE addition).
//   - No addend at all gives +0.
//
// Example:
//   ExactSum s;
//   s.AddScaledInt(4608, 252);   // a huge term
//   s.AddScaledInt(1, -256);     // a tiny term, kept exactly
//   s.AddScaledInt(-4608, 252);
//   s.RoundToFp32Bits() == 0x00000000 (2^-256 underflows to +0)
class ExactSum {
 public:
  // Range of exponents AddScaledInt accepts: m * 2^exp2 with
  // kMinExp2 <= exp2 and exp2 + 63 <= kMaxTopExp2. Block terms use
  // exp2 in [-256, 252]; fp32 values use [-149, 104].
  static constexpr int kMinExp2 = -320;
  static constexpr int kMaxTopExp2 = 416;

  ExactSum() { Clear(); }

  void Clear();

  // Adds m * 2^exp2 exactly. Returns false (and adds nothing) when exp2 is
  // outside the documented range; callers in this library never do that.
  bool AddScaledInt(int64_t m, int exp2);

  // Adds an fp32 value exactly (any value, including +-0, +-Inf, NaN).
  void AddFloat(float x);

  // Marks the sum as NaN (e.g. a block with a NaN scale).
  void AddNan() { nan_ = true; }

  bool is_nan() const { return nan_ || (pos_inf_ && neg_inf_); }

  uint32_t RoundToFp32Bits() const;
  uint16_t RoundToBf16Bits() const;
  float RoundToFp32() const;

 private:
  static constexpr int kLimbBits = 32;
  static constexpr int kNumLimbs = (kMaxTopExp2 - kMinExp2) / kLimbBits + 2;
  // Limb i holds a signed count of units of 2^(kMinExp2 + 32 i); values are
  // kept un-normalized between carry sweeps (there is 31 bits of headroom).
  using Limbs = std::array<int64_t, kNumLimbs>;

  // Sign, top-63-bit magnitude with sticky bit, and exponent of the exact sum.
  // Returns false when the finite part is exactly zero.
  bool Extract(bool* negative, uint64_t* magnitude, int* exp2) const;
  void Normalize(Limbs& limbs) const;

  Limbs limbs_;
  int64_t adds_since_normalize_ = 0;
  int64_t num_addends_ = 0;
  bool only_negative_zeros_ = true;
  bool nan_ = false;
  bool pos_inf_ = false;
  bool neg_inf_ = false;
};

}  // namespace mxfp4

#endif  // MXFP4_EMU_EXACT_SUM_H_
