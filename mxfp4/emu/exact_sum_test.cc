// File: mxfp4/emu/exact_sum_test.cc
//
// The exact accumulator and the one-rounding conversions against the
// bit-vector oracle (gemm_test_oracle.h) and IEEE edge cases.

#include "mxfp4/emu/exact_sum.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/gemm_test_oracle.h"

namespace mxfp4 {
namespace {

constexpr uint64_t kSeed = 20260211;

TEST(RoundScaledTest, EdgesFp32) {
  EXPECT_EQ(RoundScaledToFp32Bits(false, 3, -2), FloatBits(0.75f));
  EXPECT_EQ(RoundScaledToFp32Bits(false, 0, 5), 0x00000000u);
  EXPECT_EQ(RoundScaledToFp32Bits(true, 0, 5), 0x80000000u);
  // Smallest subnormal, and the ties / near-ties around it.
  EXPECT_EQ(RoundScaledToFp32Bits(false, 1, -149), 0x00000001u);
  EXPECT_EQ(RoundScaledToFp32Bits(false, 1, -150), 0x00000000u);  // tie -> even (0)
  EXPECT_EQ(RoundScaledToFp32Bits(true, 1, -150), 0x80000000u);
  EXPECT_EQ(RoundScaledToFp32Bits(false, 3, -151), 0x00000001u);  // 0.75 ulp -> up
  EXPECT_EQ(RoundScaledToFp32Bits(false, 3, -150), 0x00000002u);  // 1.5 ulp tie -> 2
  EXPECT_EQ(RoundScaledToFp32Bits(false, 1, -127), 0x00400000u);  // 2^-127 (E8M0 0x00)
  EXPECT_EQ(RoundScaledToFp32Bits(false, 1, -400), 0x00000000u);
  // Subnormal rounding up into the smallest normal.
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 24) - 1, -150), 0x00800000u);
  // Largest finite, and the overflow threshold 2^128 - 2^103.
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 24) - 1, 104), 0x7F7FFFFFu);
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 25) - 1, 103), 0x7F800000u);
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 25) - 3, 103), 0x7F7FFFFEu);  // tie -> even
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 26) - 5, 102), 0x7F7FFFFFu);
  EXPECT_EQ(RoundScaledToFp32Bits(true, 1, 128), 0xFF800000u);
  EXPECT_EQ(RoundScaledToFp32Bits(false, 1, 400), 0x7F800000u);
  // Ties to even in the normal range: 2^24 + 1 -> 2^24, 2^24 + 3 -> 2^24 + 4.
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 24) + 1, 0), FloatBits(16777216.0f));
  EXPECT_EQ(RoundScaledToFp32Bits(false, (uint64_t{1} << 24) + 3, 0), FloatBits(16777220.0f));
  // A full 64-bit magnitude.
  EXPECT_EQ(RoundScaledToFp32Bits(false, ~uint64_t{0}, 0), FloatBits(18446744073709551616.0f));
}

TEST(RoundScaledTest, EdgesBf16) {
  EXPECT_EQ(RoundScaledToBf16Bits(false, 1, 0), 0x3F80u);
  EXPECT_EQ(RoundScaledToBf16Bits(false, 0x101, -8), 0x3F80u);  // 1 + 2^-8: tie -> even
  EXPECT_EQ(RoundScaledToBf16Bits(false, 0x103, -8), 0x3F82u);  // 1 + 3*2^-8: tie -> up
  EXPECT_EQ(RoundScaledToBf16Bits(false, 1, -133), 0x0001u);    // smallest bf16 subnormal
  EXPECT_EQ(RoundScaledToBf16Bits(false, 1, -134), 0x0000u);    // tie -> even
  EXPECT_EQ(RoundScaledToBf16Bits(true, 0xFF, 120), 0xFF7Fu);   // 255 * 2^120 = max bf16
  EXPECT_EQ(RoundScaledToBf16Bits(true, 0x1FF, 119), 0xFF80u);  // 2^128 - 2^119: tie -> Inf
  EXPECT_EQ(RoundScaledToBf16Bits(false, 0x1FD, 119), 0x7F7Eu);  // tie -> even
  EXPECT_EQ(RoundScaledToBf16Bits(false, 0x3FB, 118), 0x7F7Fu);  // -> max bf16
  // One rounding, not two: 1 + 2^-8 + 2^-30 rounds up in bf16 directly, but
  // would round to 1 + 2^-8 in fp32 first and then to 1.0 (tie -> even).
  EXPECT_EQ(RoundScaledToBf16Bits(false, (uint64_t{1} << 30) + (uint64_t{1} << 22) + 1, -30),
            0x3F81u);
}

