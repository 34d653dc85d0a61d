// File: mxfp4/emu/reference_gemm_test.cc
//
// The reference GEMMs (docs/accumulation.md) against independent long-hand
// oracles (gemm_test_oracle.h) for every contract, on small shapes named after
// their edges, every scale mix (unit, narrow, wide, extreme, NaN), both CPU
// kernels and several thread counts; the contracts against each other; the
// K-split against the long-hand formula; layout invariance; bad input.

#include "mxfp4/emu/reference_gemm.h"

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/error_report.h"
#include "mxfp4/emu/exact_sum.h"
#include "mxfp4/emu/gemm_test_oracle.h"
#include "mxfp4/emu/gemm_test_util.h"
#include "mxfp4/emu/mfma.h"
#include "mxfp4/emu/quantize.h"

#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

namespace mxfp4 {
namespace {

using testing::FloatHex;
using testing::RandomMatrix;
using testing::SameBitsNanAware;
using testing::ScaleMix;
using testing::ScaleMixName;
using testing::SetCode;

constexpr uint64_t kSeed = 0x67656d6d;  // "gemm"

std::vector<CpuKernel> Kernels() {
  std::vector<CpuKernel> kernels = {CpuKernel::kPortable};
  if (CpuKernelAvailable(CpuKernel::kAvx2)) kernels.push_back(CpuKernel::kAvx2);
  return kernels;
}

// Long-hand MFMA contract for one output: instructions of `per_step` blocks,
// C chained, K tail zero-padded (code 0, scale 127), via the oracle.
float LonghandMfma(const Mxfp4View& a, const Mxfp4View& b, int64_t m, int64_t n, int per_step,
                   MfmaRoundingModel model, int64_t g_begin, int64_t g_end) {
  float c = 0.0f;
  for (int64_t g = g_begin; g < g_end; g += per_step) {
    int32_t dot4[4];
    uint8_t sa[4], sb[4];
    for (int b_ = 0; b_ < per_step; ++b_) {
      const bool real = g + b_ < g_end;
      dot4[b_] = real ? oracle::Dot4(a, b, m, n, g + b_) : 0;
      sa[b_] = real ? a.scale(m, g + b_) : 127;
      sb[b_] = real ? b.scale(n, g + b_) : 127;
    }
    if (model == MfmaRoundingModel::kExactSumSingleRounding) {
      c = oracle::MfmaExactStep(c, dot4, sa, sb, per_step);
    } else {
      for (int b_ = 0; b_ < per_step; ++b_) {
        float s = std::nanf("");
        if (sa[b_] != 0xFF && sb[b_] != 0xFF) {
          s = static_cast<float>(std::ldexp(1.0, sa[b_] - 127) * std::ldexp(1.0, sb[b_] - 127));
        }
        c = std::fma(static_cast<float>(dot4[b_]) / 4.0f, s, c);
      }
    }
  }
  return c;
}

// The oracle's fp32 value for one output under `options` (splits included).
float OracleFp32(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options, int64_t m,
                 int64_t n) {
  if (options.contract == Contract::kIdeal) return BitsToFloat(oracle::IdealFp32Bits(a, b, m, n));
  const int64_t groups = a.groups();
  const int splits = options.k_split.num_splits();
  std::vector<float> partial(splits);
  for (int s = 0; s < splits; ++s) {
    const int64_t g0 = options.k_split.begin(s), g1 = options.k_split.end(s, groups);
    if (options.contract == Contract::kBlockFma) {
      partial[s] = oracle::BlockFma(a, b, m, n, g0, g1);
    } else {
      partial[s] = LonghandMfma(a, b, m, n, ContractBlocksPerStep(options.contract),
                                options.mfma_rounding, g0, g1);
    }
  }
  // Runs of `group` splits, each ((p[r] + p[r+1]) + ...); outer runs of
  // `outer_group` runs, each ((R[o] + R[o+1]) + ...); then
  // ((O0 + O1) + O2) + ...; group 1, outer_group 1: ((p0 + p1) + p2) + ...
  const int group = options.k_split.group;
  const int outer_splits = group * options.k_split.outer_group;
  float total = 0.0f;
  for (int o = 0; o < splits; o += outer_splits) {
    float outer = 0.0f;
    for (int r = o; r < o + outer_splits && r < splits; r += group) {
      float run = partial[r];
      for (int s = r + 1; s < r + group && s < splits; ++s) run += partial[s];
      outer = r == o ? run : outer + run;
    }
    total = o == 0 ? outer : total + outer;
  }
  return total;
}

uint16_t OracleBf16(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options, int64_t m,
                    int64_t n) {
  if (options.contract == Contract::kIdeal) return oracle::IdealBf16Bits(a, b, m, n);
  return FloatToBf16(OracleFp32(a, b, options, m, n));
}

std::string Describe(const GemmOptions& o, int64_t groups) {
  return std::string(ContractName(o.contract)) + " split " + o.k_split.ToString(groups) +
         " kernel " + CpuKernelName(o.cpu_kernel) + " threads " + std::to_string(o.num_threads) +
         (o.contract == Contract::kMfma16 || o.contract == Contract::kMfma32
              ? std::string(" model ") + MfmaRoundingModelName(o.mfma_rounding)
              : "");
}

// Runs the GEMM (fp32 and bf16) and compares every element with the oracle.
void ExpectMatchesOracle(const Mxfp4View& a, const Mxfp4View& b, const GemmOptions& options,
                         const std::string& context) {
  const int64_t m = a.rows(), n = b.rows();
  std::vector<float> c(m * n);
  std::vector<uint16_t> c16(m * n);
  ASSERT_TRUE(ReferenceGemm(a, b, options, absl::MakeSpan(c)).ok()) << context;
  ASSERT_TRUE(ReferenceGemmBf16(a, b, options, absl::MakeSpan(c16)).ok()) << context;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      const float want = OracleFp32(a, b, options, i, j);
      const float got = c[i * n + j];
      if (!SameBitsNanAware(got, want)) {
        absl::StatusOr<std::string> trace = ExplainGemmElement(a, b, options, i, j);
        FAIL() << context << " " << Describe(options, a.groups()) << " C[" << i << "][" << j
               << "]: got " << FloatHex(got) << ", oracle " << FloatHex(want) << "\n"
               << (trace.ok() ? *trace : std::string(trace.status().message()));
      }
      if (std::isnan(got)) {
        ASSERT_EQ(FloatBits(got), kCanonicalNanFp32Bits) << context;
      }
      const uint16_t want16 = OracleBf16(a, b, options, i, j);
      ASSERT_TRUE(SameBitsNanAware(c16[i * n + j], want16))
          << context << " " << Describe(options, a.groups()) << " bf16 C[" << i << "][" << j
          << "]: got 0x" << std::hex << c16[i * n + j] << ", oracle 0x" << want16;
    }
  }
}

