// File: mxfp4/tools/commands/gemm_command_test.cc
//
// `mxfp4 gemm` end to end: the shared gemm_* vectors through
// --contract=ideal equal C_ideal_f32 bit for bit, for every way of giving A
// and B (real A quantized here, pre-quantized A, B natural or preshuffled,
// every scale layout); every contract, K-split and output dtype equals the
// emulator library called directly; backend selection and --explain.

#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/tool_test_util.h"

namespace mxfp4::cli {
namespace {

using ::testing::HasSubstr;

const char* const kVectors[] = {"16x64x256", "33x48x512", "4x96x1024"};

std::string Vec(const std::string& shape, const std::string& what) {
  return SharedTestdata(absl::StrCat("gemm_", shape, "_", what, ".npy"));
}

TEST(GemmCommandTest, SharedVectorsIdealBitForBitFromRealA) {
  for (const char* shape : kVectors) {
    SCOPED_TRACE(shape);
    ToolResult r =
        RunTool({"gemm", "--a=" + Vec(shape, "A_bf16bits"), "--b_data=" + Vec(shape, "Bq"),
                 "--b_scales=" + Vec(shape, "Bs"), "--contract=ideal", "--output_dtype=f32",
                 "--output=" + TempPath("c.npy"), "--backend=emu"});
    ASSERT_EQ(r.exit_code, 0) << r;
    EXPECT_EQ(
        ArrayDifference(ReadNpyOrDie(Vec(shape, "C_ideal_f32")), ReadNpyOrDie(TempPath("c.npy"))),
        "");
  }
}

// Every layout combination the tool accepts, built with the tool's own
// layout commands, gives the same ideal bits.
TEST(GemmCommandTest, SharedVectorsIdealBitForBitInEveryLayout) {
  for (const char* shape : kVectors) {
    const std::string n_rows = std::string(shape).substr(std::string(shape).find('x') + 1);
    const int64_t n = std::stoll(n_rows);
    ToolResult r = RunTool(
        {"preshuffle-b", "--input=" + Vec(shape, "Bq"), "--output=" + TempPath("bq_pre.npy")});
    const bool can_preshuffle = n % 16 == 0;
    ASSERT_EQ(r.exit_code, can_preshuffle ? 0 : 2) << r;
    for (const char* a_scale_layout : {"natural", "shuffled16", "shuffled32"}) {
      for (const char* b_scale_layout : {"natural", "shuffled16", "shuffled32"}) {
        for (const char* b_layout : {"natural", "preshuffled"}) {
          if (!can_preshuffle && std::string(b_layout) == "preshuffled") continue;
          SCOPED_TRACE(absl::StrCat(shape, " A scales ", a_scale_layout, ", B ", b_layout,
                                    " scales ", b_scale_layout));
          std::string as = Vec(shape, "As"), bs = Vec(shape, "Bs");
          if (std::string(a_scale_layout) != "natural") {
            as = TempPath("as_sh.npy");
            r = RunTool({"shuffle-scales", "--input=" + Vec(shape, "As"), "--output=" + as,
                         std::string("--layout=") + a_scale_layout});
            ASSERT_EQ(r.exit_code, 0) << r;
          }
          if (std::string(b_scale_layout) != "natural") {
            bs = TempPath("bs_sh.npy");
            r = RunTool({"shuffle-scales", "--input=" + Vec(shape, "Bs"), "--output=" + bs,
                         std::string("--layout=") + b_scale_layout});
            ASSERT_EQ(r.exit_code, 0) << r;
          }
          const std::string bq =
              std::string(b_layout) == "preshuffled" ? TempPath("bq_pre.npy") : Vec(shape, "Bq");
          r = RunTool({"gemm", "--a_data=" + Vec(shape, "Aq"), "--a_scales=" + as,
                       std::string("--a_scale_layout=") + a_scale_layout, "--b_data=" + bq,
                       "--b_scales=" + bs, std::string("--b_layout=") + b_layout,
                       std::string("--b_scale_layout=") + b_scale_layout, "--contract=ideal",
                       "--output_dtype=f32", "--output=" + TempPath("c.npy"), "--backend=emu"});
          ASSERT_EQ(r.exit_code, 0) << r;
          EXPECT_EQ(ArrayDifference(ReadNpyOrDie(Vec(shape, "C_ideal_f32")),
                                    ReadNpyOrDie(TempPath("c.npy"))),
                    "");
        }
      }
    }
  }
}

// Random operands with a spread of scales; every contract / split / dtype the
// tool offers equals the library's answer, and the contracts really differ
// on this data (so a flag that was silently ignored would be caught).
TEST(GemmCommandTest, EveryContractMatchesTheLibrary) {
  const uint32_t seed = 31337;
  const int64_t m = 19, n = 40, k = 1024;
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal;
  // One exponent shift per 32-block, so block terms span ~2^24 and the
  // contracts' roundings differ.
  std::uniform_int_distribution<int> shift(-12, 12);
  auto random_bf16 = [&](int64_t count) {
    std::vector<uint16_t> v(count);
    int block_shift = 0;
    for (int64_t i = 0; i < count; ++i) {
      if (i % 32 == 0) block_shift = shift(rng);
      v[i] = FloatToBf16(std::ldexp(normal(rng), block_shift));
    }
    return v;
  };
  const std::vector<uint16_t> a = random_bf16(m * k), b = random_bf16(n * k);
  WriteNpyOrDie(TempPath("ra.npy"), NpyArray::FromU16({m, k}, a));
  absl::StatusOr<Mxfp4Matrix> aq = QuantizeBf16(a, m, k, {});
  absl::StatusOr<Mxfp4Matrix> bq = QuantizeBf16(b, n, k, {});
  ASSERT_TRUE(aq.ok() && bq.ok());
  WriteNpyOrDie(TempPath("rbq.npy"), NpyArray::FromU8({n, k / 2}, bq->data));
  WriteNpyOrDie(TempPath("rbs.npy"), NpyArray::FromU8({n, k / 32}, bq->scales));
  absl::StatusOr<Mxfp4View> av = aq->view(), bv = bq->view();
  ASSERT_TRUE(av.ok() && bv.ok());

  struct Case {
    std::vector<std::string> flags;
    Contract contract;
    int k_splits;
    MfmaRoundingModel rounding;
    int k_split_group = 1;
    int k_split_outer_group = 1;
  };
  const std::vector<Case> cases = {
      {{"--contract=block_fma"},
       Contract::kBlockFma,
       1,
       MfmaRoundingModel::kExactSumSingleRounding},
      {{"--contract=block_fma", "--k_splits=3"},
       Contract::kBlockFma,
       3,
       MfmaRoundingModel::kExactSumSingleRounding},
      {{"--contract=block_fma", "--k_splits=5", "--k_split_group=2"},
       Contract::kBlockFma,
       5,
       MfmaRoundingModel::kExactSumSingleRounding,
       2},
      {{"--contract=block_fma", "--k_splits=7", "--k_split_group=2", "--k_split_outer_group=2"},
       Contract::kBlockFma,
       7,
       MfmaRoundingModel::kExactSumSingleRounding,
       2,
       2},
      {{"--contract=ideal"}, Contract::kIdeal, 1, MfmaRoundingModel::kExactSumSingleRounding},
      {{"--contract=mfma16"}, Contract::kMfma16, 1, MfmaRoundingModel::kExactSumSingleRounding},
      {{"--contract=mfma16", "--mfma_rounding=block_fma", "--k_splits=2"},
       Contract::kMfma16,
       2,
       MfmaRoundingModel::kBlockSequentialFma},
      {{"--contract=mfma32", "--cpu_kernel=portable", "--threads=1"},
       Contract::kMfma32,
       1,
       MfmaRoundingModel::kExactSumSingleRounding},
  };
  std::vector<std::vector<float>> fp32_results;
  for (const Case& c : cases) {
    GemmOptions options;
    options.contract = c.contract;
    options.mfma_rounding = c.rounding;
    if (c.k_splits > 1) {
      absl::StatusOr<KSplit> split =
          KSplit::Even(k / 32, c.k_splits, ContractBlocksPerStep(c.contract));
      ASSERT_TRUE(split.ok());
      options.k_split = *split;
      options.k_split.group = c.k_split_group;
      options.k_split.outer_group = c.k_split_outer_group;
    }
    std::vector<float> want_f32(m * n);
    std::vector<uint16_t> want_bf16(m * n);
    ASSERT_TRUE(ReferenceGemm(*av, *bv, options, absl::MakeSpan(want_f32)).ok());
    ASSERT_TRUE(ReferenceGemmBf16(*av, *bv, options, absl::MakeSpan(want_bf16)).ok());
    fp32_results.push_back(want_f32);
    for (const char* dtype : {"f32", "bf16"}) {
      SCOPED_TRACE(absl::StrCat(absl::StrJoin(c.flags, " "), " ", dtype, " seed=", seed));
      std::vector<std::string> args = {"gemm",
                                       "--a=" + TempPath("ra.npy"),
                                       "--b_data=" + TempPath("rbq.npy"),
                                       "--b_scales=" + TempPath("rbs.npy"),
                                       "--output=" + TempPath("rc.npy"),
                                       std::string("--output_dtype=") + dtype,
                                       "--backend=emu"};
      args.insert(args.end(), c.flags.begin(), c.flags.end());
      ToolResult r = RunTool(args);
      ASSERT_EQ(r.exit_code, 0) << r;
      const NpyArray want = std::string(dtype) == "f32" ? NpyArray::FromF32({m, n}, want_f32)
                                                        : NpyArray::FromU16({m, n}, want_bf16);
      EXPECT_EQ(ArrayDifference(want, ReadNpyOrDie(TempPath("rc.npy"))), "");
    }
  }
  // block_fma, its K-split and ideal differ somewhere on this data.
  EXPECT_NE(fp32_results[0], fp32_results[1]);
  EXPECT_NE(fp32_results[0], fp32_results[2]);
}

TEST(GemmCommandTest, ExplainPrintsTheAccumulationOfOneOutput) {
  ToolResult r =
      RunTool({"gemm", "--a=" + Vec("16x64x256", "A_bf16bits"),
               "--b_data=" + Vec("16x64x256", "Bq"), "--b_scales=" + Vec("16x64x256", "Bs"),
               "--output=" + TempPath("c.npy"), "--explain=1,2", "--backend=emu"});
  ASSERT_EQ(r.exit_code, 0) << r;
  EXPECT_THAT(r.out, HasSubstr("C[1][2]"));
  EXPECT_THAT(r.out, HasSubstr("block 7"));
  r = RunTool({"gemm", "--a=" + Vec("16x64x256", "A_bf16bits"),
               "--b_data=" + Vec("16x64x256", "Bq"), "--b_scales=" + Vec("16x64x256", "Bs"),
               "--output=" + TempPath("c.npy"), "--explain=16,0", "--backend=emu"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("outside C's shape (16, 64)"));
  r = RunTool({"gemm", "--a=" + Vec("16x64x256", "A_bf16bits"),
               "--b_data=" + Vec("16x64x256", "Bq"), "--b_scales=" + Vec("16x64x256", "Bs"),
               "--output=" + TempPath("c.npy"), "--explain=one,two"});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("expected ROW,COL"));
}

TEST(GemmCommandTest, BackendSelection) {
  const std::vector<std::string> base = {
      "gemm", "--a=" + Vec("16x64x256", "A_bf16bits"), "--b_data=" + Vec("16x64x256", "Bq"),
      "--b_scales=" + Vec("16x64x256", "Bs"), "--output=" + TempPath("c_backend.npy")};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return RunTool(args);
  };
  ToolResult emu = with({"--backend=emu"});
  ASSERT_EQ(emu.exit_code, 0) << emu;
  EXPECT_EQ(emu.err, "");  // no note when the emulator is asked for
  const NpyArray emu_c = ReadNpyOrDie(TempPath("c_backend.npy"));

