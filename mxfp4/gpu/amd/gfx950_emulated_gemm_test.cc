// File: mxfp4/gpu/amd/gfx950_emulated_gemm_test.cc
//
// The gfx950 kernels' lane mapping, checked without the hardware (docs/amd.md):
// whole GEMMs (bf16 A, preshuffled B, shuffled16 scales) run through the
// three paths' launch plans on the CPU emulator (gfx950_emulator.h: the
// kernels' own index math + the lane-level MFMA model + the cvt emulation)
// and must equal the kMfma16 reference GEMM (mxfp4/emu/reference_gemm.h) bit
// for bit: the fp32 accumulators (or the split-K fp32 combination) and the
// bf16 output, under both MFMA rounding models. The quantize kernel's A_q and
// shuffled scales must equal the shared reference vectors, padding included.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/gpu/amd/gfx950_emulator.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"
#include "mxfp4/gpu/amd/gfx950_test_util.h"
#include "mxfp4/io/npy.h"

namespace mxfp4::gfx950 {
namespace {

using testing::CompareBits;
using testing::ComputeReference;
using testing::DeviceLikeBuffer;
using testing::GemmCase;
using testing::GemmInputs;
using testing::Reference;

struct EmulatedRun {
  Gfx950Plan plan;
  std::vector<float> fp32;     // tap, or split-K partials combined
  std::vector<uint16_t> bf16;  // C
  std::vector<uint8_t> workspace;
  Gfx950Emulator::Counters counters;
};

// Runs `in` through the plan for `options` on the emulator.
void RunEmulated(const GemmInputs& in, const Gfx950PathOptions& options, MfmaRoundingModel model,
                 EmulatedRun* out) {
  const Gfx950GemmShape shape{in.m, in.n, in.k};
  absl::StatusOr<Mxfp4Matrix> b_dev = testing::DeviceLayoutB(in);
  ASSERT_TRUE(b_dev.ok()) << b_dev.status();
  DeviceLikeBuffer a(in.m * in.k * 2, 0);
  std::memcpy(a.data(), in.a.data(), static_cast<size_t>(a.bytes()));
  DeviceLikeBuffer b(static_cast<int64_t>(b_dev->data.size()), 0);
  std::memcpy(b.data(), b_dev->data.data(), b_dev->data.size());
  DeviceLikeBuffer bs(static_cast<int64_t>(b_dev->scales.size()), 0);
  std::memcpy(bs.data(), b_dev->scales.data(), b_dev->scales.size());
  // C starts as a NaN payload no kernel writes; the workspace as junk (the
  // kernels must not rely on zeroed memory).
  DeviceLikeBuffer c(in.m * in.n * 2, 0);
  for (int64_t i = 0; i < in.m * in.n; ++i) c.as<uint16_t>()[i] = 0x7FBF;
  const int64_t ws_bytes = Gfx950WorkspaceBytes(shape, options);
  DeviceLikeBuffer ws(ws_bytes, 0xA5);

  absl::StatusOr<Gfx950Plan> plan = BuildGfx950GemmPlan(
      shape, options,
      Gfx950GemmBuffers{a.as<uint16_t>(), b.data(), bs.data(), c.as<uint16_t>(),
                        ws_bytes > 0 ? ws.data() : nullptr, ws_bytes});
  ASSERT_TRUE(plan.ok()) << plan.status();
  out->plan = *plan;

  Gfx950Emulator emu(model);
  emu.AddBuffer(a.data(), a.bytes());
  emu.AddBuffer(b.data(), b.bytes());
  emu.AddBuffer(bs.data(), bs.bytes());
  emu.AddBuffer(c.data(), c.bytes());
  if (ws_bytes > 0) emu.AddBuffer(ws.data(), ws.bytes());
  out->fp32.assign(static_cast<size_t>(in.m * in.n), std::nanf(""));
  emu.set_accumulator_tap(out->fp32.data());
  const absl::Status run = emu.Run(*plan);
  ASSERT_TRUE(run.ok()) << run;
  out->counters = emu.counters();
  if (plan->path == Gfx950Path::kSplitKSmallM) {
    const float* partials = reinterpret_cast<const float*>(ws.data());
    for (int64_t i = 0; i < in.m * in.n; ++i) {
      out->fp32[i] =
          CombineSplits(plan->splits, [&](int s) { return partials[s * in.m * in.n + i]; });
    }
  }
  out->bf16.assign(c.as<uint16_t>(), c.as<uint16_t>() + in.m * in.n);
  out->workspace.assign(ws.data(), ws.data() + ws_bytes);
}

// Emulated == reference, fp32 and bf16, for one rounding model; and the
// plan issued exactly the expected MFMA chain (nothing silently skipped).
void ExpectMatchesReference(const GemmInputs& in, const Gfx950PathOptions& options,
                            MfmaRoundingModel model, EmulatedRun* run_out = nullptr) {
  EmulatedRun run;
  RunEmulated(in, options, model, &run);
  if (::testing::Test::HasFatalFailure()) return;
  const std::string what =
      absl::StrFormat("(M, N, K) = (%d, %d, %d), path %s, splits %d, model %s, seed %d", in.m,
                      in.n, in.k, Gfx950PathName(run.plan.path), run.plan.splits,
                      MfmaRoundingModelName(model), in.seed);
  EXPECT_EQ(run.counters.mfma, testing::ExpectedMfmaCount(in, run.plan)) << what;
  EXPECT_GT(run.counters.cvt, 0) << what;
  absl::StatusOr<Reference> ref = ComputeReference(in, run.plan, model);
  ASSERT_TRUE(ref.ok()) << ref.status();
  std::string report;
  EXPECT_EQ(CompareBits(in, *ref, run.fp32, run.bf16, &report), 0) << what << "\n" << report;
  if (run_out != nullptr) *run_out = std::move(run);
}

class Gfx950EmulatedGemmTest : public ::testing::TestWithParam<GemmCase> {};

TEST_P(Gfx950EmulatedGemmTest, MatchesReferenceBitForBit) {
  const GemmCase& c = GetParam();
  const GemmInputs in =
      testing::MakeInputs(c.m, c.n, c.k, c.a_values, c.b_scales, testing::CaseSeed(c));
  for (MfmaRoundingModel model :
       {MfmaRoundingModel::kExactSumSingleRounding, MfmaRoundingModel::kBlockSequentialFma}) {
    ExpectMatchesReference(in, testing::CaseOptions(c), model);
  }
}

std::string CaseName(const ::testing::TestParamInfo<GemmCase>& info) { return info.param.name; }

INSTANTIATE_TEST_SUITE_P(Paths, Gfx950EmulatedGemmTest, ::testing::ValuesIn(testing::PathCases()),
                         CaseName);

// Contest shapes, automatic dispatch: the path and split count each takes,
// and the bits (default rounding model only, to keep CI time modest).
class Gfx950ContestShapeTest : public ::testing::TestWithParam<GemmCase> {};

TEST_P(Gfx950ContestShapeTest, AutomaticPathMatchesReference) {
  const GemmCase& c = GetParam();
  const GemmInputs in =
      testing::MakeInputs(c.m, c.n, c.k, c.a_values, c.b_scales, testing::CaseSeed(c));
  EmulatedRun run;
  ExpectMatchesReference(in, testing::CaseOptions(c), MfmaRoundingModel::kExactSumSingleRounding,
                         &run);
  EXPECT_EQ(run.plan.path, c.path);
  if (c.path == Gfx950Path::kSplitKSmallM) {
    EXPECT_EQ(run.plan.splits, 7);
  }
}

INSTANTIATE_TEST_SUITE_P(Contest, Gfx950ContestShapeTest,
                         ::testing::ValuesIn(testing::ContestCases()), CaseName);

absl::StatusOr<std::vector<uint8_t>> ReadU8(const std::string& path) {
  absl::StatusOr<NpyArray> a = ReadNpy(path);
  if (!a.ok()) return a.status();
  return a->AsU8();
}

// The shared reference vectors (testdata/gemm_*): every path, and the
// quantize kernel's A_q and A scales equal the vectors' bytes.
class Gfx950ReferenceVectorTest : public ::testing::TestWithParam<const char*> {};

TEST_P(Gfx950ReferenceVectorTest, AllPathsMatchReferenceAndVectors) {
  const std::string stem = std::string("testdata/gemm_") + GetParam();
  absl::StatusOr<NpyArray> a_npy = ReadNpy(stem + "_A_bf16bits.npy");
  ASSERT_TRUE(a_npy.ok()) << a_npy.status();
  absl::StatusOr<std::vector<uint16_t>> a = a_npy->AsU16();
  absl::StatusOr<std::vector<uint8_t>> aq = ReadU8(stem + "_Aq.npy");
  absl::StatusOr<std::vector<uint8_t>> as = ReadU8(stem + "_As.npy");
  absl::StatusOr<std::vector<uint8_t>> bq = ReadU8(stem + "_Bq.npy");
  absl::StatusOr<std::vector<uint8_t>> bs = ReadU8(stem + "_Bs.npy");
  ASSERT_TRUE(a.ok() && aq.ok() && as.ok() && bq.ok() && bs.ok());
  GemmInputs in;
  in.m = a_npy->shape[0];
  in.k = a_npy->shape[1];
  in.n = static_cast<int64_t>(bq->size()) / (in.k / 2);
  in.a = *a;
  in.b.shape = Mxfp4Shape{in.n, in.k};
  in.b.data = *bq;
  in.b.scales = *bs;

  for (Gfx950Path path :
       {Gfx950Path::kFusedQuantK512, Gfx950Path::kSplitKSmallM, Gfx950Path::kQuantThenGemm}) {
    Gfx950PathOptions options;
    options.force_path = true;
    options.path = path;
    options.splits = path == Gfx950Path::kSplitKSmallM ? 2 : 0;
    EmulatedRun run;
    ExpectMatchesReference(in, options, MfmaRoundingModel::kExactSumSingleRounding, &run);
    if (path == Gfx950Path::kQuantThenGemm) {
      const Gfx950GemmShape shape{in.m, in.n, in.k};
      ASSERT_EQ(0, std::memcmp(run.workspace.data() + Gfx950AqOffset(), aq->data(), aq->size()));
      absl::StatusOr<std::vector<uint8_t>> as_sh = ConvertScaleLayout(
          *as, ScaleLayout::kNatural, ScaleLayout::kShuffled16, in.m, in.k / kBlockK);
      ASSERT_TRUE(as_sh.ok());
      ASSERT_EQ(0, std::memcmp(run.workspace.data() + Gfx950AScalesOffset(shape), as_sh->data(),
                               as_sh->size()));
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Vectors, Gfx950ReferenceVectorTest,
                         ::testing::Values("16x64x256", "33x48x512", "4x96x1024"));

// The quantize kernel alone on the shared quantization vectors (every
// finite bf16 and edge cases): A_q and shuffled scales byte for byte.
TEST(Gfx950QuantizeRowsTest, MatchesQuantizationVectors) {
  absl::StatusOr<NpyArray> x = ReadNpy("testdata/quant_input_bf16bits.npy");
  ASSERT_TRUE(x.ok()) << x.status();
  absl::StatusOr<std::vector<uint16_t>> bits = x->AsU16();
  absl::StatusOr<std::vector<uint8_t>> fp4 = ReadU8("testdata/quant_expected_fp4.npy");
  absl::StatusOr<std::vector<uint8_t>> scales = ReadU8("testdata/quant_expected_scales.npy");
  ASSERT_TRUE(bits.ok() && fp4.ok() && scales.ok());
  const int64_t m = x->shape[0], k = x->shape[1], groups = k / kBlockK;
  const int64_t scale_bytes = ScaleStorageBytes(ScaleLayout::kShuffled16, m, groups);

  DeviceLikeBuffer a(m * k * 2, 0), aq(m * k / 2, 0xA5), as(scale_bytes, 0xA5);
  std::memcpy(a.data(), bits->data(), static_cast<size_t>(m * k * 2));
  Gfx950Launch launch;
  launch.kernel = Gfx950Kernel::kQuantizeRows;
  launch.grid = Grid3{QuantizeGridX(m, k), 1, 1};
  launch.quantize = QuantizeRowsArgs{a.as<uint16_t>(), aq.data(), as.data(),
                                     static_cast<int32_t>(m), static_cast<int32_t>(k)};
  Gfx950Emulator emu;
  emu.AddBuffer(a.data(), a.bytes());
  emu.AddBuffer(aq.data(), aq.bytes());
  emu.AddBuffer(as.data(), as.bytes());
  ASSERT_TRUE(emu.RunLaunch(launch).ok());
  EXPECT_EQ(emu.counters().cvt, m * k / 2);
  for (int64_t i = 0; i < m * k / 2; ++i) {
    ASSERT_EQ(aq.data()[i], (*fp4)[i]) << "A_q byte " << i << " (row " << i / (k / 2) << ")";
  }
  absl::StatusOr<std::vector<uint8_t>> expected_sh =
      ConvertScaleLayout(*scales, ScaleLayout::kNatural, ScaleLayout::kShuffled16, m, groups);
  ASSERT_TRUE(expected_sh.ok());
  for (int64_t i = 0; i < scale_bytes; ++i) {
    ASSERT_EQ(as.data()[i], (*expected_sh)[i]) << "shuffled scale byte " << i;
  }
}

// The emulator catches an out-of-bounds access (a B buffer one byte short),
// so a wrong offset in the index math cannot pass unnoticed.
TEST(Gfx950EmulatorTest, ReportsOutOfBoundsAccess) {
  const int64_t m = 4, n = 16, k = 128;
  DeviceLikeBuffer a(m * k * 2, 0), b(n * k / 2, 0),
      bs(ScaleStorageBytes(ScaleLayout::kShuffled16, n, k / 32), 127), c(m * n * 2, 0);
  absl::StatusOr<Gfx950Plan> plan =
      BuildGfx950GemmPlan(Gfx950GemmShape{m, n, k}, Gfx950PathOptions{},
                          Gfx950GemmBuffers{a.as<uint16_t>(), b.data(), bs.data(),
                                            c.as<uint16_t>(), nullptr, 0});
  ASSERT_TRUE(plan.ok()) << plan.status();
  Gfx950Emulator emu;
  emu.AddBuffer(a.data(), a.bytes());
  emu.AddBuffer(b.data(), b.bytes() - 1);
  emu.AddBuffer(bs.data(), bs.bytes());
  emu.AddBuffer(c.data(), c.bytes());
  const absl::Status s = emu.Run(*plan);
  EXPECT_EQ(s.code(), absl::StatusCode::kOutOfRange) << s;
  EXPECT_NE(s.message().find("wave"), std::string::npos) << s;
}

// Bad shapes and buffers are refused with a clear status, never launched.
TEST(Gfx950PlanTest, RejectsBadShapesAndBuffers) {
  uint16_t a[64] = {}, c[64] = {};
  uint8_t b[64] = {};
  const Gfx950GemmBuffers buffers{a, b, b, c, nullptr, 0};
  for (const Gfx950GemmShape& bad : {Gfx950GemmShape{0, 16, 64}, Gfx950GemmShape{1, 8, 64},
                                     Gfx950GemmShape{1, 24, 64}, Gfx950GemmShape{1, 16, 32},
                                     Gfx950GemmShape{1, 16, 96}, Gfx950GemmShape{1 << 20, 1 << 12, 64}}) {
    const absl::StatusOr<Gfx950Plan> plan = BuildGfx950GemmPlan(bad, Gfx950PathOptions{}, buffers);
    EXPECT_EQ(plan.status().code(), absl::StatusCode::kInvalidArgument)
        << bad.m << "x" << bad.n << "x" << bad.k;
  }
  Gfx950GemmBuffers null_c = buffers;
  null_c.c = nullptr;
  EXPECT_EQ(BuildGfx950GemmPlan({1, 16, 64}, {}, null_c).status().code(),
            absl::StatusCode::kInvalidArgument);
  // Split-K needs its partials workspace.
  EXPECT_EQ(BuildGfx950GemmPlan({4, 16, 1024}, {}, buffers).status().code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace mxfp4::gfx950
