// File: mxfp4/core/formats_test.cc
//
// Exhaustive tests of the element and scale formats (spec: shared/spec/
// mxfp4-semantics.md §1): every E2M1 code against a decode of its `s e e m`
// bits by formula, every fp4x2 code pair, every E8M0 byte against ldexp, every
// bf16 pattern, and fp32 -> bf16 RNE against a long-hand reference (exact
// distances to the two neighbouring bf16 values) on constructed ties and
// seeded random fp32.

#include "mxfp4/core/formats.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "gtest/gtest.h"

namespace mxfp4 {
namespace {

// ------------------------------------------------------------ E2M1

// Decodes `s e e m` by the IEEE-style formula with bias 1: e == 0 is
// subnormal (m * 2^-1), otherwise 2^(e-1) * (1 + m/2).
float DecodeE2m1ByFormula(uint8_t code) {
  const int s = (code >> 3) & 1, e = (code >> 1) & 3, m = code & 1;
  const double magnitude =
      e == 0 ? std::ldexp(m, 1 - E2m1Format::kExponentBias - E2m1Format::kMantissaBits)
             : std::ldexp(1.0 + m / 2.0, e - E2m1Format::kExponentBias);
  return static_cast<float>(s ? -magnitude : magnitude);
}

TEST(E2m1, EveryCodeMatchesFormula) {
  for (int code = 0; code < E2m1Format::kNumCodes; ++code) {
    const float want = DecodeE2m1ByFormula(code);
    // Bits, so that code 8 must be -0.0 and not +0.0.
    EXPECT_EQ(FloatBits(kE2m1Values[code]), FloatBits(want)) << "code " << code;
    EXPECT_EQ(FloatBits(E2m1ToFloat(code)), FloatBits(want)) << "code " << code;
    // High bits are ignored.
    EXPECT_EQ(FloatBits(E2m1ToFloat(code | 0xF0)), FloatBits(want)) << "code " << code;
    EXPECT_EQ(E2m1ToTwice(code), static_cast<int>(2 * want)) << "code " << code;
    EXPECT_EQ(kE2m1TwiceValues[code], static_cast<int>(2 * want)) << "code " << code;
  }
  EXPECT_EQ(DecodeE2m1ByFormula(E2m1Format::kMaxCode), E2m1Format::kMaxNormal);
  EXPECT_EQ(FloatBits(DecodeE2m1ByFormula(E2m1Format::kSignBit)), FloatBits(-0.0f));
}

TEST(Fp4x2, EveryCodePairPacksAndUnpacks) {
  for (int even = 0; even < 16; ++even) {
    for (int odd = 0; odd < 16; ++odd) {
      const uint8_t byte = PackFp4x2(even, odd);
      EXPECT_EQ(byte, even | (odd << 4)) << even << "," << odd;  // low nibble = even element
      EXPECT_EQ(UnpackFp4Even(byte), even);
      EXPECT_EQ(UnpackFp4Odd(byte), odd);
      // Junk above the nibble never leaks into the other element.
      EXPECT_EQ(PackFp4x2(even | 0xA0, odd | 0x50), byte);
      const uint8_t row[3] = {0x00, byte, 0xFF};
      EXPECT_EQ(Fp4At(row, 2), even);
      EXPECT_EQ(Fp4At(row, 3), odd);
    }
  }
}

TEST(Fp4x2, Fp4AtWalksARow) {
  const uint32_t seed = 4242;
  std::mt19937 rng(seed);
  uint8_t codes[64], row[32];
  for (int k = 0; k < 64; ++k) codes[k] = rng() & 0xF;
  for (int j = 0; j < 32; ++j) row[j] = PackFp4x2(codes[2 * j], codes[2 * j + 1]);
  for (int k = 0; k < 64; ++k) EXPECT_EQ(Fp4At(row, k), codes[k]) << "k=" << k << " seed=" << seed;
}

// ------------------------------------------------------------ E8M0

TEST(E8m0, EveryByteMatchesLdexp) {
  for (int s = 0; s < 256; ++s) {
    const float got = E8m0ToFloat(s);
    if (s == 0xFF) {
      EXPECT_TRUE(std::isnan(got));
      EXPECT_TRUE(E8m0IsNan(s));
      continue;
    }
    EXPECT_FALSE(E8m0IsNan(s)) << s;
    const float want = std::ldexp(1.0f, s - E8m0Format::kBias);
    EXPECT_EQ(FloatBits(got), FloatBits(want)) << "byte " << s;
  }
  EXPECT_EQ(std::fpclassify(E8m0ToFloat(E8m0Format::kMinCode)), FP_SUBNORMAL);
  EXPECT_EQ(E8m0ToFloat(E8m0Format::kMinCode), std::ldexp(1.0f, -127));
  EXPECT_EQ(E8m0ToFloat(E8m0Format::kMaxCode), std::ldexp(1.0f, 127));
  EXPECT_EQ(E8m0ToFloat(127), 1.0f);
}

// ------------------------------------------------------------ bf16

TEST(Bf16, WideningIsExactForEveryPattern) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    EXPECT_EQ(FloatBits(Bf16ToFloat(static_cast<uint16_t>(b))), b << 16) << std::hex << b;
  }
}

