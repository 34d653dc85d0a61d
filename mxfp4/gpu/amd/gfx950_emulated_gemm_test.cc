// File: mxfp4/gpu/amd/gfx950_emulated_gemm_test.cc
//
// The gfx950 kernels' lane mapping, checked without the hardware (docs/amd.md):
// whole GEMMs (bf16 A, preshuffled B, shuffled16 scales) run through the
// three paths' launch plans on the CPU emulator (gfx950_emulator.h: the
// kernels' own index math + the lane-level MFMA model + the cvt emulation)
// and must equal the kMfma16 reference GEMM (mxfp4/emu/reference_gemm.h) bit
// for bit: the fp32 accumulators (or the split-K fp32 combination) and the
// bf16 output, under both MFMA rounding models. The quantize kernel's A_q and
// shuffled scales must equal QuantizeBf16's bytes, including padding.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_format.h"
#include "absl/types/span.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/gpu/amd/gfx950_emulator.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"
#include "mxfp4/gpu/amd/gfx950_plan.h"
#include "mxfp4/io/npy.h"

namespace mxfp4::gfx950 {
namespace {

// A 256-byte aligned byte buffer, standing for one device allocation.
class DeviceLikeBuffer {
 public:
  DeviceLikeBuffer(int64_t bytes, uint8_t fill)
      : storage_(static_cast<size_t>(bytes) + 256, fill), bytes_(bytes) {
    const uintptr_t p = reinterpret_cast<uintptr_t>(storage_.data());
    data_ = storage_.data() + ((256 - p % 256) % 256);
  }
  uint8_t* data() { return data_; }
  int64_t bytes() const { return bytes_; }
  template <typename T>
  T* as() {
    return reinterpret_cast<T*>(data_);
  }

 private:
  std::vector<uint8_t> storage_;
  uint8_t* data_;
  int64_t bytes_;
};

// How A's bf16 values are drawn.
enum class AValues {
  kNormal,    // N(0, 1) rounded to bf16, like the contest inputs
  kWide,      // random sign/mantissa, exponents spread over the whole range
  kSpecials,  // normal plus some NaN, +-Inf, denormals, +-0 and max values
};

// How B's scale bytes are drawn.
enum class BScales {
  kNarrow,   // 120..134
  kWide,     // 0..254 (subnormal and overflowing block terms)
  kWithNan,  // wide plus ~2% 0xFF
};

std::vector<uint16_t> MakeA(int64_t m, int64_t k, AValues kind, std::mt19937_64& rng) {
  std::vector<uint16_t> a(static_cast<size_t>(m * k));
  std::normal_distribution<float> normal(0.0f, 1.0f);
  const uint16_t specials[] = {0x7FC0, 0x7F80, 0xFF80, 0x0001, 0x8003,
                               0x0000, 0x8000, 0x7F7F, 0xFF7F};
  for (int64_t i = 0; i < m * k; ++i) {
    switch (kind) {
      case AValues::kNormal:
        a[i] = FloatToBf16(normal(rng));
        break;
      case AValues::kWide: {
        // One exponent per block (+-2 inside it), so scales cover 0..254.
        const uint64_t block_seed = static_cast<uint64_t>(i / kBlockK) * 0x9E3779B97F4A7C15ull;
        const int base = static_cast<int>((block_seed >> 32) % 250) + 2;
        const int e = base + static_cast<int>(rng() % 5) - 2;
        a[i] = static_cast<uint16_t>(((rng() & 1) << 15) | (e << 7) | (rng() & 0x7F));
        break;
      }
      case AValues::kSpecials:
        a[i] = rng() % 97 == 0 ? specials[rng() % 9] : FloatToBf16(normal(rng));
        break;
    }
  }
  return a;
}

Mxfp4Matrix MakeB(int64_t n, int64_t k, BScales kind, std::mt19937_64& rng) {
  Mxfp4Matrix b;
  b.shape = Mxfp4Shape{n, k};
  b.data.resize(static_cast<size_t>(n * (k / 2)));
  for (uint8_t& x : b.data) x = static_cast<uint8_t>(rng());
  b.scales.resize(static_cast<size_t>(n * (k / kBlockK)));
  for (uint8_t& s : b.scales) {
    switch (kind) {
      case BScales::kNarrow:
        s = static_cast<uint8_t>(120 + rng() % 15);
        break;
      case BScales::kWide:
        s = static_cast<uint8_t>(rng() % 255);
        break;
      case BScales::kWithNan:
        s = rng() % 50 == 0 ? 0xFF : static_cast<uint8_t>(rng() % 255);
        break;
    }
  }
  return b;
}

// Inputs of one GEMM: bf16 A and natural-layout B (converted per run).
struct GemmInputs {
  int64_t m = 0, n = 0, k = 0;
  std::vector<uint16_t> a;
  Mxfp4Matrix b;  // natural data + natural scales
};

struct RunConfig {
  bool force_path = false;
  Gfx950Path path = Gfx950Path::kFusedQuantK512;
  int splits = 0;
  MfmaRoundingModel model = MfmaRoundingModel::kExactSumSingleRounding;
  std::string label;  // for messages: seed, data kinds
};

std::string Describe(const GemmInputs& in, const RunConfig& rc, const Gfx950Plan& plan) {
  return absl::StrFormat("(M, N, K) = (%d, %d, %d), path %s, splits %d, model %s, %s", in.m, in.n,
                         in.k, Gfx950PathName(plan.path), plan.splits,
                         MfmaRoundingModelName(rc.model), rc.label);
}

// RunAndCompare(): builds the plan, runs it on the emulator and compares
// with the reference; returns the plan for extra checks.
void RunAndCompare(const GemmInputs& in, const RunConfig& rc, Gfx950Plan* plan_out = nullptr,
                   std::vector<uint8_t>* workspace_out = nullptr) {
  const Gfx950GemmShape shape{in.m, in.n, in.k};
  const int64_t groups = in.k / kBlockK;

  // B in the kernels' layouts.
  absl::StatusOr<Mxfp4Matrix> b_dev =
      in.b.ToLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16);
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

