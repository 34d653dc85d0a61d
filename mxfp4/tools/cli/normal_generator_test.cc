// File: mxfp4/tools/cli/normal_generator_test.cc
//
// The generator behind `mxfp4 run` must equal its documented numpy recipe
// bit for bit: the goldens in testdata/ were made by make_normal_golden.py
// (numpy only, the snippet in docs/cli.md). Also checks SplitMix64 against
// its published reference values and the distribution's first moments.

#include "mxfp4/tools/cli/normal_generator.h"

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/io/npy.h"

namespace mxfp4::cli {
namespace {

std::string Golden(const std::string& name) {
  const char* srcdir = std::getenv("TEST_SRCDIR");
  return std::string(srcdir ? srcdir : ".") + "/mxfp4/mxfp4/tools/testdata/" + name;
}

std::vector<uint16_t> ReadBits(const std::string& path, std::vector<int64_t> want_shape) {
  absl::StatusOr<NpyArray> a = ReadNpy(path);
  EXPECT_TRUE(a.ok()) << a.status();
  if (!a.ok()) return {};
  EXPECT_EQ(a->shape, want_shape) << path;
  absl::StatusOr<std::vector<uint16_t>> v = a->AsU16();
  EXPECT_TRUE(v.ok()) << v.status();
  return v.ok() ? *v : std::vector<uint16_t>{};
}

// SplitMix64 with seed 1234567: the first outputs of the reference C code
// (Vigna, splitmix64.c), as listed in many ports' test suites.
TEST(NormalBf16GeneratorTest, SplitMix64ReferenceOutputs) {
  NormalBf16Generator gen(1234567);
  EXPECT_EQ(gen.NextU64(), 6457827717110365317ull);
  EXPECT_EQ(gen.NextU64(), 3203168211198807973ull);
  EXPECT_EQ(gen.NextU64(), 9817491932198370423ull);
  EXPECT_EQ(gen.NextU64(), 4593380528125082431ull);
  EXPECT_EQ(gen.NextU64(), 16408922859458223821ull);
}

TEST(NormalBf16GeneratorTest, MatchesTheNumpyRecipeBitForBit) {
  for (uint64_t seed : {0ull, 42ull}) {
    SCOPED_TRACE(absl::StrCat("seed ", seed));
    const std::vector<uint16_t> want_a =
        ReadBits(Golden(absl::StrCat("normal_seed", seed, "_A_4x64_bf16bits.npy")), {4, 64});
    const std::vector<uint16_t> want_b =
        ReadBits(Golden(absl::StrCat("normal_seed", seed, "_B_16x64_bf16bits.npy")), {16, 64});
    NormalBf16Generator gen(seed);
    std::vector<uint16_t> a(4 * 64), b(16 * 64);
    gen.Fill(absl::MakeSpan(a));
    gen.Fill(absl::MakeSpan(b));
    ASSERT_EQ(a.size(), want_a.size());
    ASSERT_EQ(b.size(), want_b.size());
    for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], want_a[i]) << "A flat index " << i;
    for (size_t i = 0; i < b.size(); ++i) ASSERT_EQ(b[i], want_b[i]) << "B flat index " << i;
  }
}

// Standard normal: mean ~0, variance ~1, and tails as expected, over 2^18
// values (a broken Box-Muller or a wrong uniform mapping fails these).
TEST(NormalBf16GeneratorTest, LooksStandardNormal) {
  const uint64_t seed = 7;
  NormalBf16Generator gen(seed);
  std::vector<uint16_t> v(1 << 18);
  gen.Fill(absl::MakeSpan(v));
  double sum = 0, sum_sq = 0;
  int64_t beyond_2sigma = 0;
  for (uint16_t bits : v) {
    const double x = Bf16ToFloat(bits);
    ASSERT_TRUE(std::isfinite(x)) << "seed " << seed;
    sum += x;
    sum_sq += x * x;
    beyond_2sigma += std::abs(x) > 2.0;
  }
  const double n = static_cast<double>(v.size());
  EXPECT_NEAR(sum / n, 0.0, 0.01) << "seed " << seed;
  EXPECT_NEAR(sum_sq / n, 1.0, 0.02) << "seed " << seed;
  EXPECT_NEAR(beyond_2sigma / n, 0.0455, 0.003) << "seed " << seed;
}

}  // namespace
}  // namespace mxfp4::cli
