// File: mxfp4/emu/error_report_test.cc
//
// The error report: bit-exactness with NaN payloads, ULP buckets at their
// edges, the contest tolerance (NaN/Inf must match), maxima, the mismatch
// list and ToString, and bad input.

#include "mxfp4/emu/error_report.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"

namespace mxfp4 {
namespace {

float Next(float x, int ulps) { return BitsToFloat(FloatBits(x) + ulps); }

int64_t BucketCount(const ErrorReport& r, const std::string& label) {
  for (const UlpBucket& b : r.ulp_histogram) {
    if (b.label == label) return b.count;
  }
  ADD_FAILURE() << "no bucket " << label;
  return -1;
}

TEST(UlpDistanceTest, OrderedLine) {
  EXPECT_EQ(UlpDistanceFp32(FloatBits(1.0f), FloatBits(1.0f)), 0);
  EXPECT_EQ(UlpDistanceFp32(FloatBits(1.0f), FloatBits(Next(1.0f, 3))), 3);
  EXPECT_EQ(UlpDistanceFp32(0x00000000u, 0x80000000u), 0);  // +0 and -0
  EXPECT_EQ(UlpDistanceFp32(0x00000001u, 0x80000001u), 2);  // across zero
  EXPECT_EQ(UlpDistanceFp32(0x7F7FFFFFu, 0x7F800000u), 1);  // max -> Inf
  EXPECT_EQ(UlpDistanceBf16(0x3F80, 0x3F82), 2);
  EXPECT_EQ(UlpDistanceBf16(0x0001, 0x8001), 2);
}

TEST(ErrorReportTest, IdenticalIsBitExact) {
  const std::vector<float> v = {1.0f, -2.5f, 0.0f, std::numeric_limits<float>::infinity()};
  absl::StatusOr<ErrorReport> r = CompareFp32(v, v, 2, 2);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->bit_exact);
  EXPECT_TRUE(r->within_tolerance());
  EXPECT_EQ(r->num_bit_mismatches, 0);
  EXPECT_EQ(BucketCount(*r, "0"), 4);
  EXPECT_TRUE(r->first_mismatches.empty());
  EXPECT_NE(r->ToString().find("bit-exact"), std::string::npos);
}

TEST(ErrorReportTest, NanPayloadsAreEqualButNanMismatchIsNot) {
  const float nan1 = BitsToFloat(0x7FC00000u), nan2 = BitsToFloat(0xFFC00001u);
  absl::StatusOr<ErrorReport> same = CompareFp32({nan1}, {nan2}, 1, 1);
  ASSERT_TRUE(same.ok());
  EXPECT_TRUE(same->bit_exact);
  EXPECT_TRUE(same->within_tolerance());
  absl::StatusOr<ErrorReport> diff = CompareFp32({nan1, 0.0f}, {0.0f, nan1}, 1, 2);
  ASSERT_TRUE(diff.ok());
  EXPECT_FALSE(diff->bit_exact);
  EXPECT_EQ(diff->num_outside_tolerance, 2);
  EXPECT_EQ(BucketCount(*diff, "NaN-mismatch"), 2);
  ASSERT_EQ(diff->first_mismatches.size(), 2u);
  EXPECT_EQ(diff->first_mismatches[0].ulp_distance, -1);
  EXPECT_EQ(diff->max_ulp_distance, 0);
}

TEST(ErrorReportTest, SignedZerosDifferInBitsOnly) {
  absl::StatusOr<ErrorReport> r = CompareFp32({-0.0f}, {0.0f}, 1, 1);
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->bit_exact);
  EXPECT_TRUE(r->within_tolerance());
  EXPECT_EQ(BucketCount(*r, "0"), 1);
}

TEST(ErrorReportTest, UlpBucketEdges) {
  const float x = 1.0f;
  const std::vector<int> distances = {0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 1 << 24, (1 << 24) + 1};
  std::vector<float> actual, expected;
  for (int d : distances) {
    actual.push_back(Next(x, d));
    expected.push_back(x);
  }
  absl::StatusOr<ErrorReport> r =
      CompareFp32(actual, expected, 1, static_cast<int64_t>(distances.size()));
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(BucketCount(*r, "0"), 1);
  EXPECT_EQ(BucketCount(*r, "1"), 1);
  EXPECT_EQ(BucketCount(*r, "2"), 1);
  EXPECT_EQ(BucketCount(*r, "3-4"), 2);
  EXPECT_EQ(BucketCount(*r, "5-8"), 2);
  EXPECT_EQ(BucketCount(*r, "9-16"), 2);
  EXPECT_EQ(BucketCount(*r, "17-32"), 1);
  EXPECT_EQ(BucketCount(*r, "2^23+1-2^24"), 1);
  EXPECT_EQ(BucketCount(*r, ">2^24"), 1);
  EXPECT_EQ(r->max_ulp_distance, (1 << 24) + 1);
  int64_t total = 0;
  for (const UlpBucket& b : r->ulp_histogram) total += b.count;
  EXPECT_EQ(total, static_cast<int64_t>(distances.size()));
}