  Gfx950PathOptions options;
  options.force_path = rc.force_path;
  options.path = rc.path;
  options.splits = rc.splits;
  const int64_t ws_bytes = Gfx950WorkspaceBytes(shape, options);
  DeviceLikeBuffer ws(ws_bytes, 0xA5);

  absl::StatusOr<Gfx950Plan> plan =
      BuildGfx950GemmPlan(shape, options,
                          Gfx950GemmBuffers{a.as<uint16_t>(), b.data(), bs.data(), c.as<uint16_t>(),
                                            ws_bytes > 0 ? ws.data() : nullptr, ws_bytes});
  ASSERT_TRUE(plan.ok()) << plan.status();
  const std::string what = Describe(in, rc, *plan);

  Gfx950Emulator emu(rc.model);
  emu.AddBuffer(a.data(), a.bytes());
  emu.AddBuffer(b.data(), b.bytes());
  emu.AddBuffer(bs.data(), bs.bytes());
  emu.AddBuffer(c.data(), c.bytes());
  if (ws_bytes > 0) emu.AddBuffer(ws.data(), ws.bytes());
  std::vector<float> tap(static_cast<size_t>(in.m * in.n), std::nanf(""));
  emu.set_accumulator_tap(tap.data());
  absl::Status run = emu.Run(*plan);
  ASSERT_TRUE(run.ok()) << what << ": " << run;

  // Nothing silently skipped: every output tile ran its whole chain of
  // MFMA instructions, and the fused paths really converted A with cvt.
  const int64_t steps = MfmaSteps(in.k);
  int64_t expected_mfma = 0;
  if (plan->path == Gfx950Path::kQuantThenGemm) {
    expected_mfma = (in.m + 31) / 32 * 2 * (in.n / 16) * steps;
  } else {
    const int m_tiles = Gfx950MTiles(in.m);
    expected_mfma = plan->launches[0].grid.y * m_tiles * (in.n / 16) * steps;
  }
  EXPECT_EQ(emu.counters().mfma, expected_mfma) << what;
  EXPECT_GT(emu.counters().cvt, 0) << what;

