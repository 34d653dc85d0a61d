// File: mxfp4/emu/cvt_scalef32_test.cc
//
// The gfx950 `v_cvt_scalef32_pk_fp4_f32` emulation (spec:
// shared/spec/mxfp4-semantics.md §2, "Hardware conversion instruction"): same
// codes as QuantizeElement() and the long-hand reference when the scale is
// 2^(S-127); byte select; signed zeros; NaN/Inf -> +-6; saturation; and our
// documented reading of scales that are not powers of two (exponent field only).

#include <cmath>
#include <cstdint>
#include <limits>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/longhand_reference.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/quantize_test_util.h"

namespace mxfp4 {
namespace {

using testing_util::Rng;
using testing_util::TestSeed;

// The fp32 scale operand for E8M0 byte s: 2^(s-127) (0x00 is the subnormal
// 2^-127); 0xFF, which has no power of two, is +Inf (exponent field 0xFF).
float ScaleOperand(int s) {
  if (s == 0xFF) return std::numeric_limits<float>::infinity();
  return std::ldexp(1.0f, s - 127);
}

uint8_t CvtByte(float src0, float src1, float scale) {
  return static_cast<uint8_t>(CvtScalef32PkFp4F32(0, src0, src1, scale, 0));
}

TEST(CvtScalef32PkFp4F32, MatchesQuantizeElementForPowerOfTwoScales) {
  const uint64_t seed = TestSeed(0x5EED0101);
  Rng rng(seed);
  for (int s = 0; s <= 255; ++s) {
    const float scale = ScaleOperand(s);
    for (int n = 0; n < 20000; ++n) {
      // Half random bit patterns, half values near this scale's grid.
      const float src0 = BitsToFloat(rng.Next32());
      const float src1 =
          n % 2 ? BitsToFloat(rng.Next32())
                : static_cast<float>(std::ldexp((rng.Next32() >> 8) * 0x1p-21, s - 127)) *
                      (rng.Bit() ? -1.0f : 1.0f);
      const uint8_t byte = CvtByte(src0, src1, scale);
      ASSERT_EQ(UnpackFp4Even(byte), QuantizeElement(src0, s))
          << "seed=" << seed << " s=" << s << " src0 bits=0x" << std::hex << FloatBits(src0);
      ASSERT_EQ(UnpackFp4Odd(byte), QuantizeElement(src1, s))
          << "seed=" << seed << " s=" << s << " src1 bits=0x" << std::hex << FloatBits(src1);
      ASSERT_EQ(UnpackFp4Odd(byte), longhand::ReferenceElementCode(src1, s))
          << "seed=" << seed << " s=" << s << " src1 bits=0x" << std::hex << FloatBits(src1);
    }
  }
}

TEST(CvtScalef32PkFp4F32, ByteSelectReplacesOnlyThatByte) {
  const uint64_t seed = TestSeed(0x5EED0102);
  Rng rng(seed);
  for (int n = 0; n < 1000; ++n) {
    const uint32_t old = rng.Next32();
    const float src0 = static_cast<float>(rng.Below(13)) * 0.5f - 3.0f;
    const float src1 = static_cast<float>(rng.Below(13)) * 0.5f - 3.0f;
    const uint32_t packed = PackFp4x2(QuantizeElement(src0, 127), QuantizeElement(src1, 127));
    for (int byte = 0; byte < 4; ++byte) {
      const uint32_t got = CvtScalef32PkFp4F32(old, src0, src1, 1.0f, byte);
      const uint32_t mask = 0xFFu << (8 * byte);
      EXPECT_EQ(got & ~mask, old & ~mask) << "seed=" << seed << " byte " << byte;
      EXPECT_EQ((got & mask) >> (8 * byte), packed) << "seed=" << seed << " byte " << byte;
      // Only the 2-bit OPSEL field is read.
      EXPECT_EQ(CvtScalef32PkFp4F32(old, src0, src1, 1.0f, byte + 4), got);
    }
  }
  EXPECT_EQ(CvtScalef32PkFp4F32(0xAABBCCDDu, 1.0f, -6.0f, 1.0f, 1), 0xAABBF2DDu);
}

TEST(CvtScalef32PkFp4F32, SignedZerosNanInfAndSaturation) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(CvtByte(0.0f, -0.0f, 1.0f), 0x80);
  EXPECT_EQ(CvtByte(-0.0f, 0.0f, 0.25f), 0x08);
  EXPECT_EQ(CvtByte(nan, -nan, 1.0f), 0xF7);
  EXPECT_EQ(CvtByte(-inf, inf, 1.0f), 0x7F);
  EXPECT_EQ(CvtByte(1e30f, -7.0f, 1.0f), 0xF7);   // saturate to +6 / -6
  EXPECT_EQ(CvtByte(13.0f, 11.0f, 2.0f), 0x77);   // 6.5, 5.5 -> 6
  EXPECT_EQ(CvtByte(10.0f, 5.0f, 2.0f), 0x46);    // 5.0 ties to 4; 2.5 ties to 2
  EXPECT_EQ(CvtByte(-0.1f, 0.125f, 0.5f), 0x08);  // tiny values keep their sign
}

TEST(CvtScalef32PkFp4F32, OnlyTheScaleExponentFieldIsUsed) {
  const uint64_t seed = TestSeed(0x5EED0103);
  Rng rng(seed);
  for (int n = 0; n < 200000; ++n) {
    const float src0 = BitsToFloat(rng.Next32()), src1 = BitsToFloat(rng.Next32());
    const uint32_t scale_bits = rng.Next32();
    const int field = (scale_bits >> 23) & 0xFF;
    const uint8_t got = CvtByte(src0, src1, BitsToFloat(scale_bits));
    ASSERT_EQ(got, PackFp4x2(QuantizeElement(src0, field), QuantizeElement(src1, field)))
        << "seed=" << seed << " scale bits=0x" << std::hex << scale_bits;
  }
  // Named cases of the documented choice.
  EXPECT_EQ(CvtByte(3.0f, 1.5f, 1.5f), CvtByte(3.0f, 1.5f, 1.0f));   // mantissa ignored
  EXPECT_EQ(CvtByte(3.0f, 1.5f, -2.0f), CvtByte(3.0f, 1.5f, 2.0f));  // sign ignored
  const float two_pow_minus_127 = std::ldexp(1.0f, -127);
  EXPECT_EQ(CvtByte(1e-38f, 3e-39f, 0.0f), CvtByte(1e-38f, 3e-39f, two_pow_minus_127));
  EXPECT_EQ(CvtByte(1e-38f, 3e-39f, 1e-45f), CvtByte(1e-38f, 3e-39f, two_pow_minus_127));
  EXPECT_EQ(CvtByte(3e38f, -1e38f, std::numeric_limits<float>::quiet_NaN()),
            CvtByte(3e38f, -1e38f, std::numeric_limits<float>::infinity()));
  // Exponent 0xFF reads as 2^128: 3e38 / 2^128 = 0.88 -> 1.0.
  EXPECT_EQ(CvtByte(3e38f, 0.0f, std::numeric_limits<float>::infinity()), 0x02);
}

}  // namespace
}  // namespace mxfp4