TEST(RoundScaledTest, RandomAgainstOracle) {
  std::mt19937_64 rng(kSeed);
  for (int iter = 0; iter < 20000; ++iter) {
    const int bits = 1 + static_cast<int>(rng() % 62);
    const uint64_t magnitude = (rng() >> (64 - bits)) | (uint64_t{1} << (bits - 1));
    const int exp2 = -260 + static_cast<int>(rng() % 420);
    const bool negative = rng() & 1;
    oracle::BitVectorSum sum;
    sum.Add(negative ? -static_cast<int64_t>(magnitude) : static_cast<int64_t>(magnitude), exp2);
    ASSERT_EQ(RoundScaledToFp32Bits(negative, magnitude, exp2), sum.RoundFp32Bits())
        << "seed " << kSeed << " iter " << iter << " magnitude " << magnitude << " exp2 " << exp2;
    ASSERT_EQ(RoundScaledToBf16Bits(negative, magnitude, exp2), sum.RoundBf16Bits())
        << "seed " << kSeed << " iter " << iter << " magnitude " << magnitude << " exp2 " << exp2;
  }
}

TEST(RoundScaledTest, Int128Variants) {
  const __int128 big = (static_cast<__int128>(1) << 100) + 1;  // 2^100 + 1 -> 2^100
  EXPECT_EQ(RoundScaledI128ToFp32Bits(big, 0), FloatBits(std::ldexp(1.0f, 100)));
  EXPECT_EQ(RoundScaledI128ToFp32Bits(-big, 0), FloatBits(-std::ldexp(1.0f, 100)));
  EXPECT_EQ(RoundScaledI128ToFp32Bits(0, 0), 0u);
  // Sticky bits far below the 63-bit window still decide a near-tie.
  const __int128 near_tie = (static_cast<__int128>((1 << 24) + 1) << 100) + 1;
  EXPECT_EQ(RoundScaledI128ToFp32Bits(near_tie, -100), FloatBits(16777218.0f));
  EXPECT_EQ(RoundScaledI128ToBf16Bits(static_cast<__int128>(3) << 120, -120), 0x4040u);
}

// Terms like the GEMM's: dot4 * 2^(sa + sb - 256).
TEST(ExactSumTest, RandomBlockTermsAgainstOracle) {
  std::mt19937_64 rng(kSeed + 1);
  for (int iter = 0; iter < 3000; ++iter) {
    ExactSum sum;
    oracle::BitVectorSum ref;
    const int terms = 1 + static_cast<int>(rng() % 40);
    const int spread = 1 + static_cast<int>(rng() % 509);  // how far apart exponents are
    const int base = static_cast<int>(rng() % (509 - spread + 1));
    std::vector<std::pair<int64_t, int>> added;
    for (int t = 0; t < terms; ++t) {
      int64_t dot4 = static_cast<int64_t>(rng() % 9217) - 4608;
      int e = base + static_cast<int>(rng() % spread) - 256;
      // Sometimes cancel an earlier term exactly.
      if (!added.empty() && rng() % 4 == 0) {
        const auto& prev = added[rng() % added.size()];
        dot4 = -prev.first;
        e = prev.second;
      }
      added.push_back({dot4, e});
      ASSERT_TRUE(sum.AddScaledInt(dot4, e));
      ref.Add(dot4, e);
    }
    ASSERT_EQ(sum.RoundToFp32Bits(), ref.RoundFp32Bits()) << "seed " << kSeed + 1 << " iter " << iter;
    ASSERT_EQ(sum.RoundToBf16Bits(), ref.RoundBf16Bits()) << "seed " << kSeed + 1 << " iter " << iter;
  }
}

TEST(ExactSumTest, FloatsAgainstOracle) {
  std::mt19937_64 rng(kSeed + 2);
  for (int iter = 0; iter < 2000; ++iter) {
    ExactSum sum;
    oracle::BitVectorSum ref;
    for (int t = 0; t < 5; ++t) {
      uint32_t bits = static_cast<uint32_t>(rng());
      if ((bits & 0x7F800000u) == 0x7F800000u) bits &= 0xBFFFFFFFu;  // keep finite
      const float x = BitsToFloat(bits);
      sum.AddFloat(x);
      ref.AddFiniteFloat(x);
    }
    ASSERT_EQ(sum.RoundToFp32Bits(), ref.RoundFp32Bits()) << "seed " << kSeed + 2 << " iter " << iter;
  }
}

