// File: mxfp4/gpu/gemm/internal/workspace_layout.h
//
// Where each part of a quant_then_mma call's workspace lies (GemmPlan::
// workspace_bytes): the planner sizes it, Gemm() hands the kernels their
// pointers from the same offsets. Host only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WORKSPACE_LAYOUT_H_
#define MXFP4_GPU_GEMM_INTERNAL_WORKSPACE_LAYOUT_H_

#include <cstddef>
#include <cstdint>

#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// GemmWorkspace::data's alignment, and each part's.
inline constexpr size_t kWorkspaceAlign = 256;

inline size_t AlignUp(size_t x, size_t a) { return (x + a - 1) / a * a; }

// The quant_then_mma workspace: operands, fp32 scales and (ring tiles) fold
// flags of `rows` padded rows, then for a K-split over independent CTAs
// (grid_splits > 1, `tiles` output tiles of m rows) the chunk partials
// [tile][split][warps_k][mma rows][block_n] fp32 and one counter a tile
// (GemmKernelArgs::grid_split_partials / _counters), or for a grid split of
// clusters of `cluster` > 1 CTAs (HasRingClusterGridSplitForm) each
// cluster's sums [tile][split][block_m][block_n] fp32 and one counter a
// tile and rank; each part 256-byte aligned.
struct PrequantWorkspace {
  size_t scales = 0;  // byte offsets
  size_t flags = 0;
  size_t grid_split_partials = 0;
  size_t grid_split_counters = 0;
  size_t total = 0;
};
inline PrequantWorkspace PrequantWorkspaceLayout(const TileConfigDesc& cfg, size_t rows, size_t k,
                                                 int64_t m = 0, int64_t tiles = 0,
                                                 int grid_splits = 1, int cluster = 1) {
  const size_t groups = k / 32;
  PrequantWorkspace w;
  w.scales = AlignUp(rows * k * static_cast<size_t>(cfg.act_bytes()), kWorkspaceAlign);
  w.flags = w.scales + AlignUp(rows * groups * 4, kWorkspaceAlign);
  w.total =
      w.flags +
      (cfg.wgmma_ring
           ? AlignUp(rows / 8 * static_cast<size_t>(RingFlagColumns(static_cast<int64_t>(groups))),
                     kWorkspaceAlign)
           : 0);
  if (grid_splits > 1) {
    // A split's bytes: its CTA's warps' chunk partials, or a cluster's sums.
    const size_t split_bytes =
        cluster > 1 ? static_cast<size_t>(cfg.block_m()) * static_cast<size_t>(cfg.block_n()) * 4
                    : static_cast<size_t>(RingDecodeMmaRows(cfg, m)) *
                          static_cast<size_t>(cfg.block_n()) * 4 *
                          static_cast<size_t>(cfg.warps_k);
    const size_t counters =
        static_cast<size_t>(tiles) * static_cast<size_t>(cluster > 1 ? cluster : 1);
    w.grid_split_partials = w.total;
    w.grid_split_counters =
        w.grid_split_partials +
        AlignUp(static_cast<size_t>(tiles) * static_cast<size_t>(grid_splits) * split_bytes,
                kWorkspaceAlign);
    w.total = w.grid_split_counters + AlignUp(counters * 4, kWorkspaceAlign);
  }
  return w;
}

// The quantizer's int8 activations and their row summaries after the
// prequantized operands (GemmPlan::int8_accumulation): a_ops' layout, one
// byte an element, and two uint32 a padded row (the summary with norm 0 and
// the sum of squares).
struct Int8ActivationLayout {
  size_t a_i8 = 0;
  size_t row_info = 0;
  size_t row_sumsq = 0;
  size_t total = 0;
};
inline Int8ActivationLayout Int8ActivationOffsets(size_t base, size_t rows, size_t k) {
  Int8ActivationLayout l;
  l.a_i8 = AlignUp(base, kWorkspaceAlign);
  l.row_info = l.a_i8 + AlignUp(rows * k, kWorkspaceAlign);
  l.row_sumsq = l.row_info + AlignUp(rows * 4, kWorkspaceAlign);
  l.total = l.row_sumsq + AlignUp(rows * 4, kWorkspaceAlign);
  return l;
}

// A staged weight's copy in the workspace: its data and then its scales
// (E4M3) or row summaries (int8) after the quant_then_mma operands
// (`prequant_bytes`), each 256-byte aligned.
struct StagedWeightLayout {
  size_t data = 0;    // byte offsets
  size_t scales = 0;  // or row_info for an int8 copy
  size_t total = 0;
};
inline StagedWeightLayout StagedWeightOffsets(size_t prequant_bytes, int64_t n, int64_t k,
                                              bool int8) {
  StagedWeightLayout w;
  w.data = AlignUp(prequant_bytes, kWorkspaceAlign);
  w.scales = w.data + AlignUp(static_cast<size_t>(PreparedDataBytes(n, k)), kWorkspaceAlign);
  const int64_t second = int8 ? PreparedInt8RowInfoBytes(n) : PreparedScaleBytes(n, k);
  w.total = w.scales + AlignUp(static_cast<size_t>(second), kWorkspaceAlign);
  return w;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WORKSPACE_LAYOUT_H_
