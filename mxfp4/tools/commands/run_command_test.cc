// File: mxfp4/tools/commands/run_command_test.cc
//
// `mxfp4 run` end to end on small shapes (and once on the default contest
// shapes, which must stay fast on the emulator): the table, the checks, and
// the exit code 1 when a check fails.

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;

TEST(RunCommandTest, SmallShapesPassEveryCheck) {
  ToolResult r = RunTool(
      {"run", "--shapes=16x64x256,1x16x64,5x48x1024", "--seed=3", "--backend=emu", "--calls=2"});
  ASSERT_EQ(r.exit_code, 0) << r;
  for (const char* shape : {"16x64x256", "1x16x64", "5x48x1024"}) {
    // shape, path, splits, backend, time, calls, max err, max rel, tol ok, bit-exact yes
    EXPECT_THAT(r.out, ContainsRegex(std::string(shape) +
                                     " +[a-z_]+ +[0-9]+ +emu +[0-9.]+ [mu]?s +2 +[0-9.e+-]+ +"
                                     "[0-9.e+-]+ +ok +yes"))
        << r;
  }
  EXPECT_THAT(r.out, HasSubstr("all checks passed (3 shapes)"));
  EXPECT_THAT(r.out, HasSubstr("seed 3"));
}

// With no tolerance the bf16 result cannot equal the fp32 ideal: exit 1 and
// a FAIL line per shape (the check can fail).
TEST(RunCommandTest, FailedCheckExitsOne) {
  ToolResult r =
      RunTool({"run", "--shapes=16x64x256", "--atol=0", "--rtol=0", "--backend=emu", "--calls=1"});
  EXPECT_EQ(r.exit_code, 1) << r;
  EXPECT_THAT(r.out, HasSubstr("FAIL: 16x64x256:"));
  EXPECT_THAT(r.out, HasSubstr("outside tolerance vs ideal"));
  EXPECT_THAT(r.out, HasSubstr("1 of 1 shape failed a check"));
}

// The default run covers the contest shapes, each row naming the GPU path and
// K-split the GPU GEMM plans for it (the emulator follows that plan, e.g. the
// split-K path for 16x2112x7168), and every check passes.
TEST(RunCommandTest, DefaultRunCoversTheContestShapes) {
  ToolResult r = RunTool({"run", "--calls=1"});
  ASSERT_EQ(r.exit_code, 0) << r;
  struct Shape {
    int64_t m, n, k;
  };
  for (const Shape& s : std::vector<Shape>{{4, 2880, 512},
                                           {16, 2112, 7168},
                                           {32, 4096, 512},
                                           {32, 2880, 512},
                                           {64, 7168, 2048},
                                           {256, 3072, 1536}}) {
    const gpu::Mxfp4Weight weight{nullptr,
                                  nullptr,
                                  s.n,
                                  s.k,
                                  DataLayout::kPreshuffled16x16,
                                  ScaleLayout::kShuffled16,
                                  s.n * s.k / 2,
                                  ScaleStorageBytes(ScaleLayout::kShuffled16, s.n, s.k / 32),
                                  {}};
    absl::StatusOr<gpu::GemmPlan> plan = gpu::PlanGemm(s.m, weight);
    ASSERT_TRUE(plan.ok()) << plan.status();
    const std::string row = absl::StrCat(s.m, "x", s.n, "x", s.k, " +",
                                         gpu::GemmPathName(plan->path), " +", plan->splits,
                                         " +[a-z]+ .* ok +yes");
    EXPECT_THAT(r.out, ContainsRegex(row)) << r;
  }
  EXPECT_THAT(r.out, HasSubstr("all checks passed (6 shapes)"));
}

// The dumped inputs are the documented generator's (the numpy goldens of
// testdata/ are A 4x64 then B 16x64 from seed 42), and the dumped C is what
// `gemm` computes from the dumped operands: the tools agree with each other.
TEST(RunCommandTest, DumpedArraysReproduceWithOtherCommands) {
  const std::string dir = TempPath("");
  ToolResult r = RunTool(
      {"run", "--shapes=4x16x64", "--seed=42", "--calls=1", "--dump_dir=" + dir, "--backend=emu"});
  ASSERT_EQ(r.exit_code, 0) << r;
  const std::string p = dir + "/4x16x64_";
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(ToolTestdata("normal_seed42_A_4x64_bf16bits.npy")),
                            ReadNpyOrDie(p + "A_bf16bits.npy")),
            "");
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(ToolTestdata("normal_seed42_B_16x64_bf16bits.npy")),
                            ReadNpyOrDie(p + "B_bf16bits.npy")),
            "");
  r = RunTool({"gemm", "--a=" + p + "A_bf16bits.npy", "--b_data=" + p + "Bq_preshuffled.npy",
               "--b_layout=preshuffled", "--b_scales=" + p + "Bs_shuffled16.npy",
               "--b_scale_layout=shuffled16", "--output=" + dir + "/c_gemm.npy", "--backend=emu"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(ArrayDifference(ReadNpyOrDie(p + "C_bf16bits.npy"), ReadNpyOrDie(dir + "/c_gemm.npy")),
            "");
  r = RunTool({"gemm", "--a=" + p + "A_bf16bits.npy", "--b_data=" + p + "Bq_preshuffled.npy",
               "--b_layout=preshuffled", "--b_scales=" + p + "Bs_shuffled16.npy",
               "--b_scale_layout=shuffled16", "--contract=ideal", "--output_dtype=f32",
               "--output=" + dir + "/c_ideal.npy", "--backend=emu"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(
      ArrayDifference(ReadNpyOrDie(p + "C_ideal_f32.npy"), ReadNpyOrDie(dir + "/c_ideal.npy")), "");
  r = RunTool(
      {"compare", "--expected=" + p + "C_ideal_f32.npy", "--actual=" + p + "C_bf16bits.npy"});
  EXPECT_EQ(r.exit_code, 0) << r;

  // Another seed, other inputs.
  ASSERT_EQ(
      RunTool({"run", "--shapes=4x16x64", "--seed=43", "--calls=1", "--dump_dir=" + dir}).exit_code,
      0);
  EXPECT_NE(ArrayDifference(ReadNpyOrDie(ToolTestdata("normal_seed42_A_4x64_bf16bits.npy")),
                            ReadNpyOrDie(p + "A_bf16bits.npy")),
            "");
}

TEST(RunCommandTest, DumpIntoAMissingDirectoryIsBadInput) {
  ToolResult r =
      RunTool({"run", "--shapes=4x16x64", "--calls=1", "--dump_dir=" + TempPath("no/such/dir")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--dump_dir"));
  EXPECT_THAT(r.err, HasSubstr("no/such/dir/4x16x64_A_bf16bits.npy"));
}

TEST(RunCommandTest, GpuBackendWithoutGpuIsAUsageError) {
  ToolResult r = RunTool({"run", "--shapes=16x64x256", "--backend=gpu"});
  if (r.exit_code == 0) GTEST_SKIP() << "a usable GPU is present";
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--backend=gpu: cannot use the GPU"));
}

}  // namespace
}  // namespace mxfp4::cli
