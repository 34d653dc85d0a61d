// File: mxfp4/emu/exact_sum.cc
//
// Exact accumulation (a wide fixed-point integer in 32-bit digits held in
// int64 limbs, so additions need no carry propagation) and one correct
// rounding to fp32 / bf16. See exact_sum.h and docs/accumulation.md.

#include "mxfp4/emu/exact_sum.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "mxfp4/core/formats.h"

namespace mxfp4 {
namespace {

using u128 = unsigned __int128;
using i128 = __int128;

// Round (-1)^negative * magnitude * 2^exp2 to a binary format with
// kPrecision significand bits (hidden bit included), 8 exponent bits and
// bias 127 (fp32: 24, bf16: 8). Returns the bits without the sign; the
// caller ORs the sign in.
template <int kPrecision>
uint32_t RoundScaledUnsigned(uint64_t magnitude, int exp2) {
  constexpr int kBias = 127;
  constexpr int kEmin = 1 - kBias;                     // -126
  constexpr int kSubnormalLsb = kEmin - (kPrecision - 1);  // exponent of the smallest subnormal
  constexpr uint64_t kInfBits = uint64_t{0xFF} << (kPrecision - 1);
  if (magnitude == 0) return 0;
  const int msb = 63 - __builtin_clzll(magnitude);
  const int e = msb + exp2;  // value in [2^e, 2^(e+1))
  // Exponent of the result's last significand bit.
  const int q = std::max(e - (kPrecision - 1), kSubnormalLsb);
  const int64_t shift = static_cast<int64_t>(q) - exp2;
  uint64_t m;
  if (shift <= 0) {
    m = magnitude << (-shift);  // exact: fewer than kPrecision + 1 bits
  } else if (shift > 64) {
    m = 0;  // the value is below half the last place
  } else {
    const u128 mag = magnitude;
    const u128 kept = mag >> shift;
    const u128 rem = mag - (kept << shift);
    const u128 half = u128{1} << (shift - 1);
    m = static_cast<uint64_t>(kept);
    if (rem > half || (rem == half && (m & 1))) ++m;
  }
  // Normal and subnormal numbers share this encoding: the exponent field of
  // the last-place q, plus the significand (whose hidden bit, or a carry out
  // of it, bumps the field).
  const uint64_t bits =
      (static_cast<uint64_t>(q + kPrecision - 2 + kBias) << (kPrecision - 1)) + m;
  return static_cast<uint32_t>(std::min(bits, kInfBits));
}

// Top 63 bits of x (x != 0) with a sticky bit, and the exponent adjustment.
uint64_t CompressWithSticky(u128 x, int* exp2) {
  if ((x >> 63) == 0) return static_cast<uint64_t>(x);
  const uint64_t hi = static_cast<uint64_t>(x >> 64);
  const int bits = hi != 0 ? 128 - __builtin_clzll(hi) : 64;  // bit length of x
  const int shift = bits - 63;
  const u128 dropped = x & ((u128{1} << shift) - 1);
  uint64_t kept = static_cast<uint64_t>(x >> shift);
  if (dropped != 0) kept |= 1;
  *exp2 += shift;
  return kept;
}

}  // namespace

uint32_t RoundScaledToFp32Bits(bool negative, uint64_t magnitude, int exp2) {
  return (negative ? 0x80000000u : 0u) | RoundScaledUnsigned<24>(magnitude, exp2);
}

uint16_t RoundScaledToBf16Bits(bool negative, uint64_t magnitude, int exp2) {
  return static_cast<uint16_t>((negative ? 0x8000u : 0u) | RoundScaledUnsigned<8>(magnitude, exp2));
}

uint32_t RoundScaledI128ToFp32Bits(__int128 value, int exp2) {
  if (value == 0) return 0;
  const bool negative = value < 0;
  const u128 magnitude = negative ? -static_cast<u128>(value) : static_cast<u128>(value);
  const uint64_t compressed = CompressWithSticky(magnitude, &exp2);
  return RoundScaledToFp32Bits(negative, compressed, exp2);
}

uint16_t RoundScaledI128ToBf16Bits(__int128 value, int exp2) {
  if (value == 0) return 0;
  const bool negative = value < 0;
  const u128 magnitude = negative ? -static_cast<u128>(value) : static_cast<u128>(value);
  const uint64_t compressed = CompressWithSticky(magnitude, &exp2);
  return RoundScaledToBf16Bits(negative, compressed, exp2);
}

void ExactSum::Clear() {
  limbs_.fill(0);
  adds_since_normalize_ = 0;
  num_addends_ = 0;
  only_negative_zeros_ = true;
  nan_ = false;
  pos_inf_ = false;
  neg_inf_ = false;
}

bool ExactSum::AddScaledInt(int64_t m, int exp2) {
  if (exp2 < kMinExp2 || exp2 + 63 > kMaxTopExp2) return false;
  ++num_addends_;
  only_negative_zeros_ = false;  // an integer term is never -0
  if (m == 0) return true;
  const int pos = exp2 - kMinExp2;
  const int idx = pos / kLimbBits;
  const int off = pos % kLimbBits;
  // m << off spans at most 95 bits: three 32-bit digits (the top one signed).
  const i128 t = static_cast<i128>(m) * (i128{1} << off);
  const u128 ut = static_cast<u128>(t);
  limbs_[idx] += static_cast<int64_t>(ut & 0xFFFFFFFFu);
  limbs_[idx + 1] += static_cast<int64_t>((ut >> 32) & 0xFFFFFFFFu);
  limbs_[idx + 2] += static_cast<int64_t>(t >> 64);  // arithmetic shift: signed
  // Each add moves a limb by < 2^32; renormalize long before int64 can overflow.
  if (++adds_since_normalize_ >= (int64_t{1} << 24)) {
    Normalize(limbs_);
    adds_since_normalize_ = 0;
  }
  return true;
}

void ExactSum::AddFloat(float x) {
  const uint32_t bits = FloatBits(x);
  const bool negative = (bits >> 31) != 0;
  const uint32_t field = (bits >> 23) & 0xFF;
  const uint32_t frac = bits & 0x7FFFFF;
  if (field == 0xFF) {
    ++num_addends_;
    only_negative_zeros_ = false;
    if (frac != 0) {
      nan_ = true;
    } else if (negative) {
      neg_inf_ = true;
    } else {
      pos_inf_ = true;
    }
    return;
  }
  if (field == 0 && frac == 0) {
    ++num_addends_;
    if (!negative) only_negative_zeros_ = false;
    return;
  }
  const int64_t significand = field == 0 ? frac : (frac | 0x800000);
  const int exp2 = field == 0 ? -149 : static_cast<int>(field) - 150;
  AddScaledInt(negative ? -significand : significand, exp2);
}

void ExactSum::Normalize(Limbs& limbs) const {
  for (int i = 0; i + 1 < kNumLimbs; ++i) {
    const int64_t carry = limbs[i] >> kLimbBits;  // floor division
    limbs[i] -= carry * (int64_t{1} << kLimbBits);
    limbs[i + 1] += carry;
  }
}

bool ExactSum::Extract(bool* negative, uint64_t* magnitude, int* exp2) const {
  Limbs limbs = limbs_;
  Normalize(limbs);
  // Now limbs[0..n-2] are digits in [0, 2^32) and the top limb carries the sign.
  *negative = limbs[kNumLimbs - 1] < 0;
  if (*negative) {
    for (int64_t& limb : limbs) limb = -limb;
    Normalize(limbs);
  }
  int top = kNumLimbs - 1;
  while (top >= 0 && limbs[top] == 0) --top;
  if (top < 0) return false;
  // A 96-bit window under the top digit, the rest folded into a sticky bit.
  u128 window = 0;
  int window_lsb_limb = std::max(top - 2, 0);
  for (int i = top; i >= window_lsb_limb; --i) {
    window = (window << kLimbBits) | static_cast<uint64_t>(limbs[i]);
  }
  bool sticky = false;
  for (int i = 0; i < window_lsb_limb; ++i) sticky |= limbs[i] != 0;
  int e = kMinExp2 + window_lsb_limb * kLimbBits;
  uint64_t mag = CompressWithSticky(window, &e);
  // The window holds >= 65 significant bits, so the sticky bit of the limbs
  // below lands strictly under the rounding position of any format <= 61 bits.
  if (sticky) mag |= 1;
  *magnitude = mag;
  *exp2 = e;
  return true;
}

uint32_t ExactSum::RoundToFp32Bits() const {
  if (is_nan()) return kCanonicalNanFp32Bits;
  if (pos_inf_) return 0x7F800000u;
  if (neg_inf_) return 0xFF800000u;
  bool negative;
  uint64_t magnitude;
  int exp2;
  if (!Extract(&negative, &magnitude, &exp2)) {
    return (num_addends_ > 0 && only_negative_zeros_) ? 0x80000000u : 0u;
  }
  return RoundScaledToFp32Bits(negative, magnitude, exp2);
}

uint16_t ExactSum::RoundToBf16Bits() const {
  if (is_nan()) return kCanonicalNanBf16Bits;
  if (pos_inf_) return 0x7F80u;
  if (neg_inf_) return 0xFF80u;
  bool negative;
  uint64_t magnitude;
  int exp2;
  if (!Extract(&negative, &magnitude, &exp2)) {
    return (num_addends_ > 0 && only_negative_zeros_) ? 0x8000u : 0u;
  }
  return RoundScaledToBf16Bits(negative, magnitude, exp2);
}

float ExactSum::RoundToFp32() const { return BitsToFloat(RoundToFp32Bits()); }

}  // namespace mxfp4
