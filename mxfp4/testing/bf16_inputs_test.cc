// File: mxfp4/testing/bf16_inputs_test.cc
//
// The test inputs are what they claim: deterministic per seed, different
// across seeds, every finite bf16 exactly once in the exhaustive list, and
// the edge/special distributions really contain their edge values.

#include "mxfp4/testing/bf16_inputs.h"

#include <set>

#include "gtest/gtest.h"

namespace mxfp4::testing {
namespace {

constexpr Bf16Distribution kAll[] = {
    Bf16Distribution::kNormal,    Bf16Distribution::kWideExponent,
    Bf16Distribution::kEdgeValues, Bf16Distribution::kSpecials,
    Bf16Distribution::kAllFinite, Bf16Distribution::kAllFiniteShuffled};

TEST(Bf16InputsTest, SameSeedSameBytesOtherSeedOtherBytes) {
  for (Bf16Distribution d : kAll) {
    EXPECT_EQ(MakeBf16Input(d, 7, 96, 3), MakeBf16Input(d, 7, 96, 3)) << Bf16DistributionName(d);
    if (d != Bf16Distribution::kAllFinite) {
      EXPECT_NE(MakeBf16Input(d, 7, 96, 3), MakeBf16Input(d, 7, 96, 4)) << Bf16DistributionName(d);
    }
    EXPECT_EQ(MakeBf16Input(d, 7, 96, 3).size(), 7u * 96u);
  }
}

TEST(Bf16InputsTest, AllFiniteHasEveryFiniteValueOnce) {
  const std::vector<uint16_t> all = AllFiniteBf16();
  EXPECT_EQ(all.size(), 65536u - 2u * 128u);  // minus +-Inf and 2 x 127 NaNs
  EXPECT_EQ(std::set<uint16_t>(all.begin(), all.end()).size(), all.size());
  for (uint16_t v : all) EXPECT_NE(v & 0x7F80, 0x7F80) << std::hex << v;
}

TEST(Bf16InputsTest, EdgeDistributionsContainTheEdges) {
  const std::vector<uint16_t> edge = MakeBf16Input(Bf16Distribution::kEdgeValues, 64, 1024, 1);
  const std::set<uint16_t> values(edge.begin(), edge.end());
  EXPECT_TRUE(values.count(0x0000));  // +0
  EXPECT_TRUE(values.count(0x8000));  // -0
  EXPECT_TRUE(values.count(0x7F7F) || values.count(0xFF7F));  // max bf16
  EXPECT_TRUE(values.count(0x0001) || values.count(0x8001));  // smallest denormal
  bool nan = false, inf = false;
  for (uint16_t v : edge) nan |= (v & 0x7FFF) > 0x7F80, inf |= (v & 0x7FFF) == 0x7F80;
  EXPECT_FALSE(nan || inf) << "kEdgeValues must stay finite";
  const std::vector<uint16_t> specials = MakeBf16Input(Bf16Distribution::kSpecials, 64, 1024, 1);
  nan = inf = false;
  for (uint16_t v : specials) nan |= (v & 0x7FFF) > 0x7F80, inf |= (v & 0x7FFF) == 0x7F80;
  EXPECT_TRUE(nan && inf);
}

}  // namespace
}  // namespace mxfp4::testing
