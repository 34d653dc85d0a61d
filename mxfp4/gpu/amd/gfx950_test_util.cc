// File: mxfp4/gpu/amd/gfx950_test_util.cc
//
// Shared helpers of the gfx950 tests (see gfx950_test_util.h).

#include "mxfp4/gpu/amd/gfx950_test_util.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/amd/gfx950_lane_map.h"

namespace mxfp4::gfx950::testing {

GemmInputs MakeInputs(int64_t m, int64_t n, int64_t k, AValues a_values, BScales b_scales,
                      uint64_t seed) {
  std::mt19937_64 rng(seed);
  GemmInputs in;
  in.m = m;
  in.n = n;
  in.k = k;
  in.seed = seed;
  in.a.resize(static_cast<size_t>(m * k));
  std::normal_distribution<float> normal(0.0f, 1.0f);
  const uint16_t specials[] = {0x7FC0, 0x7F80, 0xFF80, 0x0001, 0x8003,
                               0x0000, 0x8000, 0x7F7F, 0xFF7F};
  for (int64_t i = 0; i < m * k; ++i) {
    switch (a_values) {
      case AValues::kNormal:
        in.a[i] = FloatToBf16(normal(rng));
        break;
      case AValues::kWide: {
        // One base exponent per block (+-2 inside it): scales over 0..254.
        const uint64_t h = (static_cast<uint64_t>(i / kBlockK) + seed) * 0x9E3779B97F4A7C15ull;
        const int base = static_cast<int>((h >> 32) % 250) + 2;
        const int e = base + static_cast<int>(rng() % 5) - 2;
        in.a[i] = static_cast<uint16_t>(((rng() & 1) << 15) | (e << 7) | (rng() & 0x7F));
        break;
      }
      case AValues::kSpecials:
        in.a[i] = rng() % 97 == 0 ? specials[rng() % 9] : FloatToBf16(normal(rng));
        break;
    }
  }
  in.b.shape = Mxfp4Shape{n, k};
  in.b.data.resize(static_cast<size_t>(n * (k / 2)));
  for (uint8_t& x : in.b.data) x = static_cast<uint8_t>(rng());
  in.b.scales.resize(static_cast<size_t>(n * (k / kBlockK)));
  for (uint8_t& s : in.b.scales) {
    switch (b_scales) {
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
  return in;
}

std::vector<GemmCase> PathCases() {
  using P = Gfx950Path;
  constexpr AValues kN = AValues::kNormal, kW = AValues::kWide, kS = AValues::kSpecials;
  constexpr BScales kNa = BScales::kNarrow, kWi = BScales::kWide, kNan = BScales::kWithNan;
  return {
      // Path 1: fused quant + GEMM (K <= 512). n: 32-column waves (16 = half).
      {"fused_m1_n16_k64_half_step", 1, 16, 64, true, P::kFusedQuantK512, 0, kN, kNa},
      {"fused_m4_n48_k512", 4, 48, 512, true, P::kFusedQuantK512, 0, kN, kNa},
      {"fused_m16_n144_k192_odd_half_wave", 16, 144, 192, true, P::kFusedQuantK512, 0, kW, kWi},
      {"fused_m17_n80_k320_m_subtile", 17, 80, 320, true, P::kFusedQuantK512, 0, kS, kNan},
      {"fused_m32_n272_k448_two_workgroups", 32, 272, 448, true, P::kFusedQuantK512, 0, kN, kWi},
      {"fused_m45_n32_k256_three_m_workgroups", 45, 32, 256, true, P::kFusedQuantK512, 0, kW, kNa},
      // Path 3: split-K small M (K 1344 = 6 pairs in 5 splits: empty splits).
      {"splitk_m1_n16_k576_s2", 1, 16, 576, true, P::kSplitKSmallM, 2, kN, kNa},
      {"splitk_m4_n144_k1088_s3_tail", 4, 144, 1088, true, P::kSplitKSmallM, 3, kW, kWi},
      {"splitk_m16_n48_k2048_s8", 16, 48, 2048, true, P::kSplitKSmallM, 8, kN, kNa},
      {"splitk_m32_n80_k1344_s5_empty_splits", 32, 80, 1344, true, P::kSplitKSmallM, 5, kS, kNan},
      {"splitk_m8_n64_k640_auto", 8, 64, 640, true, P::kSplitKSmallM, 0, kN, kWi},
      {"splitk_m20_n32_k768_s1", 20, 32, 768, true, P::kSplitKSmallM, 1, kW, kNa},
      // Path 2: quantize rows, then GEMM on A_q (64 x 64 workgroups, 32 x 32 waves).
      {"quant_gemm_m33_n48_k576", 33, 48, 576, true, P::kQuantThenGemm, 0, kN, kNa},
      {"quant_gemm_m65_n80_k1088_tail", 65, 80, 1088, true, P::kQuantThenGemm, 0, kW, kWi},
      {"quant_gemm_m100_n144_k704", 100, 144, 704, true, P::kQuantThenGemm, 0, kS, kNan},
      {"quant_gemm_m1_n16_k64", 1, 16, 64, true, P::kQuantThenGemm, 0, kN, kNa},
      {"quant_gemm_m128_n64_k256", 128, 64, 256, true, P::kQuantThenGemm, 0, kN, kWi},
  };
}

std::vector<GemmCase> ContestCases() {
  using P = Gfx950Path;
  constexpr AValues kN = AValues::kNormal;
  constexpr BScales kNa = BScales::kNarrow;
  // The path and split count each takes are checked by the tests
  // (16 x 2112 x 7168: 17 workgroups -> 8 splits wanted; 28 pairs -> 7 splits).
  return {
      {"contest_m4_n2880_k512", 4, 2880, 512, false, P::kFusedQuantK512, 0, kN, kNa},
      {"contest_m32_n4096_k512", 32, 4096, 512, false, P::kFusedQuantK512, 0, kN, kNa},
      {"contest_m16_n2112_k7168", 16, 2112, 7168, false, P::kSplitKSmallM, 0, kN, kNa},
      {"contest_m64_n3072_k1536", 64, 3072, 1536, false, P::kQuantThenGemm, 0, kN, kNa},
  };
}

uint64_t CaseSeed(const GemmCase& c) {
  return 0x6F950000ull + static_cast<uint64_t>(c.m * 131 + c.n * 7 + c.k);
}

Gfx950PathOptions CaseOptions(const GemmCase& c) {
  Gfx950PathOptions o;
  o.force_path = c.force_path;
  o.path = c.path;
  o.splits = c.splits;
  return o;
}

DeviceLikeBuffer::DeviceLikeBuffer(int64_t bytes, uint8_t fill)
    : storage_(static_cast<size_t>(bytes) + 256, fill), bytes_(bytes) {
  const uintptr_t p = reinterpret_cast<uintptr_t>(storage_.data());
  data_ = storage_.data() + ((256 - p % 256) % 256);
}

absl::StatusOr<Mxfp4Matrix> DeviceLayoutB(const GemmInputs& in) {
  return in.b.ToLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16);
}

absl::StatusOr<Reference> ComputeReference(const GemmInputs& in, const Gfx950Plan& plan,
                                           MfmaRoundingModel model) {
  Reference ref;
  QuantizeOptions q;
  q.rule = ScaleRule::kEven;
  absl::StatusOr<Mxfp4Matrix> aq = QuantizeBf16(in.a, in.m, in.k, q);
  if (!aq.ok()) return aq.status();
  ref.a_q = *std::move(aq);
  absl::StatusOr<Mxfp4View> av = ref.a_q.view();
  absl::StatusOr<Mxfp4View> bv = in.b.view();
  if (!av.ok()) return av.status();
  if (!bv.ok()) return bv.status();
  ref.options.contract = Contract::kMfma16;
  ref.options.mfma_rounding = model;
  if (plan.path == Gfx950Path::kSplitKSmallM && plan.splits > 1) {
    absl::StatusOr<KSplit> split = KSplit::Even(in.k / kBlockK, plan.splits, kPairBlocks);
    if (!split.ok()) return split.status();
    ref.options.k_split = *split;
  }
  ref.fp32.resize(static_cast<size_t>(in.m * in.n));
  ref.bf16.resize(static_cast<size_t>(in.m * in.n));
  if (absl::Status s = ReferenceGemm(*av, *bv, ref.options, absl::MakeSpan(ref.fp32)); !s.ok()) {
    return s;
  }
  if (absl::Status s = ReferenceGemmBf16(*av, *bv, ref.options, absl::MakeSpan(ref.bf16));
      !s.ok()) {
    return s;
  }
  return ref;
}

int64_t CompareBits(const GemmInputs& in, const Reference& ref, absl::Span<const float> got_fp32,
                    absl::Span<const uint16_t> got_bf16, std::string* report) {
  int64_t mismatches = 0;
  absl::StatusOr<Mxfp4View> av = ref.a_q.view();
  absl::StatusOr<Mxfp4View> bv = in.b.view();
  for (int64_t i = 0; i < in.m * in.n; ++i) {
    const bool fp32_bad = !got_fp32.empty() && FloatBits(got_fp32[i]) != FloatBits(ref.fp32[i]);
    const bool bf16_bad = got_bf16[i] != ref.bf16[i];
    if (!fp32_bad && !bf16_bad) continue;
    if (++mismatches > 3) continue;
    const int64_t m = i / in.n, n = i % in.n;
    absl::StrAppendFormat(report, "C[%d][%d]: got fp32 %s bf16 0x%04x, reference fp32 0x%08x bf16 0x%04x\n",
                          m, n,
                          got_fp32.empty() ? std::string("-")
                                           : absl::StrFormat("0x%08x", FloatBits(got_fp32[i])),
                          got_bf16[i], FloatBits(ref.fp32[i]), ref.bf16[i]);
    if (av.ok() && bv.ok()) {
      absl::StatusOr<std::string> explain = ExplainGemmElement(*av, *bv, ref.options, m, n);
      absl::StrAppend(report, explain.ok() ? *explain : explain.status().ToString(), "\n");
    }
  }
  if (mismatches > 0) {
    absl::StrAppendFormat(report, "%d of %d outputs differ ((M, N, K) = (%d, %d, %d), seed %d)\n",
                          mismatches, in.m * in.n, in.m, in.n, in.k, in.seed);
  }
  return mismatches;
}

int64_t ExpectedMfmaCount(const GemmInputs& in, const Gfx950Plan& plan) {
  const int64_t steps = MfmaSteps(in.k);
  if (plan.path == Gfx950Path::kQuantThenGemm) return (in.m + 31) / 32 * 2 * (in.n / 16) * steps;
  return static_cast<int64_t>(plan.launches[0].grid.y) * Gfx950MTiles(in.m) * (in.n / 16) * steps;
}

}  // namespace mxfp4::gfx950::testing
