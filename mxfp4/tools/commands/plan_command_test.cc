// File: mxfp4/tools/commands/plan_command_test.cc
//
// `mxfp4 plan`: one plan line per shape, exactly gpu::PlanGemm's (the tool
// adds nothing of its own), with the emulator K-split of its boundaries;
// forced paths, tiles and splits pass through; bad shapes and flags exit 2
// with a message naming the shape, and the shapes before and after still
// print.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/plan_k_split.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

gpu::Mxfp4Weight Weight(int64_t n, int64_t k, DataLayout data, ScaleLayout scales) {
  gpu::Mxfp4Weight w;
  w.n = n;
  w.k = k;
  w.data_layout = data;
  w.scale_layout = scales;
  w.data_bytes = n * k / 2;
  w.scale_bytes = ScaleStorageBytes(scales, n, k / 32);
  return w;
}

// The two lines the tool prints for a plan.
std::string Expected(const std::string& shape, const gpu::GemmPlan& plan, int64_t k) {
  return absl::StrCat(shape, ": ", plan.ToString(), "\n  emulator: contract block_fma, k-split ",
                      gpu::PlanKSplit(plan).ToString(k / 32), "\n");
}

TEST(PlanCommandTest, ContestShapesByDefault) {
  ToolResult r = RunTool({"plan"});
  ASSERT_EQ(r.exit_code, 0) << r;
  struct Case {
    int64_t m, n, k;
  };
  std::string expected;
  for (const Case& c : std::vector<Case>{{4, 2880, 512},
                                         {16, 2112, 7168},
                                         {32, 4096, 512},
                                         {32, 2880, 512},
                                         {64, 7168, 2048},
                                         {256, 3072, 1536}}) {
    absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(
        c.m, Weight(c.n, c.k, DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16));
    ASSERT_TRUE(plan.ok()) << plan.status();
    expected += Expected(absl::StrCat(c.m, "x", c.n, "x", c.k), *plan, c.k);
  }
  EXPECT_EQ(r.out, expected);
  EXPECT_EQ(r.err, "");
}

// Natural layouts take N and K that the preshuffled layout refuses; an uneven
// split shows its short and empty chunks.
TEST(PlanCommandTest, NaturalLayoutsAndForcedOptions) {
  ToolResult r = RunTool({"plan", "--shapes=12x100x544", "--b_layout=natural",
                          "--b_scale_layout=natural", "--path=splitk_small_m",
                          "--tile=stream_n16_m8_k8", "--split_k=3"});
  ASSERT_EQ(r.exit_code, 0) << r;
  gpu::GemmOptions o;
  o.path = gpu::GemmPath::kSplitKSmallM;
  o.tile = "stream_n16_m8_k8";
  o.split_k = 3;
  absl::StatusOr<gpu::GemmPlan> plan =
      gpu::PlanGemm(12, Weight(100, 544, DataLayout::kNatural, ScaleLayout::kNatural), o);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->cluster_ctas, 3);
  EXPECT_EQ(r.out, Expected("12x100x544", *plan, 544));
}

// A K-split cluster of more than two CTAs that pushes sums each CTA's own
// splits first: the plan and the emulator split say so (runs of 4: the ring
// tile's four warpgroups along K, 8 CTAs).
TEST(PlanCommandTest, PushedClusterShowsItsRunsOfSplits) {
  ToolResult r = RunTool({"plan", "--shapes=64x512x16384"});
  ASSERT_EQ(r.exit_code, 0) << r;
  absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(
      64, Weight(512, 16384, DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16));
  ASSERT_TRUE(plan.ok()) << plan.status();
  ASSERT_GT(plan->cluster_ctas, 2) << plan->ToString();
  EXPECT_GT(plan->split_group, 1) << plan->ToString();
  EXPECT_EQ(plan->splits, plan->cluster_ctas * plan->split_group);
  EXPECT_EQ(r.out, Expected("64x512x16384", *plan, 16384));
  EXPECT_THAT(r.out, HasSubstr(absl::StrCat("splits summed in runs of ", plan->split_group)));
  EXPECT_THAT(r.out, HasSubstr("k-split (["));
}

