// File: mxfp4/bench/problem_test.cc
//
// The benchmark's shapes are the contest's (shared/spec/workload.md) and the
// sweep stays inside the bounds; byte and FLOP counts follow the
// definitions in problem.h.

#include "mxfp4/bench/problem.h"

#include <set>
#include <tuple>

#include "gtest/gtest.h"

namespace mxfp4::bench {
namespace {

TEST(ProblemTest, ContestShapesAreTheSpecsInOrder) {
  const ShapeSet set = ContestShapes();
  EXPECT_EQ(set.name, "contest");
  const std::vector<std::tuple<int64_t, int64_t, int64_t>> spec = {
      {4, 2880, 512},  {16, 2112, 7168}, {32, 4096, 512},
      {32, 2880, 512}, {64, 7168, 2048}, {256, 3072, 1536}};
  ASSERT_EQ(set.shapes.size(), spec.size());
  for (size_t i = 0; i < spec.size(); ++i) {
    EXPECT_EQ(std::make_tuple(set.shapes[i].m, set.shapes[i].n, set.shapes[i].k), spec[i]) << i;
  }
}

TEST(ProblemTest, SweepStaysInBoundsAndHasNoDuplicates) {
  const ShapeSet set = SweepShapes();
  EXPECT_EQ(set.name, "sweep");
  std::set<std::string> names;
  int64_t min_m = 1 << 30, max_m = 0;
  for (const GemmShape& s : set.shapes) {
    EXPECT_TRUE(names.insert(ShapeName(s)).second) << "duplicate " << ShapeName(s);
    EXPECT_GE(s.m, 1);
    EXPECT_LE(s.m, 8192);
    for (int64_t nk : {s.n, s.k}) {
      EXPECT_GE(nk, 512) << ShapeName(s);
      EXPECT_LE(nk, 16384) << ShapeName(s);
    }
    // The contest's B layout (preshuffled16x16) needs N % 16 and K % 64.
    EXPECT_EQ(s.n % 16, 0) << ShapeName(s);
    EXPECT_EQ(s.k % 64, 0) << ShapeName(s);
    min_m = std::min(min_m, s.m);
    max_m = std::max(max_m, s.m);
  }
  // The sweep covers decode (M = 1) to prefill (M = 8192).
  EXPECT_EQ(min_m, 1);
  EXPECT_EQ(max_m, 8192);
  EXPECT_LE(set.shapes.size(), 24u) << "keep the sweep small enough to run in minutes";
}

TEST(ProblemTest, ShapeName) {
  EXPECT_EQ(ShapeName({4, 2880, 512}), "4x2880x512");
  EXPECT_EQ(ShapeName({8192, 16384, 16384}), "8192x16384x16384");
}

TEST(ProblemTest, ByteCounts) {
  // (64, 7168, 2048): B_q is 7168 * 1024 = 7.34 MB (gpu-design.md quotes 7.3 MB).
  const GemmShape s{64, 7168, 2048};
  const int64_t a = 64 * 2048 * 2, bq = 7168 * 1024, bs = 7168 * 64, c = 64 * 7168 * 2;
  EXPECT_EQ(bq, 7340032);
  EXPECT_EQ(Mxfp4CallBytes(s), a + bq + bs + c);
  EXPECT_EQ(Bf16GemmBytes(s), a + 7168 * 2048 * 2 + c);
  EXPECT_EQ(Fp8GemmBytes(s), 64 * 2048 + 7168 * 2048 + c);
  EXPECT_EQ(QuantizeBytes(64, 2048), a + 64 * 1024 + 64 * 64);
}

TEST(ProblemTest, FlopsDoNotOverflow) {
  EXPECT_DOUBLE_EQ(GemmFlops({4, 2880, 512}), 2.0 * 4 * 2880 * 512);
  EXPECT_DOUBLE_EQ(GemmFlops({8192, 16384, 16384}), 2.0 * 8192.0 * 16384.0 * 16384.0);
}

}  // namespace
}  // namespace mxfp4::bench
