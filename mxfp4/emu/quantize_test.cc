// File: mxfp4/emu/quantize_test.cc
//
// Tests of mxfp4/emu/quantize.h other than the exhaustive bf16 sweep
// (quantize_exhaustive_test.cc), the reference vectors
// (quantize_reference_vectors_test.cc) and the cvt instruction
// (cvt_scalef32_test.cc): the spec's tie table and saturation at every scale
// byte, the scale rules on every fp32 exponent boundary, the reachable scale
// bytes, NaN/Inf/denormal/zero/largest-value blocks, random fp32 matrices vs the
// long-hand reference, scale layouts, threading, dequantization properties and
// bad input. Spec: shared/spec/mxfp4-semantics.md §2, §3, §5.

#include "mxfp4/emu/quantize.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/longhand_reference.h"
#include "mxfp4/emu/quantize_test_util.h"

namespace mxfp4 {
namespace {

using ::testing::HasSubstr;
using testing_util::RandomMagnitudeBits;
using testing_util::Rng;
using testing_util::TestSeed;

constexpr ScaleRule kAllRules[] = {ScaleRule::kEven, ScaleRule::kOcpFloor, ScaleRule::kRceil};

// The spec's tie table (§2 step 5), as (|q|, expected magnitude code).
struct ValueCode {
  double q;
  uint8_t code;
};
constexpr ValueCode kSpecTies[] = {{0.25, 0}, {0.75, 2}, {1.25, 2}, {1.75, 4},
                                   {2.5, 4},  {3.5, 6},  {5.0, 6},  {5.5, 7}};
// Exact grid points and saturation (|q| >= 6 -> 6.0, code 7).
constexpr ValueCode kGridAndSaturation[] = {{0.0, 0},  {0.5, 1}, {1.0, 2},   {1.5, 3}, {2.0, 4},
                                            {3.0, 5},  {4.0, 6}, {6.0, 7},   {6.5, 7}, {7.0, 7},
                                            {7.99, 7}, {8.0, 7}, {100.0, 7}, {1e30, 7}};

// x = q * 2^(scale - 127) as an fp32 if that is exact and finite.
bool ExactFloat(double q, int scale, float* x) {
  const double v = std::ldexp(q, scale - 127);
  const float f = static_cast<float>(v);
  if (!std::isfinite(f) || static_cast<double>(f) != v) return false;
  *x = f;
  return true;
}

uint8_t Sign(bool negative) { return negative ? 8 : 0; }

// ---------------------------------------------------------------- elements

TEST(QuantizeElement, SpecTieTableAndSaturationAtEveryScaleByte) {
  int checked = 0;
  for (int scale = 0; scale <= 255; ++scale) {
    for (bool negative : {false, true}) {
      auto check = [&](const ValueCode& vc, bool is_tie) {
        float x;
        if (!ExactFloat(vc.q, scale, &x)) return;
        if (negative) x = -x;
        EXPECT_EQ(QuantizeElement(x, static_cast<uint8_t>(scale)), Sign(negative) | vc.code)
            << "q=" << vc.q << " scale=" << scale << " x=" << x;
        ++checked;
        if (!is_tie) return;
        // One fp32 step either side of a tie, the rounding is no longer a tie
        // and must go to the two different neighbours.
        const float away = std::nextafter(x, negative ? -INFINITY : INFINITY);
        const float toward = std::nextafter(x, 0.0f);
        EXPECT_EQ(QuantizeElement(away, scale), longhand::ReferenceElementCode(away, scale));
        EXPECT_EQ(QuantizeElement(toward, scale), longhand::ReferenceElementCode(toward, scale));
        EXPECT_NE(QuantizeElement(away, scale), QuantizeElement(toward, scale))
            << "q=" << vc.q << " scale=" << scale;
      };
      for (const ValueCode& vc : kSpecTies) check(vc, /*is_tie=*/vc.q != 5.5);
      for (const ValueCode& vc : kGridAndSaturation) check(vc, /*is_tie=*/false);
    }
  }
  // Every scale byte had at least the small ties representable.
  EXPECT_GT(checked, 256 * 2 * 10);
}

TEST(QuantizeElement, SignIsAlwaysKept) {
  EXPECT_EQ(QuantizeElement(0.0f, 127), 0);
  EXPECT_EQ(QuantizeElement(-0.0f, 127), 8);
  EXPECT_EQ(QuantizeElement(-0.2f, 127), 8);  // tiny negative -> -0
  EXPECT_EQ(QuantizeElement(-std::numeric_limits<float>::denorm_min(), 0), 8);
  EXPECT_EQ(QuantizeElement(-1e-45f, 254), 8);
}

TEST(QuantizeElement, NanAndInfSaturateWithSign) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (int scale = 0; scale <= 255; ++scale) {
    EXPECT_EQ(QuantizeElement(nan, scale), 7);
    EXPECT_EQ(QuantizeElement(-nan, scale), 15);
    EXPECT_EQ(QuantizeElement(inf, scale), 7);
    EXPECT_EQ(QuantizeElement(-inf, scale), 15);
    EXPECT_EQ(QuantizeElement(BitsToFloat(0x7F800001u), scale), 7);  // signalling NaN
  }
}

TEST(QuantizeElement, RandomFp32BitsMatchLonghandReference) {
  const uint64_t seed = TestSeed(0x5EED0002);
  Rng rng(seed);
  for (int n = 0; n < 4000000; ++n) {
    const float x = BitsToFloat(rng.Next32());
    const int scale = static_cast<int>(rng.Below(256));
    const uint8_t got = QuantizeElement(x, scale);
    const uint8_t want = longhand::ReferenceElementCode(x, scale);
    if (got != want) {
      FAIL() << "seed=" << seed << " x bits=0x" << std::hex << FloatBits(x) << std::dec
             << " scale=" << scale << " got " << int{got} << " want " << int{want};
    }
  }
}

// ---------------------------------------------------------------- scale rules

TEST(BlockScale, EveryExponentBoundaryMatchesLonghandReference) {
  // Mantissa fields around the places where the rules change their mind:
  // 1.0, 1.5 (RCEIL), 1.75 (EVEN), the top.
  const uint32_t kMantissas[] = {0,        1,        0x1FFFFF, 0x200000, 0x3FFFFF, 0x400000,
                                 0x400001, 0x5FFFFF, 0x600000, 0x600001, 0x7FFFFE, 0x7FFFFF};
  for (ScaleRule rule : kAllRules) {
    for (uint32_t exponent = 0; exponent < 255; ++exponent) {
      for (uint32_t mantissa : kMantissas) {
        for (uint32_t sign : {0u, 0x80000000u}) {
          const uint32_t bits = sign | exponent << 23 | mantissa;
          EXPECT_EQ(BlockScale(bits, rule),
                    longhand::ReferenceBlockScale(std::fabs(BitsToFloat(bits)), rule))
              << ScaleRuleName(rule) << " bits=0x" << std::hex << bits;
        }
      }
    }
  }
}

TEST(BlockScale, RandomFp32MatchesLonghandReference) {
  const uint64_t seed = TestSeed(0x5EED0003);
  Rng rng(seed);
  for (int n = 0; n < 300000; ++n) {
    const uint32_t bits = rng.Next32() & 0x7F7FFFFFu;  // finite
    for (ScaleRule rule : kAllRules) {
      ASSERT_EQ(BlockScale(bits, rule), longhand::ReferenceBlockScale(BitsToFloat(bits), rule))
          << "seed=" << seed << " " << ScaleRuleName(rule) << " bits=0x" << std::hex << bits;
    }
  }
}

TEST(BlockScale, SpecFormulaExamples) {
  // Spec §2 steps 2-3 by hand: a = 6.0 -> F = 129 -> S = 127 (scale 1).
  EXPECT_EQ(BlockScale(FloatBits(6.0f), ScaleRule::kEven), 127);
  // Mantissa 1.75 rounds the exponent up for EVEN only.
  EXPECT_EQ(BlockScale(FloatBits(7.0f), ScaleRule::kEven), 128);
  EXPECT_EQ(BlockScale(FloatBits(7.0f), ScaleRule::kOcpFloor), 127);
  EXPECT_EQ(BlockScale(FloatBits(7.0f), ScaleRule::kRceil), 128);  // 7/6 -> 2
  EXPECT_EQ(BlockScale(FloatBits(6.0f), ScaleRule::kRceil), 127);  // 6/6 = 1 exactly
  // Negative unbiased exponents wrap correctly (not saturated to 127).
  EXPECT_EQ(BlockScale(FloatBits(0.5f), ScaleRule::kEven), 124);
  EXPECT_EQ(BlockScale(FloatBits(std::ldexp(1.0f, -100)), ScaleRule::kEven), 25);
  // Zero block: max(0 - 2, 0) = 0 for every rule; denormal max too.
  for (ScaleRule rule : kAllRules) {
    EXPECT_EQ(BlockScale(0, rule), 0);
    EXPECT_EQ(BlockScale(0x80000000u, rule), 0);  // -0
    EXPECT_EQ(BlockScale(0x007FFFFFu, rule), 0);
    EXPECT_EQ(BlockScale(0x7F800000u, rule), 0xFF);  // Inf: NaN block
    EXPECT_EQ(BlockScale(0xFFC00000u, rule), 0xFF);  // -NaN
  }
  // Largest bf16 0x7F7F (~3.39e38): EVEN's rounded max overflows -> 254.
  EXPECT_EQ(BlockScale(0x7F7F0000u, ScaleRule::kEven), 254);
  EXPECT_EQ(BlockScale(0x7F7F0000u, ScaleRule::kOcpFloor), 252);
  EXPECT_EQ(BlockScale(0x7F7F0000u, ScaleRule::kRceil), 253);
  EXPECT_EQ(BlockScale(0, static_cast<ScaleRule>(99)), 0xFF);
}

// Which scale bytes each rule can produce for finite blocks. BlockScale is
// monotone in the magnitude, so its values at every exponent boundary and
// every mantissa where a rule switches cover its whole range.
TEST(BlockScale, ReachableScaleBytes) {
  for (ScaleRule rule : kAllRules) {
    std::set<int> reached;
    for (uint32_t exponent = 0; exponent < 255; ++exponent) {
      for (uint32_t mantissa : {0u, 0x400000u, 0x400001u, 0x600000u, 0x7FFFFFu}) {
        reached.insert(BlockScale(exponent << 23 | mantissa, rule));
      }
    }
    std::set<int> want;
    for (int s = 0; s <= 252; ++s) want.insert(s);
    if (rule == ScaleRule::kEven) want.insert(254);   // F = 0xFF -> 254; 253 is skipped
    if (rule == ScaleRule::kRceil) want.insert(253);  // a in (1.5 * 2^127, 2^128)
    EXPECT_EQ(reached, want) << ScaleRuleName(rule);
  }
}

// ---------------------------------------------------------------- blocks

// Quantizes one fp32 block and returns (scale, codes).
struct QuantizedBlock {
  int scale;
  std::vector<uint8_t> codes;
};
QuantizedBlock QuantizeOneBlock(const std::vector<float>& block, ScaleRule rule) {
  QuantizeOptions options;
  options.rule = rule;
  absl::StatusOr<Mxfp4Matrix> q = QuantizeFloat(block, 1, 32, options);
  EXPECT_TRUE(q.ok()) << q.status();
  QuantizedBlock out{q.ok() ? q->scales[0] : -1, {}};
  for (int i = 0; i < 32 && q.ok(); ++i) out.codes.push_back(Fp4At(q->data.data(), i));
  return out;
}

// For each rule and each of its reachable scale bytes S, a block whose max
// gives S carries the spec's ties (times 2^(S-127)) that fit under the max.
TEST(QuantizeFloat, TieTableAtEveryReachableScaleByte) {
  for (ScaleRule rule : kAllRules) {
    int scales_tested = 0;
    for (int target = 0; target <= 254; ++target) {
      // The largest fp32 whose block scale is `target` (monotone search).
      uint32_t lo = 0, hi = 0x7F7FFFFFu;
      if (BlockScale(lo, rule) > target || BlockScale(hi, rule) < target) continue;
      while (lo < hi) {  // largest bits with BlockScale(bits) <= target
        const uint32_t mid = lo + (hi - lo + 1) / 2;
        if (BlockScale(mid, rule) <= target)
          lo = mid;
        else
          hi = mid - 1;
      }
      if (BlockScale(lo, rule) != target) continue;  // unreachable byte
      ++scales_tested;
      const float max_value = BitsToFloat(lo);
      std::vector<float> block(32, 0.0f);
      block[31] = -max_value;
      std::vector<uint8_t> want(32, 0);
      want[31] = longhand::ReferenceElementCode(-max_value, target);
      int i = 0;
      for (const ValueCode& vc : kSpecTies) {
        float x;
        if (!ExactFloat(vc.q, target, &x) || x > max_value) continue;
        block[i] = x;
        want[i++] = vc.code;
        block[i] = -x;
        want[i++] = 8 | vc.code;
      }
      const QuantizedBlock got = QuantizeOneBlock(block, rule);
      ASSERT_EQ(got.scale, target) << ScaleRuleName(rule) << " max=" << max_value;
      for (int j = 0; j < 32; ++j) {
        EXPECT_EQ(got.codes[j], want[j])
            << ScaleRuleName(rule) << " scale=" << target << " element " << j << " = " << block[j];
      }
    }
    EXPECT_EQ(scales_tested, rule == ScaleRule::kOcpFloor ? 253 : 254) << ScaleRuleName(rule);
  }
}

TEST(QuantizeFloat, SaturationOfTheBlockMax) {
  // FLOOR keeps the exponent of a, so a mantissa >= 1.5 saturates at 6.
  QuantizedBlock q = QuantizeOneBlock(std::vector<float>(32, 7.9f), ScaleRule::kOcpFloor);
  EXPECT_EQ(q.scale, 127);
  EXPECT_EQ(q.codes[0], 7);
  // EVEN: 6.5 keeps scale 1 (mantissa 1.625 < 1.75) and saturates to 6.
  q = QuantizeOneBlock(std::vector<float>(32, -6.5f), ScaleRule::kEven);
  EXPECT_EQ(q.scale, 127);
  EXPECT_EQ(q.codes[0], 15);
  // RCEIL never saturates: 6.5 -> scale 2, 3.25 -> 3.0.
  q = QuantizeOneBlock(std::vector<float>(32, 6.5f), ScaleRule::kRceil);
  EXPECT_EQ(q.scale, 128);
  EXPECT_EQ(q.codes[0], 5);
}

TEST(QuantizeFloat, NanOrInfMakesANanBlock) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  for (ScaleRule rule : kAllRules) {
    for (float special : {nan, -nan, inf, -inf}) {
      for (int position : {0, 17, 31}) {
        std::vector<float> block(32);
        for (int i = 0; i < 32; ++i) block[i] = (i % 2 ? -1.0f : 1.0f) * i * 1e6f;
        block[position] = special;
        const QuantizedBlock q = QuantizeOneBlock(block, rule);
        EXPECT_EQ(q.scale, 0xFF) << special << " at " << position;
        for (int i = 0; i < 32; ++i) {
          EXPECT_EQ(q.codes[i], QuantizeElement(block[i], 0xFF)) << i;
          EXPECT_EQ(q.codes[i], longhand::ReferenceElementCode(block[i], 0xFF)) << i;
        }
        EXPECT_EQ(q.codes[position], (std::signbit(special) ? 8 : 0) | 7);
      }
    }
  }
}