// Clusters split over the grid (forced): the plan's runs in runs of the
// cluster, and the emulator split's braces around each cluster's runs.
TEST(PlanCommandTest, ClustersOverGridShowTheirOuterRuns) {
  ToolResult r = RunTool({"plan", "--shapes=64x512x16384", "--path=quant_then_mma",
                          "--tile=wgmma8_n64_m64_k4_fold", "--split_k=4", "--grid_split_k=3"});
  ASSERT_EQ(r.exit_code, 0) << r;
  gpu::GemmOptions options;
  options.path = gpu::GemmPath::kQuantThenMma;
  options.tile = "wgmma8_n64_m64_k4_fold";
  options.split_k = 4;
  options.grid_split_k = 3;
  absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(
      64, Weight(512, 16384, DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16), options);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_EQ(plan->split_outer_group, 4);
  EXPECT_EQ(r.out, Expected("64x512x16384", *plan, 16384));
  EXPECT_THAT(r.out, HasSubstr("runs in runs of 4"));
  EXPECT_THAT(r.out, HasSubstr("k-split {(["));
}

TEST(PlanCommandTest, WeightStagingReachesThePlanner) {
  ToolResult staged = RunTool({"plan", "--shapes=4096x4096x4096"});
  ToolResult never = RunTool({"plan", "--shapes=4096x4096x4096", "--weight_staging=never"});
  ASSERT_EQ(staged.exit_code, 0) << staged;
  ASSERT_EQ(never.exit_code, 0) << never;
  EXPECT_THAT(staged.out, HasSubstr("prepared_weight (staged)"));
  EXPECT_THAT(never.out, ::testing::Not(HasSubstr("prepared_weight")));
}

TEST(PlanCommandTest, StagingFormatReachesThePlanner) {
  ToolResult int8 = RunTool({"plan", "--shapes=1024x4096x4096", "--staging_format=int8"});
  ToolResult e4m3 = RunTool({"plan", "--shapes=1024x4096x4096,4096x4096x4096"});
  ToolResult bad = RunTool({"plan", "--shapes=1024x4096x4096", "--staging_format=fp8"});
  ASSERT_EQ(int8.exit_code, 0) << int8;
  ASSERT_EQ(e4m3.exit_code, 0) << e4m3;
  EXPECT_THAT(int8.out, HasSubstr("prepared_weight (staged int8)"));
  EXPECT_THAT(e4m3.out, ::testing::Not(HasSubstr("int8")));  // E4M3 by default, from M = 1536
  EXPECT_NE(bad.exit_code, 0) << bad;
}

TEST(PlanCommandTest, ColdWeightsReachThePlanner) {
  ToolResult cold = RunTool({"plan", "--shapes=64x7168x2048,256x3072x1536", "--cold_weights"});
  ToolResult warm = RunTool({"plan", "--shapes=64x7168x2048"});
  ASSERT_EQ(cold.exit_code, 0) << cold;
  ASSERT_EQ(warm.exit_code, 0) << warm;
  // Only the 64x64 k2 ring tile's plan takes the hint.
  const size_t first = cold.out.find("prefetch_weight");
  ASSERT_NE(first, std::string::npos) << cold;
  EXPECT_EQ(cold.out.find("prefetch_weight", first + 1), std::string::npos) << cold;
  EXPECT_LT(first, cold.out.find("256x3072x1536")) << cold;
  EXPECT_THAT(warm.out, ::testing::Not(HasSubstr("prefetch_weight")));
}