TEST(ExactSumTest, HugeAndTinyCancel) {
  ExactSum s;
  s.AddScaledInt(4608, 252);
  s.AddScaledInt(1, -256);
  s.AddScaledInt(-4608, 252);
  EXPECT_EQ(s.RoundToFp32Bits(), 0u);  // 2^-256 underflows to +0
  s.AddScaledInt(1, -149);
  EXPECT_EQ(s.RoundToFp32Bits(), 1u);  // 2^-149 + 2^-256 -> 2^-149
  ExactSum t;
  t.AddScaledInt(-1, -256);
  EXPECT_EQ(t.RoundToFp32Bits(), 0x80000000u);  // negative underflow -> -0
}

TEST(ExactSumTest, SpecialValues) {
  ExactSum empty;
  EXPECT_EQ(empty.RoundToFp32Bits(), 0u);
  ExactSum neg_zeros;
  neg_zeros.AddFloat(-0.0f);
  neg_zeros.AddFloat(-0.0f);
  EXPECT_EQ(neg_zeros.RoundToFp32Bits(), 0x80000000u);
  EXPECT_EQ(neg_zeros.RoundToBf16Bits(), 0x8000u);
  neg_zeros.AddScaledInt(0, 0);
  EXPECT_EQ(neg_zeros.RoundToFp32Bits(), 0u);  // -0 + +0 = +0
  ExactSum inf;
  inf.AddFloat(std::numeric_limits<float>::infinity());
  inf.AddScaledInt(-4608, 252);
  EXPECT_EQ(inf.RoundToFp32Bits(), 0x7F800000u);
  inf.AddFloat(-std::numeric_limits<float>::infinity());
  EXPECT_EQ(inf.RoundToFp32Bits(), kCanonicalNanFp32Bits);
  ExactSum nan;
  nan.AddScaledInt(5, 0);
  nan.AddNan();
  EXPECT_EQ(nan.RoundToFp32Bits(), kCanonicalNanFp32Bits);
  EXPECT_EQ(nan.RoundToBf16Bits(), kCanonicalNanBf16Bits);
  ExactSum nan_input;
  nan_input.AddFloat(std::numeric_limits<float>::quiet_NaN());
  EXPECT_TRUE(nan_input.is_nan());
  // Overflow of a finite exact sum.
  ExactSum big;
  big.AddScaledInt(4608, 252);
  EXPECT_EQ(big.RoundToFp32Bits(), 0x7F800000u);
  big.AddScaledInt(-9216, 252);
  EXPECT_EQ(big.RoundToFp32Bits(), 0xFF800000u);
}

TEST(ExactSumTest, RejectsOutOfRangeExponents) {
  ExactSum s;
  EXPECT_FALSE(s.AddScaledInt(1, ExactSum::kMinExp2 - 1));
  EXPECT_FALSE(s.AddScaledInt(1, ExactSum::kMaxTopExp2 - 62));
  EXPECT_TRUE(s.AddScaledInt(1, ExactSum::kMaxTopExp2 - 63));
  EXPECT_TRUE(s.AddScaledInt(-1, ExactSum::kMaxTopExp2 - 63));
  EXPECT_EQ(s.RoundToFp32Bits(), 0u);
}

// More adds than the carry-free headroom allows without a renormalization.
TEST(ExactSumTest, ManyAddsRenormalize) {
  ExactSum s;
  const int64_t n = (int64_t{1} << 25) + 3;
  for (int64_t i = 0; i < n; ++i) s.AddScaledInt(i % 2 == 0 ? 4608 : -4607, 0);
  // (n + 1) / 2 * 4608 - (n / 2) * 4607
  const int64_t expected = ((n + 1) / 2) * 4608 - (n / 2) * 4607;
  EXPECT_EQ(s.RoundToFp32Bits(), FloatBits(static_cast<float>(expected)));
  ExactSum t;
  for (int64_t i = 0; i < n; ++i) t.AddScaledInt((int64_t{1} << 40) - 1, 30);
  // n * (2^40 - 1) * 2^30 with n = 2^25 + 3.
  oracle::BitVectorSum ref_n;
  ref_n.Add((int64_t{1} << 40) - 1, 30 + 25);
  ref_n.Add(3 * ((int64_t{1} << 40) - 1), 30);
  EXPECT_EQ(t.RoundToFp32Bits(), ref_n.RoundFp32Bits());
}

}  // namespace
}  // namespace mxfp4