TEST(QuantizeBf16, NanBlockDoesNotLeakIntoNeighbours) {
  std::vector<uint16_t> x(4 * 64);
  for (size_t i = 0; i < x.size(); ++i) x[i] = FloatToBf16(static_cast<float>(i % 37) - 18.0f);
  x[64 + 40] = 0x7FC0;  // NaN in row 1, block 1
  x[128 + 3] = 0xFF80;  // -Inf in row 2, block 0
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(x, 4, 64, {});
  ASSERT_TRUE(q.ok()) << q.status();
  for (int r = 0; r < 4; ++r) {
    for (int g = 0; g < 2; ++g) {
      const bool nan_block = (r == 1 && g == 1) || (r == 2 && g == 0);
      EXPECT_EQ(q->scales[r * 2 + g] == 0xFF, nan_block) << r << "," << g;
    }
  }
  absl::StatusOr<Mxfp4View> view = q->view();
  ASSERT_TRUE(view.ok()) << view.status();
  absl::StatusOr<std::vector<float>> deq = Dequantize(*view);
  ASSERT_TRUE(deq.ok()) << deq.status();
  for (int r = 0; r < 4; ++r) {
    for (int k = 0; k < 64; ++k) {
      const bool nan_block = (r == 1 && k >= 32) || (r == 2 && k < 32);
      EXPECT_EQ(std::isnan((*deq)[r * 64 + k]), nan_block) << r << "," << k;
    }
  }
}

