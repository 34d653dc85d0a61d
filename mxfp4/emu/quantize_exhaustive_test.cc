// File: mxfp4/emu/quantize_exhaustive_test.cc
//
// Every finite bf16 value, through the production matrix quantizer, against the
// independent long-hand reference (longhand_reference.h), for each scale rule
// (spec: shared/spec/mxfp4-semantics.md §2). Each value x is placed at the
// first, a middle and the last position of a 32-element block, once as the
// block max and six times as a non-max element under a larger max chosen to
// give scales 0, 1, 2, 3, 7 and 20 binades above x's own (x's code then goes
// from the saturated/top codes down to pure underflow). The other elements are
// seeded random values below the max. Scale and all 32 codes of every block are
// compared bit for bit.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/longhand_reference.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/quantize_test_util.h"

namespace mxfp4 {
namespace {

using testing_util::RandomMagnitudeBits;
using testing_util::Rng;
using testing_util::TestSeed;

constexpr int kPositions[] = {0, 13, 31};                    // first, middle, last
constexpr int kMaxBinadesAbove[] = {-1, 0, 1, 2, 3, 7, 20};  // -1: x itself is the max
constexpr uint16_t kLargestFiniteBf16 = 0x7F7F;

bool IsFiniteBf16(uint32_t b) { return (b & 0x7F80u) != 0x7F80u; }

struct BlockCase {
  uint16_t x;
  int position;
  int binades_above;
};

// Fills `block` (32 bf16) for one case.
void MakeBlock(const BlockCase& c, Rng& rng, uint16_t* block) {
  const uint16_t x_mag = c.x & 0x7FFF;
  uint16_t max_mag = x_mag;
  int max_position = c.position;
  if (c.binades_above >= 0) {
    // Same exponent + binades_above, random mantissa, never below |x|, clamped
    // to the largest finite bf16.
    const int exponent = (x_mag >> 7) + c.binades_above;
    uint32_t candidate = (static_cast<uint32_t>(exponent) << 7) | (rng.Next32() & 0x7F);
    if (exponent > 0xFE) candidate = kLargestFiniteBf16;
    max_mag = static_cast<uint16_t>(std::max<uint32_t>(candidate, x_mag));
    max_position = (c.position + 1 + static_cast<int>(rng.Below(31))) % 32;
  }
  for (int i = 0; i < 32; ++i) {
    const uint16_t sign = rng.Bit() ? 0x8000 : 0;
    block[i] = sign | static_cast<uint16_t>(RandomMagnitudeBits(rng, max_mag, 3 * 128));
  }
  if (max_position != c.position) block[max_position] = (rng.Bit() ? 0x8000 : 0) | max_mag;
  block[c.position] = c.x;
}

class ExhaustiveBf16Test : public ::testing::TestWithParam<ScaleRule> {};

TEST_P(ExhaustiveBf16Test, EveryFiniteValueAtEveryPositionClass) {
  const ScaleRule rule = GetParam();
  const uint64_t seed = TestSeed(0x5EED0001);
  Rng rng(seed + static_cast<uint64_t>(rule));

  std::vector<BlockCase> cases;
  for (uint32_t b = 0; b < 0x10000; ++b) {
    if (!IsFiniteBf16(b)) continue;
    for (int position : kPositions) {
      for (int binades : kMaxBinadesAbove) {
        cases.push_back({static_cast<uint16_t>(b), position, binades});
      }
    }
  }
  const int64_t rows = static_cast<int64_t>(cases.size());
  std::vector<uint16_t> input(rows * 32);
  for (int64_t r = 0; r < rows; ++r) MakeBlock(cases[r], rng, &input[r * 32]);

  QuantizeOptions options;
  options.rule = rule;
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(input, rows, 32, options);
  ASSERT_TRUE(q.ok()) << q.status();

  int failures = 0;
  int64_t scales_seen[256] = {};
  for (int64_t r = 0; r < rows && failures < 20; ++r) {
    float block[32];
    for (int i = 0; i < 32; ++i) block[i] = Bf16ToFloat(input[r * 32 + i]);
    uint8_t want_codes[32];
    const int want_scale = longhand::ReferenceQuantizeBlock(block, rule, want_codes);
    const int got_scale = q->scales[r];
    ++scales_seen[got_scale];
    bool ok = got_scale == want_scale;
    int first_bad = -1;
    for (int i = 0; i < 32 && ok; ++i) {
      if (Fp4At(&q->data[r * 16], i) != want_codes[i]) ok = false, first_bad = i;
    }
    if (!ok) {
      ++failures;
      const BlockCase& c = cases[r];
      std::string detail = absl::StrFormat(
          "rule=%s seed=%d row=%d x=0x%04x (%g) position=%d max_binades_above=%d: scale got %d "
          "want %d",
          ScaleRuleName(rule), seed, r, c.x, Bf16ToFloat(c.x), c.position, c.binades_above,
          got_scale, want_scale);
      if (first_bad >= 0) {
        absl::StrAppendFormat(&detail, "; element %d = 0x%04x (%g): code got %d want %d", first_bad,
                              input[r * 32 + first_bad], block[first_bad],
                              Fp4At(&q->data[r * 16], first_bad), want_codes[first_bad]);
      }
      ADD_FAILURE() << detail;
    }
  }
  // Guard: the cases really spread over the scale range (a generator bug that
  // made every block tiny would otherwise pass vacuously).
  int distinct_scales = 0;
  for (int64_t n : scales_seen) distinct_scales += n > 0;
  EXPECT_GE(distinct_scales, 250) << "seed=" << seed;
}

INSTANTIATE_TEST_SUITE_P(AllRules, ExhaustiveBf16Test,
                         ::testing::Values(ScaleRule::kEven, ScaleRule::kOcpFloor,
                                           ScaleRule::kRceil),
                         [](const ::testing::TestParamInfo<ScaleRule>& info) {
                           return std::string(ScaleRuleName(info.param));
                         });

}  // namespace
}  // namespace mxfp4
