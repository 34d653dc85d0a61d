// File: mxfp4/emu/gemm_test_oracle.cc
//
// Slow, independent oracles for the contract tests (see gemm_test_oracle.h).

#include "mxfp4/emu/gemm_test_oracle.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "mxfp4/core/formats.h"

namespace mxfp4 {
namespace oracle {
namespace {

constexpr int kBits = BitVectorSum::kHighBit - BitVectorSum::kLowBit;

// Adds 1 at `index` with ripple carry.
void AddOneAt(std::vector<uint8_t>& bits, int index) {
  while (bits[index] == 1) {
    bits[index] = 0;
    ++index;
  }
  bits[index] = 1;
}

double ScaleValue(uint8_t s) { return std::ldexp(1.0, static_cast<int>(s) - 127); }

}  // namespace

BitVectorSum::BitVectorSum() : pos_(kBits, 0), neg_(kBits, 0) {}

void BitVectorSum::Add(int64_t m, int exp2) {
  std::vector<uint8_t>& target = m < 0 ? neg_ : pos_;
  uint64_t magnitude = static_cast<uint64_t>(m < 0 ? -m : m);
  for (int bit = 0; magnitude != 0; ++bit, magnitude >>= 1) {
    if (magnitude & 1) AddOneAt(target, exp2 + bit - kLowBit);
  }
}

void BitVectorSum::AddFiniteFloat(float x) {
  int exponent = 0;
  const double fraction = std::frexp(static_cast<double>(x), &exponent);  // x = f * 2^exponent
  // 2^40 * fraction is an integer for any fp32 (24 significant bits).
  Add(static_cast<int64_t>(std::ldexp(fraction, 40)), exponent - 40);
}

std::vector<uint8_t> BitVectorSum::Magnitude(bool* negative) const {
  int cmp = 0;
  for (int i = kBits - 1; i >= 0 && cmp == 0; --i) cmp = static_cast<int>(pos_[i]) - neg_[i];
  *negative = cmp < 0;
  const std::vector<uint8_t>& big = cmp < 0 ? neg_ : pos_;
  const std::vector<uint8_t>& small = cmp < 0 ? pos_ : neg_;
  std::vector<uint8_t> out(kBits, 0);
  int borrow = 0;
  for (int i = 0; i < kBits; ++i) {
    int d = static_cast<int>(big[i]) - small[i] - borrow;
    borrow = d < 0 ? 1 : 0;
    out[i] = static_cast<uint8_t>(d < 0 ? d + 2 : d);
  }
  return out;
}

double BitVectorSum::RoundToPrecision(int precision) const {
  bool negative = false;
  const std::vector<uint8_t> mag = Magnitude(&negative);
  int top = kBits - 1;
  while (top >= 0 && mag[top] == 0) --top;
  if (top < 0) return 0.0;
  const int e = top + kLowBit;
  const int q = std::max(e - (precision - 1), -126 - (precision - 1));
  const int qi = q - kLowBit;
  uint64_t kept = 0;
  for (int i = top; i >= qi; --i) kept = kept * 2 + mag[i];
  const bool guard = qi - 1 >= 0 && mag[qi - 1] == 1;
  bool sticky = false;
  for (int i = 0; i < qi - 1; ++i) sticky = sticky || mag[i] == 1;
  if (guard && (sticky || (kept & 1))) ++kept;
  const double value = std::ldexp(static_cast<double>(kept), q);
  return negative ? -value : value;
}

uint32_t BitVectorSum::RoundFp32Bits() const {
  const double v = RoundToPrecision(24);
  if (std::fabs(v) >= std::ldexp(1.0, 128)) return v < 0 ? 0xFF800000u : 0x7F800000u;
  return FloatBits(static_cast<float>(v));  // exact: v has <= 24 significant bits
}

uint16_t BitVectorSum::RoundBf16Bits() const {
  const double v = RoundToPrecision(8);
  if (std::fabs(v) >= std::ldexp(1.0, 128)) return v < 0 ? 0xFF80u : 0x7F80u;
  return static_cast<uint16_t>(FloatBits(static_cast<float>(v)) >> 16);  // exact
}

int32_t Dot4(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n, int64_t g) {
  double sum = 0.0;
  for (int e = 0; e < kBlockSize; ++e) {
    const int64_t k = g * kBlockSize + e;
    sum += static_cast<double>(kE2m1Values[a.code(m, k)]) * kE2m1Values[b.code(n, k)];
  }
  return static_cast<int32_t>(sum * 4.0);
}

float BlockFma(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n, int64_t g_begin,
               int64_t g_end) {
  float acc = 0.0f;
  for (int64_t g = g_begin; g < g_end; ++g) {
    const uint8_t sa = a.scale(m, g);
    const uint8_t sb = b.scale(n, g);
    float s;
    if (sa == 0xFF || sb == 0xFF) {
      s = std::nanf("");
    } else {
      // The exact product is a power of two; one conversion rounds it like an fp32 multiply.
      s = static_cast<float>(ScaleValue(sa) * ScaleValue(sb));
    }
    const float p = static_cast<float>(Dot4(a, b, m, n, g)) / 4.0f;
    acc = std::fma(p, s, acc);
  }
  return acc;
}

namespace {
bool HasNanScale(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n) {
  for (int64_t g = 0; g < a.groups(); ++g) {
    if (a.scale(m, g) == 0xFF || b.scale(n, g) == 0xFF) return true;
  }
  return false;
}

BitVectorSum IdealSum(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n) {
  BitVectorSum sum;
  for (int64_t g = 0; g < a.groups(); ++g) {
    // P * 2^(sa-127) * 2^(sb-127) = dot4 * 2^(sa + sb - 254 - 2).
    sum.Add(Dot4(a, b, m, n, g), static_cast<int>(a.scale(m, g)) + b.scale(n, g) - 254 - 2);
  }
  return sum;
}
}  // namespace

uint32_t IdealFp32Bits(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n) {
  if (HasNanScale(a, b, m, n)) return 0x7FC00000u;
  return IdealSum(a, b, m, n).RoundFp32Bits();
}

uint16_t IdealBf16Bits(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n) {
  if (HasNanScale(a, b, m, n)) return 0x7FC0u;
  return IdealSum(a, b, m, n).RoundBf16Bits();
}

float MfmaExactStep(float c, const int32_t* dot4, const uint8_t* sa, const uint8_t* sb,
                    int num_blocks) {
  bool nan = std::isnan(c);
  for (int b = 0; b < num_blocks; ++b) nan = nan || sa[b] == 0xFF || sb[b] == 0xFF;
  if (nan) return BitsToFloat(0x7FC00000u);
  if (std::isinf(c)) return c;
  BitVectorSum sum;
  sum.AddFiniteFloat(c);
  bool any_term = false;
  for (int b = 0; b < num_blocks; ++b) {
    sum.Add(dot4[b], static_cast<int>(sa[b]) + sb[b] - 256);
    any_term = true;
  }
  const uint32_t bits = sum.RoundFp32Bits();
  // IEEE: an exact zero is -0 only when every addend was -0 (C = -0, no blocks).
  if (bits == 0 && !any_term && std::signbit(c)) return -0.0f;
  return BitsToFloat(bits);
}

}  // namespace oracle
}  // namespace mxfp4