struct ShapeCase {
  const char* name;
  int64_t m, n, k;
};

// Shapes named after the edges they hit (4x4 output tiles, 4/2-block MFMA steps).
constexpr ShapeCase kShapes[] = {
    {"m1_decode", 1, 16, 256},        {"m33_n_not_tile", 33, 18, 96},  // K = 32 * 3
    {"k32_single_block", 5, 16, 32},  {"k_odd_blocks", 6, 7, 32 * 7},
    {"n16", 16, 16, 128},             {"m2_n3_k64", 2, 3, 64},
};

TEST(ReferenceGemmTest, EveryContractMatchesOracle) {
  std::mt19937_64 rng(kSeed);
  for (const ShapeCase& shape : kShapes) {
    for (ScaleMix mix : {ScaleMix::kUnit, ScaleMix::kNarrow, ScaleMix::kWide, ScaleMix::kExtreme,
                         ScaleMix::kWithNan}) {
      const Mxfp4Matrix am = RandomMatrix(shape.m, shape.k, mix, rng);
      const Mxfp4Matrix bm = RandomMatrix(shape.n, shape.k, mix, rng);
      absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
      ASSERT_TRUE(a.ok() && b.ok());
      const std::string context = std::string("seed ") + std::to_string(kSeed) + " shape " +
                                  shape.name + " scales " + ScaleMixName(mix);
      for (Contract contract : kAllContracts) {
        for (MfmaRoundingModel model : {MfmaRoundingModel::kExactSumSingleRounding,
                                        MfmaRoundingModel::kBlockSequentialFma}) {
          if (model != MfmaRoundingModel::kExactSumSingleRounding &&
              contract != Contract::kMfma16 && contract != Contract::kMfma32) {
            continue;
          }
          for (CpuKernel kernel : Kernels()) {
            GemmOptions options;
            options.contract = contract;
            options.mfma_rounding = model;
            options.cpu_kernel = kernel;
            options.num_threads = kernel == CpuKernel::kPortable ? 1 : 3;
            ExpectMatchesOracle(*a, *b, options, context);
            if (HasFatalFailure()) return;
          }
        }
      }
    }
  }
}

