// File: mxfp4/tools/commands/compare_command_test.cc
//
// `mxfp4 compare`: verdicts and exit codes (0 pass, 1 fail) for tolerance and
// --exact checks, NaN handling, bf16 vs fp32 inputs, and the report's content
// (max errors, histogram, first mismatches with coordinates).

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

constexpr int64_t kRows = 8, kCols = 24;

std::vector<float> RandomValues(uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 10.0f);
  std::vector<float> v(kRows * kCols);
  for (float& x : v) x = normal(rng);
  return v;
}

class CompareCommandTest : public ::testing::Test {
 protected:
  ToolResult Compare(const std::vector<float>& expected, const std::vector<float>& actual,
                     std::vector<std::string> extra = {}) {
    WriteNpyOrDie(TempPath("e.npy"), NpyArray::FromF32({kRows, kCols}, expected));
    WriteNpyOrDie(TempPath("a.npy"), NpyArray::FromF32({kRows, kCols}, actual));
    std::vector<std::string> args = {"compare", "--expected=" + TempPath("e.npy"),
                                     "--actual=" + TempPath("a.npy")};
    args.insert(args.end(), extra.begin(), extra.end());
    return RunTool(args);
  }
  const uint32_t seed_ = 4242;
  const std::vector<float> expected_ = RandomValues(seed_);
};

TEST_F(CompareCommandTest, IdenticalPassesBothChecks) {
  ToolResult r = Compare(expected_, expected_);
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("PASS: 0 of 192 elements outside"));
  r = Compare(expected_, expected_, {"--exact"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("PASS: 0 of 192 elements differ"));
}

TEST_F(CompareCommandTest, OneUlpOffFailsOnlyTheExactCheck) {
  std::vector<float> actual = expected_;
  actual[5 * kCols + 7] = std::nextafter(actual[5 * kCols + 7], INFINITY);
  ToolResult r = Compare(expected_, actual);
  EXPECT_EQ(r.exit_code, 0) << r << "seed " << seed_;
  r = Compare(expected_, actual, {"--exact"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("FAIL: 1 of 192 elements differ"));
  EXPECT_THAT(r.out, HasSubstr("(5, 7)"));  // the coordinates of the mismatch
}

TEST_F(CompareCommandTest, OutsideToleranceFailsAndIsCounted) {
  std::vector<float> actual = expected_;
  // |e| * 1e-2 + 1e-2 is the allowance; go 10x beyond it at two places.
  for (int64_t i : {int64_t{3}, int64_t{kRows * kCols - 1}}) {
    actual[i] = expected_[i] + 10.0f * (0.01f + 0.01f * std::abs(expected_[i]));
  }
  ToolResult r = Compare(expected_, actual);
  EXPECT_EQ(r.exit_code, 1) << r << "seed " << seed_;
  EXPECT_THAT(r.out, HasSubstr("FAIL: 2 of 192 elements outside atol=0.01 + rtol=0.01"));
  EXPECT_THAT(r.out, HasSubstr("max abs error"));
  EXPECT_THAT(r.out, HasSubstr("(0, 3)"));
  EXPECT_THAT(r.out, HasSubstr("(7, 23)"));
  // Loose enough tolerances pass the same data.
  r = Compare(expected_, actual, {"--atol=100", "--rtol=1"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("atol=100 + rtol=1"));
}

TEST_F(CompareCommandTest, NanMustMatchNan) {
  std::vector<float> expected = expected_, actual = expected_;
  expected[10] = std::numeric_limits<float>::quiet_NaN();
  actual[10] = -std::numeric_limits<float>::quiet_NaN();  // any NaN equals any NaN
  ToolResult r = Compare(expected, actual, {"--exact"});
  EXPECT_EQ(r.exit_code, 0) << r;
  actual[10] = 1.0f;
  r = Compare(expected, actual);
  EXPECT_EQ(r.exit_code, 1) << r;
  actual[10] = expected[10];
  actual[11] = std::numeric_limits<float>::infinity();
  r = Compare(expected, actual);
  EXPECT_EQ(r.exit_code, 1) << r;
}

TEST_F(CompareCommandTest, Bf16FilesCompareInBf16Ulps) {
  std::vector<uint16_t> e(kRows * kCols), a(kRows * kCols);
  for (size_t i = 0; i < e.size(); ++i) e[i] = a[i] = FloatToBf16(expected_[i]);
  a[0] = static_cast<uint16_t>(a[0] + 1);  // one bf16 ULP (same sign, not at a boundary)
  WriteNpyOrDie(TempPath("e16.npy"), NpyArray::FromU16({kRows, kCols}, e));
  WriteNpyOrDie(TempPath("a16.npy"), NpyArray::FromU16({kRows, kCols}, a));
  ToolResult r = RunTool({"compare", "--expected=" + TempPath("e16.npy"),
                          "--actual=" + TempPath("a16.npy"), "--exact"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("bf16"));
  EXPECT_THAT(r.out, HasSubstr("max ULP distance 1"));
  // bf16 against fp32: compared as fp32, with a note.
  WriteNpyOrDie(TempPath("e32.npy"), NpyArray::FromF32({kRows, kCols}, expected_));
  r = RunTool({"compare", "--expected=" + TempPath("e32.npy"), "--actual=" + TempPath("e16.npy")});
  EXPECT_EQ(r.exit_code, 0) << r;  // bf16 rounding is within 1e-2 relative
  EXPECT_THAT(r.err, HasSubstr("comparing bf16 with fp32 as fp32"));
}

TEST_F(CompareCommandTest, OneDimensionalArraysAndListLength) {
  std::vector<float> e(100, 1.0f), a(100, 2.0f);
  WriteNpyOrDie(TempPath("e1.npy"), NpyArray::FromF32({100}, e));
  WriteNpyOrDie(TempPath("a1.npy"), NpyArray::FromF32({100}, a));
  ToolResult r = RunTool({"compare", "--expected=" + TempPath("e1.npy"),
                          "--actual=" + TempPath("a1.npy"), "--max_mismatches=2"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("(0, 1)"));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("(0, 2)")));
}

}  // namespace
}  // namespace mxfp4::cli