TEST(QuantizeBf16, ZeroDenormalAndLargestBlocks) {
  for (ScaleRule rule : kAllRules) {
    QuantizeOptions options;
    options.rule = rule;
    // Row 0: +-0 only. Row 1: bf16 denormals. Row 2: +-0x7F7F and smaller.
    std::vector<uint16_t> x(3 * 32);
    for (int i = 0; i < 32; ++i) {
      x[i] = i % 3 == 0 ? 0x8000 : 0x0000;
      x[32 + i] = static_cast<uint16_t>((i % 2 ? 0x8000 : 0) | (i * 4 + 1));  // up to 0x7D
      x[64 + i] = static_cast<uint16_t>((i % 2 ? 0x8000 : 0) | (0x7F7F - i * 0x100));
    }
    absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(x, 3, 32, options);
    ASSERT_TRUE(q.ok()) << q.status();
    EXPECT_EQ(q->scales[0], 0) << ScaleRuleName(rule);
    EXPECT_EQ(q->scales[1], 0) << ScaleRuleName(rule);
    EXPECT_EQ(q->scales[2], rule == ScaleRule::kEven ? 254 : rule == ScaleRule::kRceil ? 253 : 252);
    for (int r = 0; r < 3; ++r) {
      float block[32];
      for (int i = 0; i < 32; ++i) block[i] = Bf16ToFloat(x[r * 32 + i]);
      uint8_t want[32];
      EXPECT_EQ(longhand::ReferenceQuantizeBlock(block, rule, want), q->scales[r]);
      for (int i = 0; i < 32; ++i) {
        EXPECT_EQ(Fp4At(&q->data[r * 16], i), want[i]) << ScaleRuleName(rule) << " row " << r;
      }
    }
    for (int i = 0; i < 32; ++i) EXPECT_EQ(Fp4At(&q->data[0], i), i % 3 == 0 ? 8 : 0);
  }
}

