// File: mxfp4/emu/accumulation_test.cc
//
// Contract names, the KSplit description and the block_fma primitives
// (docs/accumulation.md), edge by edge.

#include "mxfp4/emu/accumulation.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"

namespace mxfp4 {
namespace {

TEST(ContractTest, NamesRoundTrip) {
  for (Contract c : kAllContracts) {
    absl::StatusOr<Contract> parsed = ParseContract(ContractName(c));
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, c);
  }
  EXPECT_STREQ(ContractName(Contract::kBlockFma), "block_fma");
  EXPECT_STREQ(ContractName(Contract::kIdeal), "ideal");
  absl::StatusOr<Contract> bad = ParseContract("nearest");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(bad.status().message().find("block_fma"), absl::string_view::npos);
  EXPECT_EQ(ContractBlocksPerStep(Contract::kMfma16), 4);
  EXPECT_EQ(ContractBlocksPerStep(Contract::kMfma32), 2);
  EXPECT_EQ(ContractBlocksPerStep(Contract::kBlockFma), 1);
}

TEST(KSplitTest, EvenAndChunked) {
  absl::StatusOr<KSplit> even = KSplit::Even(48, 4);
  ASSERT_TRUE(even.ok());
  EXPECT_EQ(even->boundaries, (std::vector<int64_t>{12, 24, 36}));
  EXPECT_EQ(even->num_splits(), 4);
  EXPECT_EQ(even->begin(0), 0);
  EXPECT_EQ(even->end(3, 48), 48);
  EXPECT_EQ(even->ToString(48), "[0,12)[12,24)[24,36)[36,48)");
  // 10 blocks over 4 splits of 3 rounded up to 4-block instructions: 4, 4, 2, 0.
  absl::StatusOr<KSplit> aligned = KSplit::Even(10, 4, 4);
  ASSERT_TRUE(aligned.ok());
  EXPECT_EQ(aligned->boundaries, (std::vector<int64_t>{4, 8, 10}));
  EXPECT_TRUE(aligned->Validate(10, 1).ok());
  EXPECT_TRUE(aligned->Validate(10, 4).ok());  // 10 = the end of K is always allowed
  EXPECT_FALSE(KSplit::FromBoundaries({4, 6, 10}).Validate(10, 4).ok());
  absl::StatusOr<KSplit> chunked = KSplit::Chunked(10, 4);
  ASSERT_TRUE(chunked.ok());
  EXPECT_EQ(chunked->boundaries, (std::vector<int64_t>{4, 8}));
  EXPECT_EQ(KSplit::None().ToString(10), "none");
  EXPECT_FALSE(KSplit::None().is_split());
  EXPECT_FALSE(KSplit::Even(10, 0).ok());
  EXPECT_FALSE(KSplit::Even(10, 2, 0).ok());
  EXPECT_FALSE(KSplit::Chunked(10, 0).ok());
}

TEST(KSplitTest, GroupedRuns) {
  KSplit split = KSplit::FromBoundaries({12, 24, 36});
  split.group = 2;
  EXPECT_EQ(split.ToString(48), "([0,12)[12,24))([24,36)[36,48))");
  split.group = 3;
  EXPECT_EQ(split.ToString(48), "([0,12)[12,24)[24,36))([36,48))");
  EXPECT_TRUE(split.Validate(48).ok());
  split.group = 0;
  EXPECT_EQ(split.Validate(48).code(), absl::StatusCode::kInvalidArgument);
}

TEST(KSplitTest, OuterRunsOfRuns) {
  KSplit split = KSplit::FromBoundaries({6, 12, 18, 24, 30, 36, 42});
  split.group = 2;
  split.outer_group = 2;
  EXPECT_EQ(split.ToString(48),
            "{([0,6)[6,12))([12,18)[18,24))}{([24,30)[30,36))([36,42)[42,48))}");
  EXPECT_TRUE(split.Validate(48).ok());
  split.outer_group = 3;  // a short last outer run
  EXPECT_EQ(split.ToString(48),
            "{([0,6)[6,12))([12,18)[18,24))([24,30)[30,36))}{([36,42)[42,48))}");
  split.group = 1;  // outer runs of plain splits
  split.outer_group = 4;
  EXPECT_EQ(split.ToString(48), "{[0,6)[6,12)[12,18)[18,24)}{[24,30)[30,36)[36,42)[42,48)}");
  split.outer_group = 0;
  EXPECT_EQ(split.Validate(48).code(), absl::StatusCode::kInvalidArgument);
  split.group = 1 << 20;
  split.outer_group = 1 << 20;  // group x outer_group would overflow the combine's index
  EXPECT_EQ(split.Validate(48).code(), absl::StatusCode::kInvalidArgument);
}

TEST(KSplitTest, Validate) {
  EXPECT_TRUE(KSplit::FromBoundaries({0, 3, 3, 8}).Validate(8).ok());  // empty splits allowed
  EXPECT_EQ(KSplit::FromBoundaries({4, 2}).Validate(8).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(KSplit::FromBoundaries({9}).Validate(8).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(KSplit::FromBoundaries({-1}).Validate(8).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(KSplit::FromBoundaries({2}).Validate(8, 4).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(KSplit::FromBoundaries({4}).Validate(8, 4).ok());
}

// Every (sa, sb) pair: one fp32 multiply of two powers of two equals the
// exact product rounded once (computed here in double via ldexp).
TEST(BlockScaleProductTest, AllPairs) {
  for (int sa = 0; sa < 256; ++sa) {
    for (int sb = 0; sb < 256; ++sb) {
      const float s = BlockScaleProduct(static_cast<uint8_t>(sa), static_cast<uint8_t>(sb));
      if (sa == 255 || sb == 255) {
        ASSERT_TRUE(std::isnan(s)) << sa << " " << sb;
        continue;
      }
      const double exact = std::ldexp(1.0, sa + sb - 254);
      const float expected = static_cast<float>(exact);  // RNE, overflow -> Inf
      ASSERT_EQ(FloatBits(s), FloatBits(expected)) << "sa " << sa << " sb " << sb;
    }
  }
  // The spec-stated edges.
  EXPECT_EQ(FloatBits(BlockScaleProduct(0, 127)), 0x00400000u);  // 2^-127, subnormal
  EXPECT_EQ(FloatBits(BlockScaleProduct(0, 106)), 0x00000002u);  // 2^-148
  EXPECT_EQ(FloatBits(BlockScaleProduct(0, 105)), 0x00000001u);  // 2^-149
  EXPECT_EQ(FloatBits(BlockScaleProduct(0, 104)), 0x00000000u);  // 2^-150: tie -> even (0)
  EXPECT_EQ(FloatBits(BlockScaleProduct(0, 103)), 0x00000000u);  // 2^-151
  EXPECT_EQ(FloatBits(BlockScaleProduct(0, 0)), 0x00000000u);
  EXPECT_EQ(FloatBits(BlockScaleProduct(254, 127)), 0x7F000000u);  // 2^127
  EXPECT_EQ(FloatBits(BlockScaleProduct(254, 128)), 0x7F800000u);  // 2^128 -> +Inf
}

TEST(BlockFmaStepTest, Edges) {
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(BlockP(4608), 1152.0f);
  EXPECT_EQ(BlockP(-1), -0.25f);
  EXPECT_EQ(BlockFmaStep(0.0f, 8, 127, 127), 2.0f);
  EXPECT_EQ(BlockFmaStep(1.0f, 4, 128, 127), 3.0f);
  EXPECT_TRUE(std::isnan(BlockFmaStep(0.0f, 0, 255, 127)));  // 0 * NaN
  EXPECT_TRUE(std::isnan(BlockFmaStep(5.0f, 4, 127, 255)));  // NaN scale
  EXPECT_TRUE(std::isnan(BlockFmaStep(0.0f, 0, 254, 254)));  // 0 * Inf
  EXPECT_EQ(BlockFmaStep(0.0f, 4, 254, 254), inf);            // P * Inf
  EXPECT_EQ(BlockFmaStep(0.0f, -4, 254, 254), -inf);
  EXPECT_TRUE(std::isnan(BlockFmaStep(inf, -4, 254, 254)));  // Inf - Inf
  // Scale product underflows to 0: the block adds nothing (acc + 0).
  EXPECT_EQ(BlockFmaStep(3.0f, 4608, 0, 0), 3.0f);
  // s = 2^-149 (the smallest subnormal); P * s is exact inside the fma and
  // rounded once: 0.25 * 2^-149 < half an ulp -> +0, or -0 when negative;
  // 0.75 ulp -> 1 ulp; 2.5 ulp is a tie -> even (2 ulp).
  EXPECT_EQ(FloatBits(BlockFmaStep(0.0f, 1, 0, 105)), 0x00000000u);
  EXPECT_EQ(FloatBits(BlockFmaStep(0.0f, -1, 0, 105)), 0x80000000u);
  EXPECT_EQ(FloatBits(BlockFmaStep(0.0f, 3, 0, 105)), 0x00000001u);
  EXPECT_EQ(FloatBits(BlockFmaStep(0.0f, 10, 0, 105)), 0x00000002u);
  // acc = 1, P * s = 2^-24 exactly: a tie -> even (1.0); 1.25 * 2^-24 -> up.
  EXPECT_EQ(BlockFmaStep(1.0f, 4, 127 - 24, 127), 1.0f);
  EXPECT_EQ(BlockFmaStep(1.0f, 5, 127 - 24, 127), 1.0f + std::ldexp(1.0f, -23));
}

TEST(BlockFmaAccumulateTest, MatchesStepsAndStartsFromPositiveZero) {
  const int32_t dot4[] = {8, -8, 0};
  const uint8_t sa[] = {127, 127, 127};
  const uint8_t sb[] = {127, 127, 127};
  EXPECT_EQ(FloatBits(BlockFmaAccumulate(dot4, sa, sb, 3)), 0u);  // +0, not -0
  EXPECT_EQ(FloatBits(BlockFmaAccumulate(dot4, sa, sb, 0)), 0u);
  const int32_t big[] = {4608, 4, 4};
  const uint8_t sa_big[] = {127 + 14, 127, 127};  // 1152 * 2^14 = 2^24 + 2^21 ... then +1, +1
  float acc = 0.0f;
  for (int g = 0; g < 3; ++g) acc = std::fma(BlockP(big[g]), BlockScaleProduct(sa_big[g], 127), acc);
  EXPECT_EQ(FloatBits(BlockFmaAccumulate(big, sa_big, sb, 3)), FloatBits(acc));
}

TEST(CombineSplitPartialsTest, FixedLeftToRightOrder) {
  // (2^24 + 1) + 1 in different orders: ((a + b) + c) is the contract.
  const float a = 16777216.0f, b = 1.0f, c = 1.0f;
  EXPECT_EQ(CombineSplitPartials({a, b, c}), (a + b) + c);  // 2^24 (two ties to even)
  EXPECT_EQ(CombineSplitPartials({a, b, c}), 16777216.0f);
  EXPECT_EQ(CombineSplitPartials({b, c, a}), 16777218.0f);  // (1 + 1) + 2^24
  EXPECT_EQ(CombineSplitPartials({}), 0.0f);
  EXPECT_EQ(CombineSplitPartials({-0.0f}), -0.0f);
  EXPECT_EQ(FloatBits(CombineSplitPartials({-0.0f, 0.0f})), 0u);
}

TEST(CombineSplitPartialsTest, RunsOfAGroupFirst) {
  // 2^24 + 1 + 1 + 1: the chain drops every 1 (ties to even), runs of 2 keep
  // (1 + 1): (2^24 + 1) + (1 + 1) = 2^24 + 2.
  const float big = 16777216.0f;
  EXPECT_EQ(CombineSplitPartials({big, 1.0f, 1.0f, 1.0f}, 1), big);
  EXPECT_EQ(CombineSplitPartials({big, 1.0f, 1.0f, 1.0f}, 2), big + 2.0f);
  EXPECT_EQ(CombineSplitPartials({big, 1.0f, 1.0f, 1.0f}, 4), big);     // one run: the chain
  EXPECT_EQ(CombineSplitPartials({big, 1.0f, 1.0f, 1.0f}, 8), big);     // group > count
  EXPECT_EQ(CombineSplitPartials({big, 1.0f, 1.0f, 1.0f, 1.0f}, 3), big + 2.0f);  // short last run
  // Each run and the total start from their first partial: -0 runs stay -0.
  EXPECT_EQ(FloatBits(CombineSplitPartials({-0.0f, -0.0f, -0.0f, -0.0f}, 2)), 0x80000000u);
  EXPECT_EQ(FloatBits(CombineSplitPartials({-0.0f, -0.0f, 0.0f, -0.0f}, 2)), 0u);
}

TEST(CombineSplitPartialsTest, OuterRunsOfRunsNext) {
  // 2^24 + 1 rounds to 2^24 (ties to even); 2^24 + 2 is exact.
  const float big = 16777216.0f;
  const std::vector<float> p = {big, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
  // Runs of 2: {2^24, 2, 2, 2}, chained: 2^24 + 6.
  EXPECT_EQ(CombineSplitPartials(p, 2, 1), big + 6.0f);
  // Outer runs of 4 plain splits: {((2^24 + 1) + 1) + 1 = 2^24, 4}: 2^24 + 4.
  EXPECT_EQ(CombineSplitPartials(p, 1, 4), big + 4.0f);
  // Runs of 2 in outer runs of 2: {(2^24 + 2), (2 + 2)}: 2^24 + 6.
  EXPECT_EQ(CombineSplitPartials(p, 2, 2), big + 6.0f);
  // Runs of 4 in outer runs of 2: one outer run, ((2^24 + 1) + 1) + 1 then
  // (1 + 1) + 1 + 1: 2^24 + 4.
  EXPECT_EQ(CombineSplitPartials(p, 4, 2), big + 4.0f);
  // A short last outer run: runs of 2 in outer runs of 2 over 6 partials:
  // {(2^24 + 2), 2}: 2^24 + 4, where outer runs of 3 runs give one sum.
  const std::vector<float> q = {big, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
  EXPECT_EQ(CombineSplitPartials(q, 2, 2), big + 4.0f);
  EXPECT_EQ(CombineSplitPartials(q, 2, 3), big + 4.0f);
  // Outer runs of 1 are the plain runs.
  EXPECT_EQ(CombineSplitPartials(q, 2, 1), CombineSplitPartials(q, 2));
  // Three orders, three results: {1, 1, 1, 2^24, 1, 2^24, -2^24, -2^24}.
  //   runs of 2 in outer runs of 2: {(2 + 2^24), (2^24 + -2^25)}: 2;
  //   runs of 2 chained: ((2 + 2^24) + 2^24) = 2^25 (tie to even), + -2^25: 0;
  //   runs of 4: (2^24 + 3 -> 2^24 + 4) + -2^24: 4.
  const std::vector<float> r = {1.0f, 1.0f, 1.0f, big, 1.0f, big, -big, -big};
  EXPECT_EQ(CombineSplitPartials(r, 2, 2), 2.0f);
  EXPECT_EQ(CombineSplitPartials(r, 2, 1), 0.0f);
  EXPECT_EQ(CombineSplitPartials(r, 4, 1), 4.0f);
  // Every level starts from its first term: -0 stays -0.
  EXPECT_EQ(FloatBits(CombineSplitPartials(std::vector<float>(8, -0.0f), 2, 2)), 0x80000000u);
}

}  // namespace
}  // namespace mxfp4