TEST(Bf16, RoundTripEveryPattern) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    float f = Bf16ToFloat(static_cast<uint16_t>(b));
    uint16_t back = FloatToBf16(f);
    if ((b & 0x7F80) == 0x7F80 && (b & 0x7F)) {
      EXPECT_EQ(back, b | 0x40) << std::hex << b;  // NaN quieted
    } else {
      EXPECT_EQ(back, b) << std::hex << b;
    }
  }
}

// Long-hand RNE: pick the nearer of the two bf16 values bracketing x (by exact
// distance in double); on a tie, the one with an even last mantissa bit. The
// candidate above the largest finite bf16 is 2^128 (IEEE rounds with an
// unbounded exponent, then overflows to Inf).
uint16_t ReferenceFloatToBf16(float x) {
  const uint32_t u = FloatBits(x);
  const uint16_t sign = (u >> 16) & 0x8000;
  if (std::isnan(x)) return static_cast<uint16_t>((u >> 16) | 0x0040);
  if (std::isinf(x)) return static_cast<uint16_t>(u >> 16);
  const uint16_t lo = (u >> 16) & 0x7FFF;  // truncated magnitude pattern
  const uint16_t hi = lo + 1;               // next magnitude up (0x7F80 is Inf)
  const double ax = std::fabs(static_cast<double>(x));
  const double vlo = std::fabs(static_cast<double>(Bf16ToFloat(lo)));
  const double vhi = hi == 0x7F80 ? std::ldexp(1.0, 128) : Bf16ToFloat(hi);
  const double dlo = ax - vlo, dhi = vhi - ax;
  uint16_t mag;
  if (dlo < dhi) {
    mag = lo;
  } else if (dhi < dlo) {
    mag = hi;
  } else {
    mag = (lo & 1) ? hi : lo;
  }
  return sign | mag;
}

TEST(Bf16, RneExactTiesGoToEven) {
  // x = bf16 b plus exactly half a bf16 ulp: the answer is b if b's last bit
  // is 0, else the next pattern up in magnitude (0x7F7F rounds up to Inf).
  for (uint32_t b = 0; b < 0x10000; ++b) {
    if ((b & 0x7F80) == 0x7F80) continue;  // Inf/NaN have no halfway point
    const float x = BitsToFloat((b << 16) | 0x8000);
    const uint16_t want = (b & 1) ? b + 1 : b;
    EXPECT_EQ(FloatToBf16(x), want) << std::hex << "b=" << b;
    EXPECT_EQ(ReferenceFloatToBf16(x), want) << std::hex << "b=" << b;
  }
}

TEST(Bf16, RneNearTiesAndEveryPatternAgainstReference) {
  const uint32_t lows[] = {0x0000, 0x0001, 0x7FFE, 0x7FFF, 0x8000, 0x8001, 0xC000, 0xFFFF};
  for (uint32_t b = 0; b < 0x10000; ++b) {
    for (uint32_t low : lows) {
      const float x = BitsToFloat((b << 16) | low);
      const uint16_t want = ReferenceFloatToBf16(x);
      ASSERT_EQ(FloatToBf16(x), want) << std::hex << "x bits " << ((b << 16) | low);
    }
  }
}

TEST(Bf16, RneRandomFp32AgainstReference) {
  const uint32_t seed = 0x5EEDBF16;
  std::mt19937 rng(seed);
  for (int i = 0; i < 4'000'000; ++i) {
    const uint32_t bits = rng();
    const float x = BitsToFloat(bits);
    const uint16_t want = ReferenceFloatToBf16(x);
    ASSERT_EQ(FloatToBf16(x), want) << std::hex << "x bits " << bits << std::dec
                                    << " seed=" << seed << " i=" << i;
  }
}

TEST(Bf16, RneSpecialValues) {
  EXPECT_EQ(FloatToBf16(0.0f), 0x0000);
  EXPECT_EQ(FloatToBf16(-0.0f), 0x8000);
  EXPECT_EQ(FloatToBf16(INFINITY), 0x7F80);
  EXPECT_EQ(FloatToBf16(-INFINITY), 0xFF80);
  EXPECT_EQ(FloatToBf16(std::numeric_limits<float>::max()), 0x7F80);  // overflows to Inf
  EXPECT_EQ(FloatToBf16(BitsToFloat(0x7F7F7FFF)), 0x7F7F);            // just below the tie
  EXPECT_EQ(FloatToBf16(BitsToFloat(0xFFC00001)) & 0xFFC0, 0xFFC0);   // -NaN stays -qNaN
  EXPECT_EQ(FloatToBf16(BitsToFloat(0x7F800001)) & 0x7FC0, 0x7FC0);   // sNaN is quieted
  EXPECT_EQ(FloatToBf16(BitsToFloat(0x00008000)), 0x0000);            // subnormal tie -> even
  EXPECT_EQ(FloatToBf16(BitsToFloat(0x00018000)), 0x0002);
}

}  // namespace
}  // namespace mxfp4