  // The reference: A quantized by the emulator's QuantizeBf16 (EVEN), the
  // kMfma16 contract with this path's K split.
  QuantizeOptions qopt;
  qopt.rule = ScaleRule::kEven;
  absl::StatusOr<Mxfp4Matrix> aq = QuantizeBf16(in.a, in.m, in.k, qopt);
  ASSERT_TRUE(aq.ok()) << aq.status();
  absl::StatusOr<Mxfp4View> av = aq->view();
  absl::StatusOr<Mxfp4View> bv = in.b.view();
  ASSERT_TRUE(av.ok() && bv.ok());
  GemmOptions gopt;
  gopt.contract = Contract::kMfma16;
  gopt.mfma_rounding = rc.model;
  if (plan->path == Gfx950Path::kSplitKSmallM && plan->splits > 1) {
    absl::StatusOr<KSplit> split = KSplit::Even(groups, plan->splits, kPairBlocks);
    ASSERT_TRUE(split.ok()) << split.status();
    gopt.k_split = *split;
  }
  std::vector<float> ref32(static_cast<size_t>(in.m * in.n));
  std::vector<uint16_t> ref16(static_cast<size_t>(in.m * in.n));
  ASSERT_TRUE(ReferenceGemm(*av, *bv, gopt, absl::MakeSpan(ref32)).ok());
  ASSERT_TRUE(ReferenceGemmBf16(*av, *bv, gopt, absl::MakeSpan(ref16)).ok());