TEST(ErrorReportTest, ContestTolerance) {
  const float inf = std::numeric_limits<float>::infinity();
  // |a - e| <= 0.01 + 0.01 * |e|
  const std::vector<float> expected = {1.0f, 1.0f, 100.0f, 100.0f, 0.0f, inf, inf, 5.0f};
  const std::vector<float> actual = {1.015f, 1.03f, 100.9f, 102.5f, 0.0099f, inf, -inf, inf};
  absl::StatusOr<ErrorReport> r = CompareFp32(actual, expected, 2, 4);
  ASSERT_TRUE(r.ok());
  // Outside: 1.03, 102.5, -inf vs inf, inf vs 5.
  EXPECT_EQ(r->num_outside_tolerance, 4);
  EXPECT_FALSE(r->within_tolerance());
  // Maxima are over finite pairs only: 2.5 at (0, 3).
  EXPECT_DOUBLE_EQ(r->max_abs_error, 2.5);
  EXPECT_EQ(r->max_abs_row, 0);
  EXPECT_EQ(r->max_abs_col, 3);
  EXPECT_NEAR(r->max_rel_error, 0.03, 1e-6);
  EXPECT_EQ(r->max_rel_col, 1);
  ErrorReportOptions loose;
  loose.atol = 1.0;
  loose.rtol = 0.1;
  absl::StatusOr<ErrorReport> r2 = CompareFp32(actual, expected, 2, 4, loose);
  ASSERT_TRUE(r2.ok());
  EXPECT_EQ(r2->num_outside_tolerance, 2);  // only the Inf mismatches
}

TEST(ErrorReportTest, MismatchListAndToString) {
  std::vector<float> expected(12, 1.0f), actual(12, 1.0f);
  actual[5] = Next(1.0f, 1);   // (0, 5) in a 2 x 6 result
  actual[11] = 2.0f;           // (1, 5)
  ErrorReportOptions options;
  options.max_mismatches_listed = 1;
  absl::StatusOr<ErrorReport> r = CompareFp32(actual, expected, 2, 6, options);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->num_bit_mismatches, 2);
  ASSERT_EQ(r->first_mismatches.size(), 1u);
  const ElementMismatch& m = r->first_mismatches[0];
  EXPECT_EQ(m.row, 0);
  EXPECT_EQ(m.col, 5);
  EXPECT_EQ(m.actual_bits, 0x3F800001u);
  EXPECT_EQ(m.expected_bits, 0x3F800000u);
  EXPECT_EQ(m.ulp_distance, 1);
  EXPECT_FALSE(m.outside_tolerance);
  const std::string text = r->ToString();
  EXPECT_NE(text.find("NOT bit-exact"), std::string::npos) << text;
  EXPECT_NE(text.find("(0, 5)"), std::string::npos) << text;
  EXPECT_NE(text.find("0x3f800001"), std::string::npos) << text;
  EXPECT_NE(text.find("1 outside tolerance"), std::string::npos) << text;
  EXPECT_NE(text.find("at (1, 5)"), std::string::npos) << text;
}

TEST(ErrorReportTest, Bf16) {
  const std::vector<uint16_t> expected = {0x3F80, 0x7FC0, 0x7F80, 0x4000};
  const std::vector<uint16_t> actual = {0x3F81, 0xFFC1, 0x7F80, 0x4001};
  absl::StatusOr<ErrorReport> r = CompareBf16(actual, expected, 2, 2);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->format, ValueFormat::kBf16);
  EXPECT_FALSE(r->bit_exact);
  EXPECT_EQ(r->num_bit_mismatches, 2);
  EXPECT_EQ(BucketCount(*r, "1"), 2);
  EXPECT_EQ(r->num_outside_tolerance, 0);  // 1 + 2^-7 is within 1e-2 + 1e-2 * 1
  EXPECT_NE(r->ToString().find("0x3f81"), std::string::npos) << r->ToString();
}

TEST(ErrorReportTest, BadInput) {
  const std::vector<float> three(3), four(4);
  EXPECT_EQ(CompareFp32(three, four, 2, 2).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CompareFp32(four, four, 2, 3).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(CompareFp32(four, four, -2, -2).status().code(), absl::StatusCode::kInvalidArgument);
  ErrorReportOptions bad;
  bad.atol = -1;
  EXPECT_EQ(CompareFp32(four, four, 2, 2, bad).status().code(), absl::StatusCode::kInvalidArgument);
  bad.atol = 0;
  bad.rtol = std::nan("");
  EXPECT_EQ(CompareFp32(four, four, 2, 2, bad).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(CompareFp32({}, {}, 0, 5).ok());
}

}  // namespace
}  // namespace mxfp4