// ---------------------------------------------------------------- matrices

std::vector<float> RandomFp32Matrix(Rng& rng, int64_t rows, int64_t k, bool with_specials) {
  std::vector<float> x(rows * k);
  for (int64_t b = 0; b < rows * k / 32; ++b) {
    // Each block gets its own magnitude so that all scales and codes appear.
    const uint32_t max_bits = with_specials && rng.Below(50) == 0
                                  ? rng.Next32() | 0x7F800000u  // Inf/NaN max
                                  : static_cast<uint32_t>(rng.Below(0x7F800000u));
    for (int i = 0; i < 32; ++i) {
      uint32_t bits = RandomMagnitudeBits(rng, max_bits & 0x7FFFFFFFu, 3 << 23);
      if (!with_specials && bits >= 0x7F800000u) bits = 0x7F7FFFFFu;
      x[b * 32 + i] = BitsToFloat(bits | (rng.Bit() ? 0x80000000u : 0));
    }
  }
  return x;
}

TEST(QuantizeFloat, RandomMatricesMatchLonghandReference) {
  const uint64_t seed = TestSeed(0x5EED0004);
  Rng rng(seed);
  for (ScaleRule rule : kAllRules) {
    for (int trial = 0; trial < 6; ++trial) {
      const int64_t rows = 1 + rng.Below(70), k = 32 * (1 + rng.Below(40));
      const std::vector<float> x = RandomFp32Matrix(rng, rows, k, /*with_specials=*/true);
      QuantizeOptions options;
      options.rule = rule;
      absl::StatusOr<Mxfp4Matrix> q = QuantizeFloat(x, rows, k, options);
      ASSERT_TRUE(q.ok()) << q.status();
      for (int64_t r = 0; r < rows; ++r) {
        for (int64_t g = 0; g < k / 32; ++g) {
          uint8_t want[32];
          const int want_scale = longhand::ReferenceQuantizeBlock(&x[r * k + g * 32], rule, want);
          ASSERT_EQ(q->scales[r * (k / 32) + g], want_scale)
              << "seed=" << seed << " " << ScaleRuleName(rule) << " (" << rows << "x" << k
              << ") row " << r << " group " << g;
          for (int i = 0; i < 32; ++i) {
            ASSERT_EQ(Fp4At(&q->data[r * (k / 2)], g * 32 + i), want[i])
                << "seed=" << seed << " " << ScaleRuleName(rule) << " row " << r << " k "
                << g * 32 + i << " x=" << x[r * k + g * 32 + i];
          }
        }
      }
    }
  }
}