// --prepared plans for a caller's copy: the ws twin that reads it (E4M3), the
// integer form (int8; a shape whose plan has none plans the packed weight, as
// Gemm() would run it); --persistent_grid=false keeps one CTA a tile.
TEST(PlanCommandTest, PreparedCopyAndPersistentGridReachThePlanner) {
  ToolResult e4m3 = RunTool({"plan", "--shapes=64x7168x2048,4096x4096x4096", "--prepared=e4m3"});
  ToolResult int8 = RunTool({"plan", "--shapes=4096x4096x4096,4x2880x512", "--prepared=int8"});
  ToolResult none = RunTool({"plan", "--shapes=64x7168x2048", "--prepared=none"});
  ToolResult flat = RunTool({"plan", "--shapes=4096x4096x4096", "--persistent_grid=false"});
  ToolResult bad = RunTool({"plan", "--shapes=64x7168x2048", "--prepared=fp8"});
  ASSERT_EQ(e4m3.exit_code, 0) << e4m3;
  ASSERT_EQ(int8.exit_code, 0) << int8;
  ASSERT_EQ(none.exit_code, 0) << none;
  ASSERT_EQ(flat.exit_code, 0) << flat;
  gpu::Mxfp4Weight w = Weight(7168, 2048, DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16);
  static const uint32_t kDummy[4] = {};
  w.prepared.data = reinterpret_cast<const uint8_t*>(kDummy);
  w.prepared.scales = reinterpret_cast<const float*>(kDummy);
  absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(64, w);
  ASSERT_TRUE(plan.ok()) << plan.status();
  EXPECT_TRUE(plan->reads_prepared_weight);
  EXPECT_THAT(e4m3.out, HasSubstr(Expected("64x7168x2048", *plan, 2048)));
  EXPECT_THAT(e4m3.out,
              HasSubstr("4096x4096x4096: path=quant_then_mma tile=wgmma8_n128_m128_ws_fold"));
  EXPECT_THAT(int8.out, HasSubstr("prepared_weight (int8)"));
  EXPECT_THAT(int8.out, HasSubstr("4x2880x512: path=fused_quant"));
  EXPECT_THAT(none.out, ::testing::Not(HasSubstr("prepared_weight")));
  EXPECT_THAT(flat.out, ::testing::Not(HasSubstr("(persistent)")));
  EXPECT_NE(bad.exit_code, 0) << bad;
}

// A bad shape is reported with its own message and exit 2; the others print.
TEST(PlanCommandTest, BadShapesExitTwoAndTheRestStillPrint) {
  ToolResult r = RunTool({"plan", "--shapes=16x100x512,16x1024x1024,3x64x48"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("mxfp4 plan: error: 16x100x512: "));
  EXPECT_THAT(r.err, HasSubstr("N % 16 == 0"));
  EXPECT_THAT(r.err, HasSubstr("mxfp4 plan: error: 3x64x48: K must be a multiple of 32"));
  EXPECT_THAT(r.out, HasSubstr("16x1024x1024: path="));
  const std::vector<std::string> lines = absl::StrSplit(r.out, '\n', absl::SkipEmpty());
  EXPECT_EQ(lines.size(), 2u) << r;
}

TEST(PlanCommandTest, BadFlagsExitTwo) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"plan", "--shapes=16x1024"},
           {"plan", "--shapes="},
           {"plan", "--split_k=9"},
           {"plan", "--split_k=-1"},
           {"plan", "--grid_split_k=9"},
           {"plan", "--grid_split_k=-1"},
           {"plan", "--path=fast"},
           {"plan", "--b_layout=tiled"},
           {"plan", "--shapes=16x1024x1024", "--tile=no_such_tile"},
           {"plan", "--shapes=16x1024x1024", "--b_scale_layout=shuffled32"},
       }) {
    ToolResult r = RunTool(args);
    EXPECT_EQ(r.exit_code, 2) << r;
    EXPECT_THAT(r.err, HasSubstr("mxfp4 plan: error: ")) << r;
    EXPECT_EQ(r.out, "") << r;
  }
}

}  // namespace
}  // namespace mxfp4::cli
