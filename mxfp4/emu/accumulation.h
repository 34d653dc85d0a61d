// File: mxfp4/emu/accumulation.h
//
// The named accumulation contracts of the project (spec: shared/spec/gpu-design.md,
// "The accumulation contract"; full statement in docs/accumulation.md) and the
// exact scalar operations that define them. GPU kernels execute these same
// operations, so the functions here are the definition, not an approximation.
//
// Per output (m, n) and 32-element K-block g:
//   dot4 = sum_k E2m1ToTwice(a[m][32g+k]) * E2m1ToTwice(b[n][32g+k])   (exact int)
//   P    = dot4 / 4                                                   (exact fp32)
// The contracts differ only in how the block terms P * 2^(sa-127) * 2^(sb-127)
// are summed:
//   kBlockFma : s = fp32(2^(sa-127) * 2^(sb-127)); acc = fmaf(P, s, acc), g ascending.
//   kMfma16/32: the gfx950 scaled MFMA model, one step per 4 (resp. 2) blocks.
//   kIdeal    : the exact sum, rounded once.
// A KSplit splits the blocks into ranges that accumulate independently and are
// combined in a fixed order.
//
// Example (one output, long hand):
//   float acc = 0.0f;
//   for (int64_t g = 0; g < groups; ++g) acc = BlockFmaStep(acc, dot4[g], sa[g], sb[g]);

#ifndef MXFP4_EMU_ACCUMULATION_H_
#define MXFP4_EMU_ACCUMULATION_H_

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "mxfp4/core/formats.h"

namespace mxfp4 {

// How the block terms of one output are accumulated (docs/accumulation.md).
enum class Contract {
  // "block_fma", the GPU contract: acc = +0.0f; for g ascending:
  // acc = fmaf(P_g, fp32(2^(sa-127) * 2^(sb-127)), acc). Every GPU path in the
  // project must reproduce it bit for bit.
  kBlockFma,
  // "mfma16": the gfx950 V_MFMA_SCALE_F32_16X16X128_F8F6F4 model; C chained
  // through one instruction per 4 blocks (128 K) in K order, each instruction
  // rounded per the chosen MfmaRoundingModel (mfma.h). Unverified on hardware.
  kMfma16,
  // "mfma32": as kMfma16 for V_MFMA_SCALE_F32_32X32X64_F8F6F4 (2 blocks = 64 K
  // per instruction).
  kMfma32,
  // "ideal": the exact sum over all blocks of P * 2^(sa-127) * 2^(sb-127),
  // rounded once to fp32 (or once, directly, to bf16). The error yardstick.
  kIdeal,
};

inline constexpr Contract kAllContracts[] = {Contract::kBlockFma, Contract::kMfma16,
                                             Contract::kMfma32, Contract::kIdeal};

// "block_fma", "mfma16", "mfma32", "ideal".
const char* ContractName(Contract contract);

// Inverse of ContractName(); InvalidArgument lists the valid names.
absl::StatusOr<Contract> ParseContract(absl::string_view name);

// Blocks one accumulation step consumes: 4 for kMfma16, 2 for kMfma32, else 1.
// K-split boundaries must be multiples of it.
int ContractBlocksPerStep(Contract contract);

// KSplit
//
// How a K-split path divides the K-blocks of every output. Split s covers
// blocks [begin(s), end(s)); boundaries are the interior split starts, in
// blocks (1 block = 32 K elements), non-decreasing, each in [0, groups].
// No boundaries = one split = no K-split. Each split accumulates from +0.0f
// with its contract; the partials are then combined in split order with fp32
// additions: c = ((p0 + p1) + p2) + ... (never atomics). An empty split
// contributes a +0.0f partial, exactly as a GPU split that has no blocks and
// stores its zero-initialized accumulator. With group > 1 the partials are
// summed in runs of `group` consecutive splits first, then the runs in order:
// R_r = ((p[rG] + p[rG+1]) + ...) + p[rG+G-1], c = ((R_0 + R_1) + R_2) + ...
// (the GPU's K-split clusters of more than two CTAs: each CTA sums its own
// warps' splits before it sends one tile; GemmPlan::split_group). With
// outer_group > 1 as well, runs of `outer_group` consecutive runs are summed
// next, then those sums in order: O_o = ((R[oH] + R[oH+1]) + ...) +
// R[oH+H-1], c = ((O_0 + O_1) + O_2) + ... (the GPU's clusters split over
// the grid as well: each cluster sums its CTAs' runs, then the clusters'
// sums meet in the workspace; GemmPlan::split_outer_group).
//
// Example (K = 1536, 48 blocks, 4 splits of 12 blocks = 384 K each):
//   KSplit split = KSplit::FromBoundaries({12, 24, 36});
//   // or: absl::StatusOr<KSplit> split = KSplit::Even(48, 4);
//   split.group = 2;  // c = (p0 + p1) + (p2 + p3)
//   // 8 splits, group 2, outer_group 2:
//   // c = ((p0 + p1) + (p2 + p3)) + ((p4 + p5) + (p6 + p7))
struct KSplit {
  std::vector<int64_t> boundaries;
  // Consecutive splits summed first (1 = the plain chain; the last run may be
  // shorter).
  int group = 1;
  // Consecutive runs (of `group` splits) summed next, before the plain chain
  // of those sums (1 = none; the last may be shorter).
  int outer_group = 1;