// KSplit with different boundaries (including empty splits) equals the
// long-hand formula: each split from +0, partials summed left to right.
TEST(ReferenceGemmTest, KSplitMatchesLonghand) {
  std::mt19937_64 rng(kSeed + 1);
  const int64_t m = 9, n = 10, k = 32 * 12;
  for (ScaleMix mix : {ScaleMix::kNarrow, ScaleMix::kExtreme, ScaleMix::kWithNan}) {
    const Mxfp4Matrix am = RandomMatrix(m, k, mix, rng);
    const Mxfp4Matrix bm = RandomMatrix(n, k, mix, rng);
    absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
    ASSERT_TRUE(a.ok() && b.ok());
    const std::vector<std::vector<int64_t>> fma_splits = {
        {6}, {0}, {12}, {3, 3, 7}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {5, 11}};
    for (const auto& boundaries : fma_splits) {
      for (CpuKernel kernel : Kernels()) {
        GemmOptions options;
        options.k_split = KSplit::FromBoundaries(boundaries);
        options.cpu_kernel = kernel;
        ExpectMatchesOracle(*a, *b, options, std::string("scales ") + ScaleMixName(mix));
        if (HasFatalFailure()) return;
      }
    }
    GemmOptions even;
    absl::StatusOr<KSplit> split = KSplit::Even(12, 5);
    ASSERT_TRUE(split.ok());
    even.k_split = *split;
    ExpectMatchesOracle(*a, *b, even, "even split");
    // Runs of splits summed first (the GPU's pushed clusters): groups that
    // divide the splits, a short last run, empty splits, a group larger than
    // the split count.
    for (int group : {2, 3, 4, 16}) {
      for (const auto& boundaries : fma_splits) {
        for (CpuKernel kernel : Kernels()) {
          GemmOptions options;
          options.k_split = KSplit::FromBoundaries(boundaries);
          options.k_split.group = group;
          options.cpu_kernel = kernel;
          ExpectMatchesOracle(*a, *b, options,
                              absl::StrCat("group ", group, " scales ", ScaleMixName(mix)));
          if (HasFatalFailure()) return;
          // Outer runs of runs (the GPU's clusters split over the grid): a
          // short last outer run, outer runs of plain splits, one outer run.
          for (int outer_group : {2, 3}) {
            for (int g : {1, group}) {
              options.k_split.group = g;
              options.k_split.outer_group = outer_group;
              ExpectMatchesOracle(*a, *b, options,
                                  absl::StrCat("group ", g, " outer_group ", outer_group,
                                               " scales ", ScaleMixName(mix)));
              if (HasFatalFailure()) return;
            }
          }
        }
      }
    }
    for (Contract contract : {Contract::kMfma16, Contract::kMfma32}) {
      for (const auto& boundaries : std::vector<std::vector<int64_t>>{{4, 8}, {0, 8}, {12}, {8}}) {
        GemmOptions options;
        options.contract = contract;
        options.k_split = KSplit::FromBoundaries(boundaries);
        ExpectMatchesOracle(*a, *b, options, std::string("scales ") + ScaleMixName(mix));
        if (HasFatalFailure()) return;
        options.k_split.group = 2;
        ExpectMatchesOracle(*a, *b, options, std::string("group 2 scales ") + ScaleMixName(mix));
        if (HasFatalFailure()) return;
        options.k_split.group = 1;
        options.k_split.outer_group = 2;
        ExpectMatchesOracle(*a, *b, options,
                            std::string("outer_group 2 scales ") + ScaleMixName(mix));
        if (HasFatalFailure()) return;
      }
    }
  }
}

