// The ring tiles' shifted E4M3 weight encoding (internal/shifted_e4m3.h) on
// the host: every code in every nibble of a word decodes, through an
// independent E4M3 decoder, to exactly E2M1 value x 2^-6 = 2 x value x
// 2^-kShiftedE4m3ScaleExp, in the documented byte (even elements in lo, odd
// ones in hi), whatever the other nibbles hold; seeded random words check
// all eight at once; the ws tiles' stage scales (StageScaleBits) for every
// scale byte. The device side of the same claim (the e4m3 wgmma's
// exact partials with these operands) is wgmma_exactness_test.

#include "mxfp4/gpu/gemm/internal/shifted_e4m3.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

// OCP E4M3 (no infinities; 0x7F / 0xFF are NaN, never produced here):
// sign, 4 exponent bits (bias 7), 3 mantissa bits; exponent 0 = subnormal.
double DecodeE4m3(uint8_t b) {
  const int sign = b >> 7;
  const int exp = (b >> 3) & 0xF;
  const int man = b & 7;
  const double mag = exp == 0 ? std::ldexp(man / 8.0, -6) : std::ldexp(1.0 + man / 8.0, exp - 7);
  return sign ? -mag : mag;
}

// Element j's byte of the encoding of `w`.
uint8_t ElementByte(const Bytes8& r, int j) {
  const uint32_t word = j % 2 == 0 ? r.lo : r.hi;
  return static_cast<uint8_t>(word >> (8 * (j / 2)));
}

::testing::AssertionResult EncodesWord(uint32_t w) {
  const Bytes8 r = Fp4x8ToShiftedE4m3(w);
  for (int j = 0; j < 8; ++j) {
    const uint8_t code = static_cast<uint8_t>((w >> (4 * j)) & 0xF);
    const double want =
        std::ldexp(static_cast<double>(E2m1ToTwice(code)), -kShiftedE4m3ScaleExp);
    const double got = DecodeE4m3(ElementByte(r, j));
    // -0 (code 8) must stay -0: compare the sign too.
    if (got != want || std::signbit(got) != ((code & 8) != 0)) {
      char what[160];
      std::snprintf(what, sizeof what,
                    "word 0x%08x element %d (code %u): byte 0x%02x decodes to %g, want %g", w, j,
                    static_cast<unsigned>(code), static_cast<unsigned>(ElementByte(r, j)), got,
                    want);
      return ::testing::AssertionFailure() << what;
    }
  }
  return ::testing::AssertionSuccess();
}

TEST(ShiftedE4m3, EveryCodeInEveryElement) {
  for (int j = 0; j < 8; ++j) {
    for (uint32_t code = 0; code < 16; ++code) {
      for (uint32_t background : {0x00000000u, 0xFFFFFFFFu, 0x88888888u, 0x77777777u, 0x12345678u}) {
        const uint32_t w = (background & ~(0xFu << (4 * j))) | (code << (4 * j));
        ASSERT_TRUE(EncodesWord(w));
      }
    }
  }
}

TEST(ShiftedE4m3, RandomWords) {
  const uint32_t seed = 0x5E4D3u;
  std::mt19937 rng(seed);
  for (int i = 0; i < 200000; ++i) {
    const uint32_t w = rng();
    ASSERT_TRUE(EncodesWord(w)) << "seed " << seed << ", word " << i;
  }
}

TEST(ShiftedE4m3, ScaleIsTheExponent) {
  EXPECT_EQ(kShiftedE4m3Scale, std::ldexp(1.0f, kShiftedE4m3ScaleExp));
}

// The ws tiles' stage scales, every byte: the folded factor E8M0(S) x 2^7 bit
// for bit where it is finite, S recoverable from every word, and the byte
// bound as a word bound for every bound.
TEST(ShiftedE4m3, StageScalesEveryByte) {
  for (uint32_t s = 0; s < 256; ++s) {
    SCOPED_TRACE(s);
    const uint32_t bits = StageScaleBits(s);
    EXPECT_EQ(StageScaleByte(bits), s);
    if (s <= 247) {
      const float want = E8m0ToFloat(static_cast<uint8_t>(s)) * kShiftedE4m3Scale;
      float got;
      std::memcpy(&got, &bits, sizeof got);
      EXPECT_EQ(got, want);
      EXPECT_FALSE(std::signbit(got));
    }
    for (uint32_t bound = 0; bound < 256; ++bound) {
      ASSERT_EQ(StageScaleByteAtMost(bits, bound), s <= bound) << "bound " << bound;
    }
  }
}

}  // namespace
}  // namespace mxfp4::gpu::gemm_internal