  ToolResult gpu = with({"--backend=gpu"});
  ToolResult automatic = with({"--backend=auto"});
  ASSERT_EQ(automatic.exit_code, 0) << automatic;
  EXPECT_EQ(ArrayDifference(emu_c, ReadNpyOrDie(TempPath("c_backend.npy"))), "");
  if (gpu.exit_code == 2) {
    // No usable GPU here: gpu is a clear error; auto falls back and says so.
    EXPECT_THAT(gpu.err, HasSubstr("--backend=gpu: cannot use the GPU"));
    EXPECT_THAT(automatic.err, HasSubstr("note: --backend=auto: using the CPU emulator because"));
  } else {
    EXPECT_EQ(gpu.exit_code, 0) << gpu;
  }
  // Contracts other than block_fma never run on the GPU.
  ToolResult ideal_gpu = with({"--backend=gpu", "--contract=ideal"});
  EXPECT_EQ(ideal_gpu.exit_code, 2) << ideal_gpu;
  EXPECT_THAT(ideal_gpu.err, HasSubstr("--contract=block_fma only"));
  ToolResult ideal_auto = with({"--contract=ideal"});
  EXPECT_EQ(ideal_auto.exit_code, 0) << ideal_auto;
  EXPECT_EQ(ideal_auto.err, "");  // the emulator's contract: no fallback to report
}

TEST(GemmCommandTest, OptionsThatDoNotApply) {
  const std::string b = "--b_data=" + Vec("16x64x256", "Bq");
  const std::string bs = "--b_scales=" + Vec("16x64x256", "Bs");
  ToolResult r =
      RunTool({"gemm", "--a_data=" + Vec("16x64x256", "Aq"), "--a_scales=" + Vec("16x64x256", "As"),
               b, bs, "--rule=floor", "--output=" + TempPath("c.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--rule applies only to --a"));
  r = RunTool({"gemm", "--a=" + Vec("16x64x256", "A_bf16bits"), "--a_scale_layout=shuffled16", b,
               bs, "--output=" + TempPath("c.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("--a_scale_layout applies only to --a_scales"));
  r = RunTool(
      {"gemm", "--a_data=" + Vec("16x64x256", "Aq"), b, bs, "--output=" + TempPath("c.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
  EXPECT_THAT(r.err, HasSubstr("missing --a_scales"));
  r = RunTool({"gemm", "--a=" + Vec("16x64x256", "A_bf16bits"), b, bs, "--contract=ideal",
               "--k_splits=2", "--output=" + TempPath("c.npy")});
  EXPECT_EQ(r.exit_code, 2) << r;
}

}  // namespace
}  // namespace mxfp4::cli