// Runs of splits summed first are a different contract, not a relabelling: on
// real-looking data (narrow scales, the GPU's 8 ranks x 4 warpgroups of
// 64x512x16384) some fp32 outputs differ from the plain chain, so a GPU test
// against the grouped contract tells the two orders apart.
TEST(ReferenceGemmTest, GroupedRunsDifferFromThePlainChain) {
  std::mt19937_64 rng(kSeed + 7);
  const int64_t m = 8, n = 16, k = 32 * 512;
  const Mxfp4Matrix am = RandomMatrix(m, k, ScaleMix::kNarrow, rng);
  const Mxfp4Matrix bm = RandomMatrix(n, k, ScaleMix::kNarrow, rng);
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  absl::StatusOr<KSplit> split = KSplit::Even(512, 32);
  ASSERT_TRUE(split.ok());
  GemmOptions plain, grouped;
  plain.k_split = *split;
  grouped.k_split = *split;
  grouped.k_split.group = 4;
  std::vector<float> c_plain(m * n), c_grouped(m * n);
  ASSERT_TRUE(ReferenceGemm(*a, *b, plain, absl::MakeSpan(c_plain)).ok());
  ASSERT_TRUE(ReferenceGemm(*a, *b, grouped, absl::MakeSpan(c_grouped)).ok());
  int differ = 0;
  for (int64_t i = 0; i < m * n; ++i) differ += FloatBits(c_plain[i]) != FloatBits(c_grouped[i]);
  EXPECT_GT(differ, 0) << "seed " << kSeed + 7;
  // Two clusters of those 8 ranks (the grid split of 64x512x16384's clusters:
  // 64 splits, runs of 4, outer runs of 8 runs) against one chain of runs.
  absl::StatusOr<KSplit> split64 = KSplit::Even(512, 64);
  ASSERT_TRUE(split64.ok());
  GemmOptions runs, outer;
  runs.k_split = *split64;
  runs.k_split.group = 4;
  outer.k_split = runs.k_split;
  outer.k_split.outer_group = 8;
  std::vector<float> c_runs(m * n), c_outer(m * n);
  ASSERT_TRUE(ReferenceGemm(*a, *b, runs, absl::MakeSpan(c_runs)).ok());
  ASSERT_TRUE(ReferenceGemm(*a, *b, outer, absl::MakeSpan(c_outer)).ok());
  differ = 0;
  for (int64_t i = 0; i < m * n; ++i) differ += FloatBits(c_runs[i]) != FloatBits(c_outer[i]);
  EXPECT_GT(differ, 0) << "seed " << kSeed + 7;
}

// With one common scale and small sums every contract is exact: equal bits.
TEST(ReferenceGemmTest, ContractsAgreeWhenEverythingIsExact) {
  std::mt19937_64 rng(kSeed + 2);
  for (const ShapeCase& shape : kShapes) {
    Mxfp4Matrix am = RandomMatrix(shape.m, shape.k, ScaleMix::kUnit, rng);
    Mxfp4Matrix bm = RandomMatrix(shape.n, shape.k, ScaleMix::kUnit, rng);
    for (uint8_t& s : am.scales) s = 127 + 5;  // 2^5 * 2^-3: products exact, sums < 2^22
    for (uint8_t& s : bm.scales) s = 127 - 3;
    absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
    ASSERT_TRUE(a.ok() && b.ok());
    const int64_t count = shape.m * shape.n;
    std::vector<float> ideal(count), other(count);
    GemmOptions options;
    options.contract = Contract::kIdeal;
    ASSERT_TRUE(ReferenceGemm(*a, *b, options, absl::MakeSpan(ideal)).ok());
    for (Contract contract : {Contract::kBlockFma, Contract::kMfma16, Contract::kMfma32}) {
      for (bool split : {false, true}) {
        GemmOptions o;
        o.contract = contract;
        if (split) {
          absl::StatusOr<KSplit> ks = KSplit::Even(a->groups(), 3, ContractBlocksPerStep(contract));
          ASSERT_TRUE(ks.ok());
          o.k_split = *ks;
        }
        ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(other)).ok());
        absl::StatusOr<ErrorReport> r = CompareFp32(other, ideal, shape.m, shape.n);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->bit_exact) << shape.name << " " << ContractName(contract) << " split "
                                  << split << "\n"
                                  << r->ToString();
      }
    }
  }
}