TEST(QuantizeBf16, AgreesWithQuantizeFloatOnWidenedValues) {
  const uint64_t seed = TestSeed(0x5EED0005);
  Rng rng(seed);
  const int64_t rows = 37, k = 320;
  std::vector<uint16_t> bf16(rows * k);
  std::vector<float> widened(rows * k);
  for (size_t i = 0; i < bf16.size(); ++i) {
    bf16[i] = static_cast<uint16_t>(rng.Next32());
    widened[i] = Bf16ToFloat(bf16[i]);
  }
  for (ScaleRule rule : kAllRules) {
    QuantizeOptions options;
    options.rule = rule;
    absl::StatusOr<Mxfp4Matrix> a = QuantizeBf16(bf16, rows, k, options);
    absl::StatusOr<Mxfp4Matrix> b = QuantizeFloat(widened, rows, k, options);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->data, b->data) << "seed=" << seed;
    EXPECT_EQ(a->scales, b->scales) << "seed=" << seed;
  }
}

TEST(QuantizeBf16, ShuffledScalesEqualConvertedNaturalScales) {
  const uint64_t seed = TestSeed(0x5EED0006);
  Rng rng(seed);
  for (int trial = 0; trial < 12; ++trial) {
    // Shapes on both sides of the 256-row and 8-group padding edges.
    const int64_t rows = trial == 0 ? 256 : 1 + rng.Below(600);
    const int64_t groups = trial == 1 ? 8 : 1 + rng.Below(20);
    const int64_t k = groups * 32;
    std::vector<uint16_t> x(rows * k);
    for (uint16_t& v : x) v = FloatToBf16(BitsToFloat(rng.Next32() & 0xBFFFFFFFu));
    QuantizeOptions options;
    options.rule = kAllRules[trial % 3];
    absl::StatusOr<Mxfp4Matrix> natural = QuantizeBf16(x, rows, k, options);
    ASSERT_TRUE(natural.ok()) << natural.status();
    for (ScaleLayout layout : {ScaleLayout::kShuffled16, ScaleLayout::kShuffled32}) {
      options.scale_layout = layout;
      absl::StatusOr<Mxfp4Matrix> shuffled = QuantizeBf16(x, rows, k, options);
      ASSERT_TRUE(shuffled.ok()) << shuffled.status();
      absl::StatusOr<std::vector<uint8_t>> converted =
          ConvertScaleLayout(natural->scales, ScaleLayout::kNatural, layout, rows, groups);
      ASSERT_TRUE(converted.ok()) << converted.status();
      EXPECT_EQ(shuffled->scales, *converted) << "seed=" << seed << " " << ScaleLayoutName(layout)
                                              << " rows=" << rows << " groups=" << groups;
      EXPECT_EQ(shuffled->data, natural->data);
      EXPECT_EQ(shuffled->scale_layout, layout);
      EXPECT_EQ(shuffled->scales.size(), ScaleStorageBytes(layout, rows, groups));
    }
  }
}