  static KSplit None() { return KSplit{}; }
  static KSplit FromBoundaries(std::vector<int64_t> boundaries) {
    return KSplit{std::move(boundaries)};
  }

  // `num_splits` splits of ceil(groups / num_splits) blocks rounded up to a
  // multiple of `align_blocks` (trailing splits may be empty), the usual
  // GPU split-K partition. InvalidArgument if num_splits < 1 or align < 1.
  static absl::StatusOr<KSplit> Even(int64_t groups, int num_splits, int64_t align_blocks = 1);

  // Splits of exactly `blocks_per_split` blocks (the last one shorter).
  static absl::StatusOr<KSplit> Chunked(int64_t groups, int64_t blocks_per_split);

  int num_splits() const { return static_cast<int>(boundaries.size()) + 1; }
  bool is_split() const { return !boundaries.empty(); }
  int64_t begin(int s) const { return s == 0 ? 0 : boundaries[s - 1]; }
  int64_t end(int s, int64_t groups) const {
    return s + 1 < num_splits() ? boundaries[s] : groups;
  }

  // OK when boundaries are non-decreasing, within [0, groups], and multiples
  // of align_blocks (ContractBlocksPerStep for the MFMA contracts) or equal
  // to groups (the end of K; only the last non-empty split can be partial),
  // and group, outer_group >= 1.
  absl::Status Validate(int64_t groups, int64_t align_blocks = 1) const;