// Three blocks with terms 2^24, 1, 1 (P = 1 each): the exact sum 2^24 + 2 is
// an fp32, but step by step 2^24 + 1 rounds back to 2^24 (tie, even).
Mxfp4Matrix ThreeTermsA() {
  Mxfp4Matrix a;
  a.shape = Mxfp4Shape{1, 128};
  a.data.assign(64, 0);
  a.scales = {127 + 24, 127, 127, 127};
  for (int g = 0; g < 3; ++g) SetCode(a, 0, 32 * g, 2);  // 1.0 at the first element of blocks 0..2
  return a;
}
Mxfp4Matrix ThreeTermsB() {
  Mxfp4Matrix b;
  b.shape = Mxfp4Shape{1, 128};
  b.data.assign(64, 0);
  b.scales = {127, 127, 127, 127};
  for (int g = 0; g < 3; ++g) SetCode(b, 0, 32 * g, 2);
  return b;
}

TEST(ReferenceGemmTest, ConstructedCasesWhereContractsDiffer) {
  const Mxfp4Matrix am = ThreeTermsA(), bm = ThreeTermsB();
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  auto run = [&](Contract contract, MfmaRoundingModel model) {
    GemmOptions o;
    o.contract = contract;
    o.mfma_rounding = model;
    float c = -1.0f;
    EXPECT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(&c, 1)).ok());
    return c;
  };
  const auto exact = MfmaRoundingModel::kExactSumSingleRounding;
  const auto sequential = MfmaRoundingModel::kBlockSequentialFma;
  EXPECT_EQ(run(Contract::kBlockFma, exact), 16777216.0f);
  EXPECT_EQ(run(Contract::kIdeal, exact), 16777218.0f);     // block_fma != ideal
  EXPECT_EQ(run(Contract::kMfma16, exact), 16777218.0f);    // mfma16 != block_fma
  EXPECT_EQ(run(Contract::kMfma16, sequential), 16777216.0f);
  // mfma32: instruction 1 = blocks 0,1 -> 2^24 + 1 rounds to 2^24; then + 1 -> 2^24.
  EXPECT_EQ(run(Contract::kMfma32, exact), 16777216.0f);
}

// Every block term of block_fma underflows to -0 (gemm_test_util.h,
// UnderflowingTermsA/B: P = -0.25, s = 2^-149), so the partials of any split
// are -0 and so is their sum. A GPU path that adds a block outside a chunk
// (fmaf(+0, s, -0) = +0) gives +0 instead; the GPU tests use the same inputs
// (gemm_tester's kUnderflowingTerms).
TEST(ReferenceGemmTest, UnderflowingBlockTermsKeepNegativeZero) {
  constexpr int64_t kM = 5, kN = 7, kK = 32 * 69;
  absl::StatusOr<Mxfp4Matrix> am =
      QuantizeBf16(testing::UnderflowingTermsA(kM, kK), kM, kK, QuantizeOptions{});
  ASSERT_TRUE(am.ok()) << am.status();
  ASSERT_EQ(am->scales[0], 105);
  std::mt19937_64 rng(kSeed);
  const Mxfp4Matrix bm = testing::UnderflowingTermsB(kN, kK, rng);
  absl::StatusOr<Mxfp4View> a = am->view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  for (const KSplit& split : {KSplit{}, KSplit::FromBoundaries({36}),
                              KSplit::FromBoundaries({24, 48, 60})}) {
    GemmOptions o;
    o.k_split = split;
    std::vector<float> c(kM * kN, 1.0f);
    ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(c)).ok());
    for (float x : c) EXPECT_EQ(FloatBits(x), 0x80000000u) << FloatHex(x);
    std::vector<uint16_t> c16(kM * kN, 0);
    ASSERT_TRUE(ReferenceGemmBf16(*a, *b, o, absl::MakeSpan(c16)).ok());
    for (uint16_t x : c16) EXPECT_EQ(x, 0x8000u);
  }
}