TEST(QuantizeBf16, IntoVariantOverwritesStaleBuffers) {
  const int64_t rows = 40, k = 96;
  std::vector<uint16_t> x(rows * k);
  for (size_t i = 0; i < x.size(); ++i) x[i] = FloatToBf16(std::sin(0.1f * i) * 10);
  for (ScaleLayout layout : {ScaleLayout::kNatural, ScaleLayout::kShuffled16}) {
    QuantizeOptions options;
    options.scale_layout = layout;
    absl::StatusOr<Mxfp4Matrix> want = QuantizeBf16(x, rows, k, options);
    ASSERT_TRUE(want.ok());
    std::vector<uint8_t> data(rows * k / 2, 0xAB);
    std::vector<uint8_t> scales(ScaleStorageBytes(layout, rows, k / 32), 0xCD);
    ASSERT_TRUE(
        QuantizeBf16Into(x, rows, k, options, absl::MakeSpan(data), absl::MakeSpan(scales)).ok());
    EXPECT_EQ(data, want->data);
    EXPECT_EQ(scales, want->scales);  // padding rewritten as 0
  }
}

TEST(QuantizeBf16, MultiThreadedEqualsSingleThreaded) {
  const uint64_t seed = TestSeed(0x5EED0007);
  Rng rng(seed);
  // Big enough that up to 8 threads each get a real share of the rows.
  const int64_t rows = 1000, k = 1536;
  ASSERT_GE(rows * k, 8 * kQuantizeMinElementsPerThread) << "too small to use 8 threads";
  std::vector<uint16_t> x(rows * k);
  for (uint16_t& v : x) v = FloatToBf16(BitsToFloat(rng.Next32() & 0xC0FFFFFFu));
  for (ScaleLayout layout : {ScaleLayout::kNatural, ScaleLayout::kShuffled32}) {
    QuantizeOptions options;
    options.scale_layout = layout;
    options.num_threads = 1;
    absl::StatusOr<Mxfp4Matrix> single = QuantizeBf16(x, rows, k, options);
    ASSERT_TRUE(single.ok());
    for (int threads : {0, 2, 3, 8, 1000}) {
      options.num_threads = threads;
      absl::StatusOr<Mxfp4Matrix> multi = QuantizeBf16(x, rows, k, options);
      ASSERT_TRUE(multi.ok());
      EXPECT_EQ(multi->data, single->data) << "threads=" << threads << " seed=" << seed;
      EXPECT_EQ(multi->scales, single->scales) << "threads=" << threads << " seed=" << seed;
    }
  }
}

// ---------------------------------------------------------------- dequantize

// A random MXFP4 matrix: random codes, random scales in [lo, hi].
Mxfp4Matrix RandomMxfp4(Rng& rng, int64_t rows, int64_t k, int scale_lo, int scale_hi) {
  Mxfp4Matrix m;
  m.shape.rows = rows;
  m.shape.k = k;
  m.data.resize(rows * k / 2);
  m.scales.resize(rows * k / 32);
  for (uint8_t& b : m.data) b = static_cast<uint8_t>(rng.Next32());
  for (uint8_t& s : m.scales)
    s = static_cast<uint8_t>(scale_lo + rng.Below(scale_hi - scale_lo + 1));
  return m;
}

