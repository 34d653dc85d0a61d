// File: mxfp4/bench/metrics_test.cc
//
// Counter arithmetic: units, the floor as the larger of the two limits, and
// counters left out (not invented) when a reference was not measured.

#include "mxfp4/bench/metrics.h"

#include "gtest/gtest.h"

namespace mxfp4::bench {
namespace {

TEST(MetricsTest, HeaderExample) {
  const RowCounters c = ComputeCounters({1e6, 2e6}, 1.0, 0.9, {4e12, 1e15, 0}, 2.0);
  EXPECT_DOUBLE_EQ(c.us, 1.0);
  EXPECT_DOUBLE_EQ(c.us_min, 0.9);
  EXPECT_DOUBLE_EQ(c.tflops, 2.0);
  EXPECT_DOUBLE_EQ(c.gbps, 1000.0);
  EXPECT_DOUBLE_EQ(c.pct_copy_bw, 25.0);
  EXPECT_DOUBLE_EQ(c.pct_fp8_peak, 0.2);
  EXPECT_DOUBLE_EQ(c.floor_us, 0.25);
  EXPECT_DOUBLE_EQ(c.speedup_vs_cublas_bf16, 2.0);
}

TEST(MetricsTest, ComputeBoundFloorWins) {
  // 8192^3: 1.1e12 FLOP at 1e15 FLOP/s = 1100 µs >> 400 MB at 4e12 B/s = 100 µs.
  const double flops = 2.0 * 8192.0 * 8192.0 * 8192.0;
  const RowCounters c = ComputeCounters({4e8, flops}, 2000.0, 2000.0, {4e12, 1e15, 0}, -1);
  EXPECT_NEAR(c.floor_us, flops / 1e15 * 1e6, 1e-6);
  EXPECT_NEAR(c.pct_fp8_peak, 100.0 * (flops / 1e15 * 1e6) / 2000.0, 1e-9);
  EXPECT_EQ(c.speedup_vs_cublas_bf16, -1);
}

TEST(MetricsTest, NonGemmRowsHaveNoComputeCounters) {
  const RowCounters c = ComputeCounters({8e6, 0}, 4.0, 4.0, {4e12, 1e15, 0}, -1);
  EXPECT_EQ(c.tflops, 0);
  EXPECT_EQ(c.pct_fp8_peak, -1);
  EXPECT_DOUBLE_EQ(c.floor_us, 2.0);
  const auto list = CounterList(c);
  EXPECT_EQ(list.count("pct_fp8_peak"), 0u);
  EXPECT_EQ(list.count("speedup_vs_cublas_bf16"), 0u);
  EXPECT_EQ(list.count("pct_copy_bw"), 1u);
}

TEST(MetricsTest, MissingReferencesAreLeftOut) {
  const RowCounters c = ComputeCounters({1e6, 2e6}, 1.0, 1.0, {0, 0, 0}, -1);
  const auto list = CounterList(c);
  EXPECT_EQ(list.count("pct_copy_bw"), 0u);
  EXPECT_EQ(list.count("pct_fp8_peak"), 0u);
  EXPECT_EQ(list.count("floor_us"), 0u);
  EXPECT_EQ(list.at("us"), 1.0);
  EXPECT_DOUBLE_EQ(list.at("GBps"), 1000.0);
}

TEST(MetricsTest, ZeroTimeGivesNoRates) {
  const RowCounters c = ComputeCounters({1e6, 2e6}, 0.0, 0.0, {4e12, 1e15, 0}, 1.0);
  EXPECT_EQ(c.tflops, 0);
  EXPECT_EQ(c.gbps, 0);
  EXPECT_EQ(c.speedup_vs_cublas_bf16, -1);
}

}  // namespace
}  // namespace mxfp4::bench