// With kBlockSequentialFma inside each instruction, mfma16/mfma32 are
// block_fma when K is a multiple of the instruction's K; with a padded last
// instruction only the sign of a zero may differ.
TEST(ReferenceGemmTest, SequentialMfmaModelIsBlockFma) {
  std::mt19937_64 rng(kSeed + 9);
  for (int64_t k : {256, 320}) {
    const Mxfp4Matrix am = RandomMatrix(9, k, ScaleMix::kExtreme, rng);
    const Mxfp4Matrix bm = RandomMatrix(7, k, ScaleMix::kWithNan, rng);
    absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
    ASSERT_TRUE(a.ok() && b.ok());
    std::vector<float> fma(63), mfma(63);
    ASSERT_TRUE(ReferenceGemm(*a, *b, GemmOptions(), absl::MakeSpan(fma)).ok());
    for (Contract contract : {Contract::kMfma16, Contract::kMfma32}) {
      GemmOptions o;
      o.contract = contract;
      o.mfma_rounding = MfmaRoundingModel::kBlockSequentialFma;
      ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(mfma)).ok());
      const bool padded = k % (32 * ContractBlocksPerStep(contract)) != 0;
      for (int i = 0; i < 63; ++i) {
        if (padded && fma[i] == 0.0f && mfma[i] == 0.0f) continue;
        ASSERT_TRUE(SameBitsNanAware(fma[i], mfma[i]))
            << ContractName(contract) << " k " << k << " element " << i << ": " << FloatHex(fma[i])
            << " vs " << FloatHex(mfma[i]);
      }
    }
  }
}

// The same matrices in every layout give the same bits.
TEST(ReferenceGemmTest, LayoutInvariance) {
  std::mt19937_64 rng(kSeed + 3);
  const int64_t m = 33, n = 48, k = 512;
  const Mxfp4Matrix am = RandomMatrix(m, k, ScaleMix::kWide, rng);
  const Mxfp4Matrix bm = RandomMatrix(n, k, ScaleMix::kWide, rng);
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  for (Contract contract : kAllContracts) {
    GemmOptions o;
    o.contract = contract;
    std::vector<float> base(m * n), other(m * n);
    ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(base)).ok());
    for (ScaleLayout sl : {ScaleLayout::kShuffled16, ScaleLayout::kShuffled32}) {
      absl::StatusOr<Mxfp4Matrix> a2 = am.ToLayout(DataLayout::kNatural, sl);
      absl::StatusOr<Mxfp4Matrix> b2 = bm.ToLayout(DataLayout::kPreshuffled16x16, sl);
      ASSERT_TRUE(a2.ok() && b2.ok()) << a2.status() << b2.status();
      absl::StatusOr<Mxfp4View> av2 = a2->view(), bv2 = b2->view();
      ASSERT_TRUE(av2.ok() && bv2.ok());
      ASSERT_TRUE(ReferenceGemm(*av2, *bv2, o, absl::MakeSpan(other)).ok());
      absl::StatusOr<ErrorReport> r = CompareFp32(other, base, m, n);
      ASSERT_TRUE(r.ok());
      EXPECT_TRUE(r->bit_exact) << ContractName(contract) << " " << ScaleLayoutName(sl) << "\n"
                                << r->ToString();
    }
  }
}

// Kernels and thread counts never change a bit.
TEST(ReferenceGemmTest, DeterministicAcrossKernelsAndThreads) {
  std::mt19937_64 rng(kSeed + 4);
  const int64_t m = 64, n = 84, k = 512;
  const Mxfp4Matrix am = RandomMatrix(m, k, ScaleMix::kNarrow, rng);
  Mxfp4Matrix bm = RandomMatrix(n, k, ScaleMix::kWide, rng);
  bm.scales[7] = 0xFF;  // one NaN row
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  for (Contract contract : kAllContracts) {
    std::vector<float> first(m * n), other(m * n);
    std::vector<uint16_t> first16(m * n), other16(m * n);
    bool have_first = false;
    for (CpuKernel kernel : Kernels()) {
      for (int threads : {1, 2, 7}) {
        GemmOptions o;
        o.contract = contract;
        o.cpu_kernel = kernel;
        o.num_threads = threads;
        ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(have_first ? other : first)).ok());
        ASSERT_TRUE(ReferenceGemmBf16(*a, *b, o, absl::MakeSpan(have_first ? other16 : first16)).ok());
        if (!have_first) {
          have_first = true;
          continue;
        }
        absl::StatusOr<ErrorReport> r = CompareFp32(other, first, m, n);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->bit_exact) << ContractName(contract) << " " << CpuKernelName(kernel) << " "
                                  << threads << "\n"
                                  << r->ToString();
        absl::StatusOr<ErrorReport> r16 = CompareBf16(other16, first16, m, n);
        ASSERT_TRUE(r16.ok());
        EXPECT_TRUE(r16->bit_exact) << r16->ToString();
      }
    }
  }
}