std::vector<float> DequantizeOrDie(const Mxfp4Matrix& m) {
  absl::StatusOr<Mxfp4View> view = m.view();
  EXPECT_TRUE(view.ok()) << view.status();
  absl::StatusOr<std::vector<float>> out = Dequantize(*view);
  EXPECT_TRUE(out.ok()) << out.status();
  return out.ok() ? *out : std::vector<float>();
}

void ExpectSameBits(const std::vector<float>& got, const std::vector<float>& want,
                    const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    ASSERT_EQ(FloatBits(got[i]), FloatBits(want[i]))
        << what << " element " << i << ": " << got[i] << " vs " << want[i];
  }
}

TEST(Dequantize, ValuesFollowTheSpecFormula) {
  const uint64_t seed = TestSeed(0x5EED0008);
  Rng rng(seed);
  const Mxfp4Matrix m = RandomMxfp4(rng, 9, 256, 0, 255);
  const std::vector<float> out = DequantizeOrDie(m);
  for (int64_t r = 0; r < 9; ++r) {
    for (int64_t i = 0; i < 256; ++i) {
      const uint8_t code = Fp4At(&m.data[r * 128], i);
      const uint8_t s = m.scales[r * 8 + i / 32];
      const float got = out[r * 256 + i];
      if (s == 0xFF) {
        EXPECT_TRUE(std::isnan(got));
        continue;
      }
      const double exact = std::ldexp(static_cast<double>(E2m1ToFloat(code)), s - 127);
      EXPECT_EQ(FloatBits(got), FloatBits(static_cast<float>(exact)))
          << "seed=" << seed << " code=" << int{code} << " scale=" << int{s};
    }
  }
}

TEST(Dequantize, QuantizingRepresentableValuesIsExact) {
  const uint64_t seed = TestSeed(0x5EED0009);
  Rng rng(seed);
  // Scales up to 252 so that every value (up to 6 * 2^125) is a finite fp32.
  const Mxfp4Matrix m = RandomMxfp4(rng, 64, 512, 0, 252);
  const std::vector<float> values = DequantizeOrDie(m);
  for (ScaleRule rule : kAllRules) {
    QuantizeOptions options;
    options.rule = rule;
    absl::StatusOr<Mxfp4Matrix> again = QuantizeFloat(values, 64, 512, options);
    ASSERT_TRUE(again.ok()) << again.status();
    ExpectSameBits(DequantizeOrDie(*again), values,
                   absl::StrFormat("rule=%s seed=%d", ScaleRuleName(rule), seed));
  }
}

TEST(Dequantize, ErrorIsAtMostHalfTheLargestGap) {
  const uint64_t seed = TestSeed(0x5EED000A);
  Rng rng(seed);
  const int64_t rows = 50, k = 640;
  const std::vector<float> x = RandomFp32Matrix(rng, rows, k, /*with_specials=*/false);
  for (ScaleRule rule : kAllRules) {
    QuantizeOptions options;
    options.rule = rule;
    absl::StatusOr<Mxfp4Matrix> q = QuantizeFloat(x, rows, k, options);
    ASSERT_TRUE(q.ok());
    const std::vector<float> back = DequantizeOrDie(*q);
    // Largest gap of the E2M1 grid is 2 (4 -> 6); FLOOR may also saturate from < 8.
    const double bound = rule == ScaleRule::kOcpFloor ? 2.0 : 1.0;
    for (int64_t i = 0; i < rows * k; ++i) {
      const int s = q->scales[i / 32];
      if (s >= 253 || std::isinf(back[i])) continue;  // values beyond fp32
      EXPECT_LE(std::fabs(static_cast<double>(back[i]) - x[i]), std::ldexp(bound, s - 127))
          << "seed=" << seed << " " << ScaleRuleName(rule) << " i=" << i << " x=" << x[i];
    }
  }
}

TEST(Dequantize, NanScaleGivesNanAndLargestScaleMayOverflow) {
  Mxfp4Matrix m;
  m.shape = {2, 32};
  m.data.assign(32, 0x21);  // codes 1 (0.5) and 2 (1.0)
  m.scales = {0xFF, 0xFE};
  const std::vector<float> out = DequantizeOrDie(m);
  for (int i = 0; i < 32; ++i) EXPECT_TRUE(std::isnan(out[i])) << i;
  EXPECT_EQ(out[32], std::ldexp(1.0f, 126));
  EXPECT_EQ(out[33], std::ldexp(1.0f, 127));
  m.data.assign(32, 0x77);  // 6.0 * 2^127 is beyond fp32
  EXPECT_TRUE(std::isinf(DequantizeOrDie(m)[40]));
}