  // fp32: the tap, or the split-K partials combined in split order.
  std::vector<float> got32 = tap;
  if (plan->path == Gfx950Path::kSplitKSmallM) {
    const float* partials = reinterpret_cast<const float*>(ws.data());
    for (int64_t i = 0; i < in.m * in.n; ++i) {
      got32[i] = CombineSplits(plan->splits, [&](int s) { return partials[s * in.m * in.n + i]; });
    }
  }
  int reported = 0;
  for (int64_t i = 0; i < in.m * in.n && reported < 3; ++i) {
    const uint32_t g = FloatBits(got32[i]), r = FloatBits(ref32[i]);
    const uint16_t g16 = c.as<uint16_t>()[i];
    if (g != r || g16 != ref16[i]) {
      ++reported;
      const int64_t mm = i / in.n, nn = i % in.n;
      absl::StatusOr<std::string> explain = ExplainGemmElement(*av, *bv, gopt, mm, nn);
      ADD_FAILURE() << what << ": C[" << mm << "][" << nn << "] fp32 0x" << std::hex << g
                    << " bf16 0x" << g16 << ", reference fp32 0x" << r << " bf16 0x" << ref16[i]
                    << std::dec << "\n"
                    << (explain.ok() ? *explain : explain.status().ToString());
    }
  }
  if (plan_out != nullptr) *plan_out = *plan;
  if (workspace_out != nullptr) workspace_out->assign(ws.data(), ws.data() + ws_bytes);
}

struct Case {
  const char* name;
  int64_t m, n, k;
  Gfx950Path path;
  int splits;  // 0 = automatic
  AValues a_values;
  BScales b_scales;
};

std::string CaseName(const ::testing::TestParamInfo<Case>& info) { return info.param.name; }

class Gfx950EmulatedGemmTest : public ::testing::TestWithParam<Case> {};

TEST_P(Gfx950EmulatedGemmTest, MatchesReferenceBitForBit) {
  const Case& c = GetParam();
  const uint64_t seed = 0x6F950000ull + static_cast<uint64_t>(c.m * 131 + c.n * 7 + c.k);
  std::mt19937_64 rng(seed);
  GemmInputs in;
  in.m = c.m;
  in.n = c.n;
  in.k = c.k;
  in.a = MakeA(c.m, c.k, c.a_values, rng);
  in.b = MakeB(c.n, c.k, c.b_scales, rng);
  for (MfmaRoundingModel model :
       {MfmaRoundingModel::kExactSumSingleRounding, MfmaRoundingModel::kBlockSequentialFma}) {
    RunConfig rc;
    rc.force_path = true;
    rc.path = c.path;
    rc.splits = c.splits;
    rc.model = model;
    rc.label = absl::StrFormat("seed %d", seed);
    RunAndCompare(in, rc);
  }
}

using P = Gfx950Path;
constexpr AValues kN = AValues::kNormal;
constexpr AValues kW = AValues::kWide;
constexpr AValues kS = AValues::kSpecials;

// Names follow the tile edges they exercise: m (16-row tiles), n (32-column
// waves: 16 = half a wave), k (128-K steps, 256-K pairs; 64 = a half step).
INSTANTIATE_TEST_SUITE_P(
    Paths, Gfx950EmulatedGemmTest,
    ::testing::Values(
        // Path 1: fused quant + GEMM (K <= 512).
        Case{"fused_m1_n16_k64_half_step", 1, 16, 64, P::kFusedQuantK512, 0, kN, BScales::kNarrow},
        Case{"fused_m4_n48_k512", 4, 48, 512, P::kFusedQuantK512, 0, kN, BScales::kNarrow},
        Case{"fused_m16_n144_k192_odd_half_wave", 16, 144, 192, P::kFusedQuantK512, 0, kW,
             BScales::kWide},
        Case{"fused_m17_n80_k320_m_subtile", 17, 80, 320, P::kFusedQuantK512, 0, kS,
             BScales::kWithNan},
        Case{"fused_m32_n272_k448_two_workgroups", 32, 272, 448, P::kFusedQuantK512, 0, kN,
             BScales::kWide},
        Case{"fused_m45_n32_k256_three_m_workgroups", 45, 32, 256, P::kFusedQuantK512, 0, kW,
             BScales::kNarrow},
        // Path 3: split-K small M (empty splits included: K 1344 = 6 pairs in 5 splits).
        Case{"splitk_m1_n16_k576_s2", 1, 16, 576, P::kSplitKSmallM, 2, kN, BScales::kNarrow},
        Case{"splitk_m4_n144_k1088_s3_tail", 4, 144, 1088, P::kSplitKSmallM, 3, kW, BScales::kWide},
        Case{"splitk_m16_n48_k2048_s8", 16, 48, 2048, P::kSplitKSmallM, 8, kN, BScales::kNarrow},
        Case{"splitk_m32_n80_k1344_s5_empty_splits", 32, 80, 1344, P::kSplitKSmallM, 5, kS,
             BScales::kWithNan},
        Case{"splitk_m8_n64_k640_auto", 8, 64, 640, P::kSplitKSmallM, 0, kN, BScales::kWide},
        Case{"splitk_m20_n32_k768_s1", 20, 32, 768, P::kSplitKSmallM, 1, kW, BScales::kNarrow},
        // Path 2: quantize rows, then GEMM on A_q (64 x 64 workgroups, 32 x 32 waves).
        Case{"quant_gemm_m33_n48_k576", 33, 48, 576, P::kQuantThenGemm, 0, kN, BScales::kNarrow},
        Case{"quant_gemm_m65_n80_k1088_tail", 65, 80, 1088, P::kQuantThenGemm, 0, kW,
             BScales::kWide},
        Case{"quant_gemm_m100_n144_k704", 100, 144, 704, P::kQuantThenGemm, 0, kS,
             BScales::kWithNan},
        Case{"quant_gemm_m1_n16_k64", 1, 16, 64, P::kQuantThenGemm, 0, kN, BScales::kNarrow},
        Case{"quant_gemm_m128_n64_k256", 128, 64, 256, P::kQuantThenGemm, 0, kN, BScales::kWide}),
    CaseName);

// Contest shapes (spec: workload.md), automatic dispatch, end to end: the
// path each takes and the bits it produces. The largest shapes are left to
// the MI355X run (docs/amd.md) to keep CI time modest.
struct ContestCase {
  const char* name;
  int64_t m, n, k;
  Gfx950Path expected_path;
  int expected_splits;
};

class Gfx950ContestShapeTest : public ::testing::TestWithParam<ContestCase> {};

TEST_P(Gfx950ContestShapeTest, AutomaticPathMatchesReference) {
  const ContestCase& c = GetParam();
  const uint64_t seed = 0xC0DE0000ull + static_cast<uint64_t>(c.m + c.n + c.k);
  std::mt19937_64 rng(seed);
  GemmInputs in;
  in.m = c.m;
  in.n = c.n;
  in.k = c.k;
  in.a = MakeA(in.m, in.k, AValues::kNormal, rng);
  in.b = MakeB(in.n, in.k, BScales::kNarrow, rng);
  RunConfig rc;
  rc.label = absl::StrFormat("seed %d", seed);
  Gfx950Plan plan;
  RunAndCompare(in, rc, &plan);
  EXPECT_EQ(plan.path, c.expected_path);
  EXPECT_EQ(plan.splits, c.expected_splits);
}

INSTANTIATE_TEST_SUITE_P(
    Contest, Gfx950ContestShapeTest,
    ::testing::Values(ContestCase{"m4_n2880_k512", 4, 2880, 512, Gfx950Path::kFusedQuantK512, 1},
                      ContestCase{"m32_n4096_k512", 32, 4096, 512, Gfx950Path::kFusedQuantK512, 1},
                      // 17 workgroups -> 8 splits wanted; 28 pairs / 8 -> 4 pairs each -> 7 splits.
                      ContestCase{"m16_n2112_k7168", 16, 2112, 7168, Gfx950Path::kSplitKSmallM, 7},
                      ContestCase{"m64_n3072_k1536", 64, 3072, 1536, Gfx950Path::kQuantThenGemm,
                                  1}),
    [](const ::testing::TestParamInfo<ContestCase>& info) { return std::string(info.param.name); });

// The shared reference vectors (testdata/gemm_*): every path, and the
// quantize kernel's output equals the vectors' A_q and A scales.
class Gfx950ReferenceVectorTest : public ::testing::TestWithParam<const char*> {};

absl::StatusOr<std::vector<uint8_t>> ReadU8(const std::string& path) {
  absl::StatusOr<NpyArray> a = ReadNpy(path);
  if (!a.ok()) return a.status();
  return a->AsU8();
}

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
    RunConfig rc;
    rc.force_path = true;
    rc.path = path;
    rc.splits = path == Gfx950Path::kSplitKSmallM ? 2 : 0;
    rc.label = std::string("vectors ") + GetParam();
    Gfx950Plan plan;
    std::vector<uint8_t> ws;
    RunAndCompare(in, rc, &plan, &ws);
    if (path == Gfx950Path::kQuantThenGemm) {
      // The workspace holds A_q (natural) and A scales (shuffled16).
      const Gfx950GemmShape shape{in.m, in.n, in.k};
      const int64_t groups = in.k / kBlockK;
      ASSERT_EQ(0, std::memcmp(ws.data() + Gfx950AqOffset(), aq->data(), aq->size()));
      absl::StatusOr<std::vector<uint8_t>> as_sh =
          ConvertScaleLayout(*as, ScaleLayout::kNatural, ScaleLayout::kShuffled16, in.m, groups);
      ASSERT_TRUE(as_sh.ok());
      ASSERT_EQ(0,
                std::memcmp(ws.data() + Gfx950AScalesOffset(shape), as_sh->data(), as_sh->size()));
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
  absl::StatusOr<Gfx950Plan> plan = BuildGfx950GemmPlan(
      Gfx950GemmShape{m, n, k}, Gfx950PathOptions{},
      Gfx950GemmBuffers{a.as<uint16_t>(), b.data(), bs.data(), c.as<uint16_t>(), nullptr, 0});
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

}  // namespace
}  // namespace mxfp4::gfx950
