// File: mxfp4/gpu/gemm/internal/dispatch_rules.h
//
// Auto's measured rules (docs/paths.md "Dispatch"): which path, tile, K-split
// and extra form (staged or prefetched weights, the persistent grid) a shape
// takes. Every threshold is in dispatch_rules.cc beside the H200 measurement
// that set it; the planner (gemm_plan.cc) asks these functions and builds the
// plan. Host only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_DISPATCH_RULES_H_
#define MXFP4_GPU_GEMM_INTERNAL_DISPATCH_RULES_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// The most CTAs a K-split cluster has (GemmOptions::split_k's range).
inline constexpr int kMaxSplits = 8;

// The path auto runs for (m, n, K-blocks).
GemmPath AutoPath(int64_t m, int64_t n, int64_t groups);

// The tile auto runs on `path` (auto's or a forced one) without a forced
// tile: the streaming default by M, its 32-row k8 form from enough N tiles,
// the 32-row fused tiles, or (quant_then_mma with split_k <= 1) the wgmma
// ring tile. `copy` / `int8_copy`: the weight has a prepared copy (int8).
TileConfigId AutoTile(GemmPath path, int64_t m, int64_t n, int64_t groups, int split_k, bool copy,
                      bool int8_copy);

// The pipelined default tile of a path (any K, any split).
TileConfigId PipelinedDefaultTile(GemmPath path, int64_t m);

// Where a streaming tile's shared memory does not fit: the tile auto falls
// back to (the 64-row ring tile for auto's quant_then_mma at small M, else
// the pipelined default).
TileConfigId OversizedStreamFallbackTile(GemmPath path, int64_t m, int split_k);

// The bulk variant of a default streaming tile (fp16 A; E5M2 A), or `id`.
TileConfigId AutoBulkTwin(TileConfigId id);
TileConfigId AutoBulkE5m2Twin(TileConfigId id);

// A splitk_small_m plan of a small-layer rule: tile (kCount: the rule does
// not apply) and K-split cluster.
struct SplitKChoice {
  TileConfigId tile = TileConfigId::kCount;
  int cluster = 0;
};
// Auto's splitk_small_m plans of the small-layer rules (at most one applies)
// in the order the planner tries them until one fits in shared memory: the
// long-K rule's bulk tile falls back to stream_n16_m8_k8 with its largest
// resident cluster.
struct SplitKCandidates {
  SplitKChoice choice[2];
  int count = 0;
};
SplitKCandidates SmallLayerSplitKCandidates(int64_t m, int64_t n, int64_t groups);

// M <= 8, K > 512: auto takes the quant_then_mma plan over splitk_small_m's.
bool SmallMLongKPrefersQuantThenMma(const GemmPlan& quant_then_mma);

// The cluster of streamq_n32_m16_k8_bulk auto runs quant_then_mma on, or 0
// where that rule does not apply.
int Bulk16RowCluster(int64_t m, int64_t n, int64_t groups);

// The warp-specialized twin that reads a prepared copy, or `id`; and whether
// auto takes it for a plan whose own tile has `cluster_ctas` CTAs a tile.
TileConfigId PreparedWeightTwin(TileConfigId id, int64_t m);
bool PreparedTwinPays(int cluster_ctas, int64_t twin_grid_ctas);

// K-splits by shape (no forced count): a ring tile's cluster, a streaming
// tile's cluster, a pipelined tile's split count, and the K-split over
// independent CTAs that replaces a ring tile's `cluster` (1: none).
int RingClusterSize(int64_t tiles, int64_t groups, int warps_k);
int StreamAutoClusterSize(TileConfigId id, int64_t m, int64_t tiles, int64_t groups);
int PipelinedSplitCount(GemmPath path, int64_t tiles, int64_t groups);
int AutoGridSplit(int64_t tiles, int64_t groups, int cluster);

// Weight staging (WeightStaging::kAuto): whether no plan at this M can pay
// (skips planning the staged form), and whether the staged plan pays.
bool StagingCannotPay(int64_t m, bool int8_format);
bool StagingPays(const GemmPlan& staged, int64_t m, const Mxfp4Weight& b);
bool Int8StagingPays(const GemmPlan& staged, int64_t m, const Mxfp4Weight& b);

// GemmOptions::cold_weights: whether `plan` takes the weight-tile prefetch.
bool PrefetchesWeight(const GemmPlan& plan, int64_t m, const Mxfp4Weight& b);

// GemmOptions::persistent_grid: turns `plan` into the persistent kernel's
// where that pays (GemmPlan::persistent_ctas), else leaves it.
void SetPersistentGrid(GemmPlan& plan, const Mxfp4Weight& b);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_DISPATCH_RULES_H_