// The caller's flush-to-zero / denormals-are-zero mode must not leak in: the
// contracts are defined without FTZ, and subnormal scale products matter.
TEST(ReferenceGemmTest, IgnoresCallersFlushToZeroMode) {
#if defined(__x86_64__)
  std::mt19937_64 rng(kSeed + 5);
  const int64_t m = 8, n = 8, k = 256;
  Mxfp4Matrix am = RandomMatrix(m, k, ScaleMix::kUnit, rng);
  Mxfp4Matrix bm = RandomMatrix(n, k, ScaleMix::kUnit, rng);
  for (uint8_t& s : am.scales) s = static_cast<uint8_t>(rng() % 20);       // 2^-127 .. 2^-108
  for (uint8_t& s : bm.scales) s = static_cast<uint8_t>(100 + rng() % 20);  // products subnormal
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  for (int threads : {1, 2}) {
    GemmOptions o;
    o.num_threads = threads;
    std::vector<float> normal(m * n), flushed(m * n);
    ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(normal)).ok());
    const unsigned int saved = _mm_getcsr();
    _mm_setcsr(saved | 0x8040);  // FTZ | DAZ
    const absl::Status s = ReferenceGemm(*a, *b, o, absl::MakeSpan(flushed));
    const unsigned int during = _mm_getcsr();
    _mm_setcsr(saved);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(during, saved | 0x8040);  // the caller's mode is restored
    int nonzero = 0;
    for (int64_t i = 0; i < m * n; ++i) {
      ASSERT_EQ(FloatBits(flushed[i]), FloatBits(normal[i])) << i;
      nonzero += normal[i] != 0.0f;
    }
    EXPECT_GT(nonzero, 0);  // the case really produces subnormal results
  }
#else
  GTEST_SKIP() << "MXCSR is x86 only";
#endif
}

TEST(ReferenceGemmTest, EmptyShapes) {
  std::mt19937_64 rng(kSeed + 8);
  for (Contract contract : kAllContracts) {
    GemmOptions o;
    o.contract = contract;
    Mxfp4Matrix a0;
    a0.shape = Mxfp4Shape{0, 64};
    Mxfp4Matrix b = RandomMatrix(3, 64, ScaleMix::kNarrow, rng);
    absl::StatusOr<Mxfp4View> av = a0.view(), bv = b.view();
    ASSERT_TRUE(av.ok() && bv.ok());
    EXPECT_TRUE(ReferenceGemm(*av, *bv, o, {}).ok());
    // K = 0: every output is the empty sum, +0.
    Mxfp4Matrix ak, bk;
    ak.shape = Mxfp4Shape{2, 0};
    bk.shape = Mxfp4Shape{3, 0};
    absl::StatusOr<Mxfp4View> akv = ak.view(), bkv = bk.view();
    ASSERT_TRUE(akv.ok() && bkv.ok());
    std::vector<float> c(6, -1.0f);
    ASSERT_TRUE(ReferenceGemm(*akv, *bkv, o, absl::MakeSpan(c)).ok());
    for (float v : c) EXPECT_EQ(FloatBits(v), 0u);
  }
}