  // E.g. "[0,12)[12,24)[24,48)" for groups = 48; "none" when not split; runs
  // of group > 1 in parentheses: "([0,12)[12,24))([24,36)[36,48))", and
  // runs of outer_group > 1 runs in brackets around them:
  // "{([0,6)[6,12))([12,18)[18,24))}{([24,30)[30,36))([36,42)[42,48))}".
  std::string ToString(int64_t groups) const;
};

// ---------------------------------------------------------------- block_fma

// BlockP()
//
// P = dot4 / 4 as fp32 (exact: |dot4| <= 4608, so P is a multiple of 0.25
// with |P| <= 1152).
inline float BlockP(int32_t dot4) { return static_cast<float>(dot4) * 0.25f; }

// BlockScaleProduct()
//
// s = E8m0ToFloat(sa) * E8m0ToFloat(sb) as ONE fp32 multiply, round to nearest
// even, no flush to zero. So: sa + sb - 254 in [-149, 127] is exact (a
// subnormal power of two below -126); -150 rounds to 0 (tie, even); below that
// 0; above 127 +Inf; either byte 0xFF gives NaN.
inline float BlockScaleProduct(uint8_t sa, uint8_t sb) { return E8m0ToFloat(sa) * E8m0ToFloat(sb); }

// BlockFmaStep()
//
// One step of the block_fma contract: fmaf(P, s, acc) (exact P * s + acc,
// one rounding). Edges follow IEEE fmaf: 0 * Inf = NaN, Inf - Inf = NaN,
// NaN propagates; a tiny P * s may round acc to a signed zero.
//
// Example:
//   BlockFmaStep(0.0f, 8, 127, 127) == 2.0f   // P = 2, s = 1
//   BlockFmaStep(0.0f, 0, 255, 255) is NaN    // 0 * NaN
//   BlockFmaStep(0.0f, 0, 254, 254) is NaN    // s = +Inf, 0 * Inf
inline float BlockFmaStep(float acc, int32_t dot4, uint8_t sa, uint8_t sb) {
  return std::fma(BlockP(dot4), BlockScaleProduct(sa, sb), acc);
}

// BlockFmaAccumulate()
//
// The block_fma contract for one output over blocks [0, n): acc from +0.0f.
float BlockFmaAccumulate(const int32_t* dot4, const uint8_t* sa, const uint8_t* sb, int64_t n);

// SplitSums, SplitCombineStep()
//
// Partial s of `splits` into a K-split's combine (KSplit: runs of `group`
// splits summed first, runs of `outer_group` runs next, then those sums in
// order): `run` restarts at each run's first split, `outer` takes each
// finished run (the first of its outer run as it is), `total` each finished
// outer run (the first as it is), so after the last split `total` is the
// combined value. Every sum starts from its first term (never +0 + p, which
// would turn a -0 partial into +0). The one definition of the combine:
// CombineSplitPartials and the reference GEMM's tiles call it.
struct SplitSums {
  float run = 0.0f;
  float outer = 0.0f;
  float total = 0.0f;
};
inline void SplitCombineStep(int s, int splits, int group, int outer_group, float partial,
                             SplitSums& sums) {
  const int g = group > 1 ? group : 1;
  const int h = g * (outer_group > 1 ? outer_group : 1);  // splits an outer run
  const bool last = s + 1 == splits;
  sums.run = s % g == 0 ? partial : sums.run + partial;
  if (s % g != g - 1 && !last) return;
  sums.outer = s % h < g ? sums.run : sums.outer + sums.run;
  if (s % h != h - 1 && !last) return;
  sums.total = s < h ? sums.outer : sums.total + sums.outer;
}
inline void SplitCombineStep(int s, const KSplit& split, float partial, SplitSums& sums) {
  SplitCombineStep(s, split.num_splits(), split.group, split.outer_group, partial, sums);
}

// CombineSplitPartials()
//
// ((p0 + p1) + p2) + ... in fp32 (p0 alone when there is one). With
// group > 1, runs of `group` consecutive partials summed first, then the runs
// in order (KSplit::group): ((p0 + p1) + (p2 + p3)) for 4 partials, group 2;
// with outer_group > 1, runs of that many runs summed next
// (KSplit::outer_group).
float CombineSplitPartials(absl::Span<const float> partials, int group = 1, int outer_group = 1);

// ---------------------------------------------------------------- ideal

// IdealTermExp2()
//
// A block term equals dot4 * 2^IdealTermExp2(sa, sb) exactly (for non-NaN
// scales): P * 2^(sa-127) * 2^(sb-127) = (dot4/4) * 2^(sa+sb-254).
inline constexpr int IdealTermExp2(uint8_t sa, uint8_t sb) {
  return static_cast<int>(sa) + static_cast<int>(sb) - 256;
}

}  // namespace mxfp4

#endif  // MXFP4_EMU_ACCUMULATION_H_