TEST(Dequantize, ReadsShuffledScaleLayouts) {
  const uint64_t seed = TestSeed(0x5EED000B);
  Rng rng(seed);
  std::vector<uint16_t> x(300 * 96);
  for (uint16_t& v : x) v = FloatToBf16(BitsToFloat(rng.Next32() & 0xC1FFFFFFu));
  QuantizeOptions options;
  absl::StatusOr<Mxfp4Matrix> natural = QuantizeBf16(x, 300, 96, options);
  options.scale_layout = ScaleLayout::kShuffled16;
  absl::StatusOr<Mxfp4Matrix> shuffled = QuantizeBf16(x, 300, 96, options);
  ASSERT_TRUE(natural.ok() && shuffled.ok());
  ExpectSameBits(DequantizeOrDie(*shuffled), DequantizeOrDie(*natural), "shuffled16");
}

// ---------------------------------------------------------------- bad input

absl::Status QuantizeStatus(int64_t size, int64_t rows, int64_t k, QuantizeOptions options = {}) {
  std::vector<uint16_t> x(size);
  return QuantizeBf16(x, rows, k, options).status();
}

TEST(QuantizeBadInput, ClearErrors) {
  auto expect_error = [](const absl::Status& s, const std::string& fragment) {
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_THAT(std::string(s.message()), HasSubstr(fragment));
  };
  expect_error(QuantizeStatus(33, 1, 33), "not a multiple of the MXFP4 block size 32");
  expect_error(QuantizeStatus(48, 1, 48), "k=48");
  expect_error(QuantizeStatus(63, 1, 64), "input has 63 elements but rows*k = 1*64 = 64");
  expect_error(QuantizeStatus(65, 1, 64), "input has 65 elements");
  expect_error(QuantizeStatus(0, 0, 64), "empty or negative shape (rows=0, k=64)");
  expect_error(QuantizeStatus(0, 4, 0), "empty or negative shape");
  expect_error(QuantizeStatus(0, -1, 32), "empty or negative shape");
  expect_error(QuantizeStatus(32, int64_t{1} << 40, int64_t{1} << 30), "overflows int64");
  QuantizeOptions options;
  options.num_threads = -2;
  expect_error(QuantizeStatus(32, 1, 32, options), "num_threads=-2");
  options = {};
  options.rule = static_cast<ScaleRule>(42);
  expect_error(QuantizeStatus(32, 1, 32, options), "unknown ScaleRule value 42");
  options = {};
  options.scale_layout = static_cast<ScaleLayout>(9);
  expect_error(QuantizeStatus(32, 1, 32, options), "unknown ScaleLayout value 9");

  std::vector<float> f(64);
  expect_error(QuantizeFloat(f, 2, 48, {}).status(), "QuantizeFloat");

  std::vector<uint16_t> x(2 * 64);
  std::vector<uint8_t> data(2 * 32), scales(4);
  EXPECT_TRUE(QuantizeBf16Into(x, 2, 64, {}, absl::MakeSpan(data), absl::MakeSpan(scales)).ok());
  std::vector<uint8_t> short_data(63);
  expect_error(QuantizeBf16Into(x, 2, 64, {}, absl::MakeSpan(short_data), absl::MakeSpan(scales)),
               "data buffer has 63 bytes but (rows=2, k=64) needs rows*k/2 = 64");
  options = {};
  options.scale_layout = ScaleLayout::kShuffled16;
  expect_error(QuantizeBf16Into(x, 2, 64, options, absl::MakeSpan(data), absl::MakeSpan(scales)),
               "scale buffer has 4 bytes but (rows=2, groups=2) in layout shuffled16 needs 2048");
}

TEST(ScaleRuleNames, RoundTrip) {
  for (ScaleRule rule : kAllRules) {
    absl::StatusOr<ScaleRule> parsed = ParseScaleRule(ScaleRuleName(rule));
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, rule);
  }
  EXPECT_EQ(*ParseScaleRule("OCP_FLOOR"), ScaleRule::kOcpFloor);
  EXPECT_STREQ(ScaleRuleName(static_cast<ScaleRule>(7)), "unknown");
  absl::StatusOr<ScaleRule> bad = ParseScaleRule("nearest");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(bad.status().message()), HasSubstr("\"nearest\""));
}

}  // namespace
}  // namespace mxfp4