TEST(ReferenceGemmTest, BadInputIsAnError) {
  std::mt19937_64 rng(kSeed + 6);
  const Mxfp4Matrix am = RandomMatrix(4, 128, ScaleMix::kNarrow, rng);
  const Mxfp4Matrix bm = RandomMatrix(5, 128, ScaleMix::kNarrow, rng);
  const Mxfp4Matrix bk = RandomMatrix(5, 96, ScaleMix::kNarrow, rng);
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view(), b_other_k = bk.view();
  ASSERT_TRUE(a.ok() && b.ok() && b_other_k.ok());
  std::vector<float> c(20);
  std::vector<uint16_t> c16(20);
  GemmOptions o;
  absl::Status s = ReferenceGemm(*a, *b_other_k, o, absl::MakeSpan(c));
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("K must match"), absl::string_view::npos) << s;
  EXPECT_EQ(ReferenceGemm(*a, *b, o, absl::MakeSpan(c.data(), 19)).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ReferenceGemmBf16(*a, *b, o, absl::MakeSpan(c16.data(), 21)).code(),
            absl::StatusCode::kInvalidArgument);
  GemmOptions ideal_split;
  ideal_split.contract = Contract::kIdeal;
  ideal_split.k_split = KSplit::FromBoundaries({2});
  EXPECT_EQ(ReferenceGemm(*a, *b, ideal_split, absl::MakeSpan(c)).code(),
            absl::StatusCode::kInvalidArgument);
  GemmOptions mfma_split;
  mfma_split.contract = Contract::kMfma16;
  mfma_split.k_split = KSplit::FromBoundaries({2});  // not a multiple of 4 blocks
  EXPECT_EQ(ReferenceGemm(*a, *b, mfma_split, absl::MakeSpan(c)).code(),
            absl::StatusCode::kInvalidArgument);
  GemmOptions bad_split;
  bad_split.k_split = KSplit::FromBoundaries({3, 1});
  EXPECT_EQ(ReferenceGemm(*a, *b, bad_split, absl::MakeSpan(c)).code(),
            absl::StatusCode::kInvalidArgument);
  bad_split.k_split = KSplit::FromBoundaries({5});  // beyond K/32 = 4
  EXPECT_EQ(ReferenceGemm(*a, *b, bad_split, absl::MakeSpan(c)).code(),
            absl::StatusCode::kInvalidArgument);
  GemmOptions bad_threads;
  bad_threads.num_threads = -1;
  EXPECT_EQ(ReferenceGemm(*a, *b, bad_threads, absl::MakeSpan(c)).code(),
            absl::StatusCode::kInvalidArgument);
  if (!CpuKernelAvailable(CpuKernel::kAvx2)) {
    GemmOptions avx2;
    avx2.cpu_kernel = CpuKernel::kAvx2;
    EXPECT_EQ(ReferenceGemm(*a, *b, avx2, absl::MakeSpan(c)).code(),
              absl::StatusCode::kFailedPrecondition);
  }
  EXPECT_EQ(ReferenceGemmElement(*a, *b, o, 4, 0).status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(ExplainGemmElement(*a, *b, o, 0, -1).status().code(), absl::StatusCode::kOutOfRange);
}

TEST(ReferenceGemmTest, ElementAndExplainAgreeWithTheGemm) {
  std::mt19937_64 rng(kSeed + 7);
  const int64_t m = 6, n = 5, k = 320;
  Mxfp4Matrix am = RandomMatrix(m, k, ScaleMix::kWide, rng);
  const Mxfp4Matrix bm = RandomMatrix(n, k, ScaleMix::kWide, rng);
  am.scales[3] = 0xFF;  // row 0 has a NaN block
  absl::StatusOr<Mxfp4View> a = am.view(), b = bm.view();
  ASSERT_TRUE(a.ok() && b.ok());
  for (Contract contract : kAllContracts) {
    GemmOptions o;
    o.contract = contract;
    if (contract == Contract::kBlockFma) o.k_split = KSplit::FromBoundaries({4});
    std::vector<float> c(m * n);
    std::vector<uint16_t> c16(m * n);
    ASSERT_TRUE(ReferenceGemm(*a, *b, o, absl::MakeSpan(c)).ok());
    ASSERT_TRUE(ReferenceGemmBf16(*a, *b, o, absl::MakeSpan(c16)).ok());
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        absl::StatusOr<GemmElement> e = ReferenceGemmElement(*a, *b, o, i, j);
        ASSERT_TRUE(e.ok());
        EXPECT_TRUE(SameBitsNanAware(e->fp32, c[i * n + j])) << ContractName(contract);
        EXPECT_TRUE(SameBitsNanAware(e->bf16, c16[i * n + j])) << ContractName(contract);
      }
    }
    absl::StatusOr<std::string> trace = ExplainGemmElement(*a, *b, o, 0, 1);
    ASSERT_TRUE(trace.ok());
    EXPECT_NE(trace->find(ContractName(contract)), std::string::npos) << *trace;
    EXPECT_NE(trace->find("0x7fc00000"), std::string::npos) << *trace;  // the NaN result
  }
}

}  // namespace
}  // namespace mxfp4
