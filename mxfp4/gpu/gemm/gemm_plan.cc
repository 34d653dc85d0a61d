// File: mxfp4/gpu/gemm/gemm_plan.cc
//
// The planner (gemm.h PlanGemm, GemmWorkspaceSize): shape and options ->
// path, tile, K-splits, launches, shared memory and workspace. Auto's choices
// are internal/dispatch_rules.h's; this file builds and checks the plan.
// Pure host computation.

#include <algorithm>
#include <cstdint>
#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/internal/dispatch_rules.h"
#include "mxfp4/gpu/gemm/internal/path_tiles.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_checks.h"
#include "mxfp4/gpu/gemm/internal/workspace_layout.h"

namespace mxfp4::gpu {
namespace {

using gemm_internal::AutoBulkE5m2Twin;
using gemm_internal::AutoBulkTwin;
using gemm_internal::AutoGridSplit;
using gemm_internal::AutoPath;
using gemm_internal::AutoTile;
using gemm_internal::Bulk16RowCluster;
using gemm_internal::GetTileConfig;
using gemm_internal::GridOutputTiles;
using gemm_internal::HasRingClusterGridSplitForm;
using gemm_internal::HasRingGridSplitForm;
using gemm_internal::HasRingWsInt8Form;
using gemm_internal::Int8ActivationOffsets;
using gemm_internal::Int8StagingPays;
using gemm_internal::kInt32Max;
using gemm_internal::kMaxDynamicSmem;
using gemm_internal::kMaxGridSplits;
using gemm_internal::kMaxQuantizerBlocks;
using gemm_internal::kMaxSplits;
using gemm_internal::kRingChunkAlignBlocks;
using gemm_internal::kRingStageBlocks;
using gemm_internal::MakeSmemPlan;
using gemm_internal::OversizedStreamFallbackTile;
using gemm_internal::PathAcceptsTile;
using gemm_internal::PipelinedSplitCount;
using gemm_internal::PrefetchesWeight;
using gemm_internal::PreparedTwinPays;
using gemm_internal::PreparedWeightTwin;
using gemm_internal::PrequantWorkspaceLayout;
using gemm_internal::QuantizeAOperandInt8Supports;
using gemm_internal::RingClusterSize;
using gemm_internal::RingLaunchSmemBytes;
using gemm_internal::RingReceiveAfterPlanBytes;
using gemm_internal::RingOperandTileRows;
using gemm_internal::SetPersistentGrid;
using gemm_internal::SmallLayerSplitKCandidates;
using gemm_internal::SmallMLongKPrefersQuantThenMma;
using gemm_internal::SplitKCandidates;
using gemm_internal::SplitKChoice;
using gemm_internal::StagedWeightOffsets;
using gemm_internal::StagingCannotPay;
using gemm_internal::StagingPays;
using gemm_internal::StreamAutoClusterSize;
using gemm_internal::TileByName;
using gemm_internal::TileConfigDesc;
using gemm_internal::TileConfigId;
using gemm_internal::ValidateWeightShape;

// PlanTile(): the plan of `path` with tile `id` (split count forced by
// split_k > 0, else by shape; the K-split over independent CTAs forced by
// grid_split_k > 0, else by shape where split_k = 0: RingGridSplitCtas).
absl::StatusOr<GemmPlan> PlanTile(GemmPath path, TileConfigId id, int64_t m, int64_t groups,
                                  int64_t n, int64_t k, int split_k, int grid_split_k = 0) {
  const TileConfigDesc cfg = GetTileConfig(id);
  GemmPlan plan;
  plan.path = path;
  plan.tile = cfg.name;
  plan.block_n = cfg.block_n();
  plan.block_m = cfg.block_m();
  const int64_t m_tiles = (m + cfg.block_m() - 1) / cfg.block_m();
  if (m_tiles > 65535) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: M=%d needs %d row tiles of %d, above the grid limit 65535", m,
                        m_tiles, cfg.block_m()));
  }
  if (path == GemmPath::kQuantThenMma && m_tiles * cfg.block_m() * groups > kMaxQuantizerBlocks) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: A of M=%d (padded to %d rows) x K=%d has more than 2^31-1 blocks of 32 for the "
        "quant_then_mma quantizer; split the call along M",
        m, m_tiles * cfg.block_m(), k));
  }
  const int64_t tiles = std::max<int64_t>(1, GridOutputTiles(cfg, m, n));
  // CTAs per output tile (a thread-block cluster when > 1).
  int cluster = 1;
  if (path == GemmPath::kFusedQuant) {
    cluster = 1;  // fused_quant never splits K over CTAs
  } else if (cfg.producer_wg) {
    // The warp-specialized ring tiles split K over their warpgroups only.
    if (split_k > 1) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "Gemm: tile %s does not split K over CTAs (split_k=%d); use split_k 0 or 1", cfg.name,
          split_k));
    }
    cluster = 1;
  } else if (cfg.wgmma_ring) {
    // A forced grid split takes no cluster.
    cluster = split_k > 0        ? split_k
              : grid_split_k > 1 ? 1
                                 : RingClusterSize(tiles, groups, cfg.warps_k);
  } else if (split_k > 0) {
    cluster = split_k;
  } else if (cfg.stream_b) {
    cluster = StreamAutoClusterSize(id, m, tiles, groups);
  } else {
    cluster = PipelinedSplitCount(path, tiles, groups);
  }
  // A forced count on a plan without the form is PlanGemm's error (it checks
  // the plan it returns, whichever tile that is).
  int grid_split = 1;
  const bool grid_form = path == GemmPath::kQuantThenMma && HasRingGridSplitForm(cfg, m);
  // A forced split_k with a forced grid split: clusters split over the grid.
  const bool cluster_grid_form =
      path == GemmPath::kQuantThenMma && HasRingClusterGridSplitForm(cfg, m, cluster);
  if (grid_split_k > 1) {
    if ((grid_form && cluster == 1) || cluster_grid_form) grid_split = grid_split_k;
  } else if (grid_split_k == 0 && split_k == 0 && grid_form) {
    grid_split = AutoGridSplit(tiles, groups, cluster);
    if (grid_split > 1) cluster = 1;
  }
  // A streaming CTA splits its K-range once more over its warps_k warps.
  const int splits = cluster * grid_split * cfg.warps_k;
  plan.cluster_ctas = cluster;
  plan.grid_split_ctas = grid_split;
  plan.splits = splits;
  plan.blocks_per_split = (groups + splits - 1) / splits;
  if (cfg.wgmma_ring) {
    // Chunks start on a loop step of the ring body (constant load offsets);
    // trailing chunks may then be short or empty.
    const int64_t q = kRingChunkAlignBlocks;
    plan.blocks_per_split = (plan.blocks_per_split + q - 1) / q * q;
  }
  for (int s = 1; s < splits; ++s) {
    plan.split_boundaries.push_back(std::min<int64_t>(groups, s * plan.blocks_per_split));
  }
  // A cluster that pushes (CombinePushedRanks) sums each CTA's own splits
  // first: the launch's own test (LaunchRingCluster, LaunchesPushedRanks).
  const bool pushes_ranks =
      cfg.wgmma_ring ? RingPushesRanks(cfg, cluster)
                     : PushesRanks(cfg, static_cast<int>(plan.blocks_per_split), cluster);
  plan.split_group = pushes_ranks ? cfg.warps_k : 1;
  // A grid split of such clusters: each cluster's runs summed next.
  plan.split_outer_group = pushes_ranks && grid_split > 1 ? cluster : 1;
  plan.launches = path == GemmPath::kQuantThenMma ? 2 : 1;
  plan.grid_ctas = tiles * cluster * grid_split;
  // The ring tiles' size is the one their launch takes (their k4 decode
  // kernels without a cluster have plans of their own).
  plan.shared_memory_bytes =
      cfg.wgmma_ring ? RingLaunchSmemBytes(cfg, m, /*cluster=*/cluster > 1, plan.blocks_per_split,
                                           /*grid_split=*/grid_split > 1) +
                           RingReceiveAfterPlanBytes(cfg, cluster)
                     : MakeLaunchSmemPlan(cfg, static_cast<int>(plan.blocks_per_split), cluster).total;
  if (path == GemmPath::kQuantThenMma) {
    plan.workspace_bytes =
        PrequantWorkspaceLayout(cfg, static_cast<size_t>(m_tiles * cfg.block_m()),
                                static_cast<size_t>(k), m, tiles, grid_split, cluster)
            .total;
  }
  return plan;
}

// Whether a plan's shared memory fits one CTA's opt-in limit.
bool FitsSharedMemory(const GemmPlan& plan) {
  return plan.shared_memory_bytes <= static_cast<size_t>(kMaxDynamicSmem);
}

// The plan as if the weight had a prepared copy (`copy`) or not.
absl::StatusOr<GemmPlan> PlanGemmWithCopy(int64_t m, const Mxfp4Weight& b,
                                          const GemmOptions& options, bool copy,
                                          bool int8_copy = false) {
  if (absl::Status s = ValidateWeightShape(b); !s.ok()) return s;
  if (m < 0 || m > kInt32Max) {
    return absl::InvalidArgumentError(absl::StrFormat("Gemm: M=%d must be in [0, 2^31-1]", m));
  }
  if (options.split_k < 0 || options.split_k > kMaxSplits) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: split_k=%d must be 0 (auto) or 1..%d", options.split_k, kMaxSplits));
  }
  if (options.grid_split_k < 0 || options.grid_split_k > kMaxGridSplits) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: grid_split_k=%d must be 0 (auto) or 1..%d", options.grid_split_k, kMaxGridSplits));
  }
  const int64_t groups = b.k / 32;
  const GemmPath path = options.path == GemmPath::kAuto ? AutoPath(m, b.n, groups) : options.path;
  if (path != GemmPath::kFusedQuant && path != GemmPath::kSplitKSmallM &&
      path != GemmPath::kQuantThenMma) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Gemm: unknown path %d", static_cast<int>(options.path)));
  }
  const bool tile_forced = !options.tile.empty();
  const SplitKCandidates small_layer = options.path == GemmPath::kAuto && !tile_forced
                                           ? SmallLayerSplitKCandidates(m, b.n, groups)
                                           : SplitKCandidates{};
  for (int i = 0; i < small_layer.count; ++i) {
    const SplitKChoice& c = small_layer.choice[i];
    absl::StatusOr<GemmPlan> plan = PlanTile(GemmPath::kSplitKSmallM, c.tile, m, groups, b.n, b.k,
                                             options.split_k > 0 ? options.split_k : c.cluster);
    if (plan.ok() && FitsSharedMemory(*plan)) return plan;
  }
  if (options.path == GemmPath::kAuto && path == GemmPath::kSplitKSmallM && !tile_forced &&
      options.split_k == 0) {
    // M <= 8, K > 512 (SmallMLongKPrefersQuantThenMma).
    GemmOptions q = options;
    q.path = GemmPath::kQuantThenMma;
    absl::StatusOr<GemmPlan> quant_then_mma = PlanGemmWithCopy(m, b, q, copy, int8_copy);
    if (quant_then_mma.ok() && SmallMLongKPrefersQuantThenMma(*quant_then_mma)) {
      return quant_then_mma;
    }
  }
  if (options.path == GemmPath::kAuto && path == GemmPath::kQuantThenMma && !tile_forced &&
      options.split_k == 0) {
    if (const int bulk16 = Bulk16RowCluster(m, b.n, groups); bulk16 > 0) {
      absl::StatusOr<GemmPlan> plan =
          PlanTile(path, TileConfigId::kStreamQN32M16K8Bulk, m, groups, b.n, b.k, bulk16);
      if (plan.ok() && FitsSharedMemory(*plan)) return plan;
    }
  }
  TileConfigId tile = AutoTile(path, m, b.n, groups, options.split_k, copy, int8_copy);
  if (tile_forced) {
    absl::StatusOr<TileConfigId> t = TileByName(options.tile);
    if (!t.ok()) return t.status();
    if (!PathAcceptsTile(path, *t)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("Gemm: tile %s cannot run path %s", options.tile, GemmPathName(path)));
    }
    tile = *t;
  }
  // Auto picks a ring tile only without a forced split count (above); a
  // forced ring tile with split_k > 1 splits K over a cluster as well.
  if (path == GemmPath::kFusedQuant && options.split_k > 1) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: path fused_quant does not split K over CTAs (split_k=%d); use splitk_small_m",
        options.split_k));
  }
  absl::StatusOr<GemmPlan> tiled =
      PlanTile(path, tile, m, groups, b.n, b.k, options.split_k, options.grid_split_k);
  if (!tiled.ok()) return tiled.status();
  if (copy && GetTileConfig(tile).producer_wg) {
    tiled->reads_prepared_weight = true;
  } else if (copy && !tile_forced && options.split_k == 0 && PreparedWeightTwin(tile, m) != tile) {
    // Auto's ring tile: its warp-specialized twin reads the prepared copy
    // (with a K-split cluster, where the twin alone has enough CTAs).
    absl::StatusOr<GemmPlan> twin =
        PlanTile(path, PreparedWeightTwin(tile, m), m, groups, b.n, b.k, options.split_k);
    if (twin.ok() && PreparedTwinPays(tiled->cluster_ctas, twin->grid_ctas) &&
        FitsSharedMemory(*twin)) {
      twin->reads_prepared_weight = true;
      return twin;
    }
  }
  if (!FitsSharedMemory(*tiled)) {
    if (tile_forced || !GetTileConfig(tile).stream_b) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "Gemm: tile %s needs %d bytes of shared memory for K=%d with %d K-splits (the limit "
          "is %d); use more splits or another tile",
          tiled->tile, tiled->shared_memory_bytes, b.k, tiled->splits, kMaxDynamicSmem));
    }
    tiled = PlanTile(path, OversizedStreamFallbackTile(path, m, options.split_k), m, groups, b.n,
                     b.k, options.split_k);
    if (!tiled.ok()) return tiled.status();
  } else if (!tile_forced) {
    // The default streaming tile's bulk variant with the same splits, when
    // its weight slabs fit in shared memory as well; where the fp16 one's A
    // slice does not fit, its E5M2-A form (half the A bytes) may.
    for (TileConfigId bulk_tile : {AutoBulkTwin(tile), AutoBulkE5m2Twin(tile)}) {
      if (bulk_tile == tile) continue;
      absl::StatusOr<GemmPlan> bulk =
          PlanTile(path, bulk_tile, m, groups, b.n, b.k, tiled->cluster_ctas);
      if (bulk.ok() && FitsSharedMemory(*bulk)) return bulk;
    }
  }
  return tiled;
}

// Whether `plan` (one that reads a copy) can read an int8 copy: only the ws
// tiles with an integer form do, and only on whole stages without a K split,
// with K the int8 quantizer takes.
bool HasInt8Form(const GemmPlan& plan, int64_t m, const Mxfp4Weight& b) {
  if (!plan.reads_prepared_weight || plan.cluster_ctas != 1) return false;
  absl::StatusOr<TileConfigId> t = TileByName(plan.tile);
  if (!t.ok()) return false;
  const TileConfigDesc cfg = GetTileConfig(*t);
  return HasRingWsInt8Form(cfg) && plan.blocks_per_split % kRingStageBlocks == 0 &&
         plan.blocks_per_split * cfg.warps_k == b.k / 32 &&
         QuantizeAOperandInt8Supports(static_cast<int32_t>(b.k), RingOperandTileRows(cfg, m));
}

// Marks `plan` as integer-accumulating and adds the int8 activations and
// their row summaries to its workspace.
void SetInt8Accumulation(GemmPlan& plan, int64_t m, const Mxfp4Weight& b) {
  plan.int8_accumulation = true;
  const size_t rows = static_cast<size_t>((m + plan.block_m - 1) / plan.block_m * plan.block_m);
  plan.workspace_bytes =
      Int8ActivationOffsets(plan.workspace_bytes, rows, static_cast<size_t>(b.k)).total;
}

absl::StatusOr<GemmPlan> PlanGemmWithStaging(int64_t m, const Mxfp4Weight& b,
                                             const GemmOptions& options) {
  if (options.weight_staging != WeightStaging::kAuto &&
      options.weight_staging != WeightStaging::kNever &&
      options.weight_staging != WeightStaging::kAlways) {
    return absl::InvalidArgumentError(absl::StrFormat("Gemm: unknown weight_staging %d",
                                                      static_cast<int>(options.weight_staging)));
  }
  if (options.staging_format != StagingFormat::kE4m3 &&
      options.staging_format != StagingFormat::kInt8) {
    return absl::InvalidArgumentError(absl::StrFormat("Gemm: unknown staging_format %d",
                                                      static_cast<int>(options.staging_format)));
  }
  const bool int8_copy = b.prepared.present() && b.prepared.format == PreparedFormat::kInt8;
  absl::StatusOr<GemmPlan> plan = PlanGemmWithCopy(m, b, options, b.prepared.present(), int8_copy);
  if (plan.ok() && int8_copy) {
    // Without an integer form the plan without a copy (the packed weight,
    // converted in the call).
    if (HasInt8Form(*plan, m, b)) {
      SetInt8Accumulation(*plan, m, b);
    } else {
      plan = PlanGemmWithCopy(m, b, options, /*copy=*/false);
    }
  }
  if (plan.ok() && options.grid_split_k > 1 && plan->grid_split_ctas != options.grid_split_k) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Gemm: grid_split_k=%d needs the quant_then_mma tile wgmma8_n64_m64_k4_fold, with M <= 32 "
        "and split_k 0 or 1 (independent CTAs), or with M > 32 and split_k 3..8 (clusters split "
        "over the grid) (the plan for M=%d, split_k=%d: path %s, tile %s)",
        options.grid_split_k, m, options.split_k, GemmPathName(plan->path), plan->tile));
  }
  if (!plan.ok() || b.prepared.present() || plan->path != GemmPath::kQuantThenMma ||
      options.weight_staging == WeightStaging::kNever) {
    return plan;
  }
  const bool int8_format = options.staging_format == StagingFormat::kInt8;
  if (options.weight_staging == WeightStaging::kAuto && StagingCannotPay(m, int8_format)) {
    return plan;
  }
  absl::StatusOr<GemmPlan> staged = PlanGemmWithCopy(m, b, options, /*copy=*/true, int8_format);
  const bool int8 = staged.ok() && int8_format && HasInt8Form(*staged, m, b);
  if (int8_format && !int8) staged = PlanGemmWithCopy(m, b, options, /*copy=*/true);  // E4M3's
  if (!staged.ok() || !staged->reads_prepared_weight) return plan;  // no tile reads a copy
  if (options.weight_staging == WeightStaging::kAuto &&
      !(int8 ? Int8StagingPays(*staged, m, b) : StagingPays(*staged, m, b))) {
    return plan;
  }
  staged->stages_weight = true;
  staged->launches += 1;
  if (int8) SetInt8Accumulation(*staged, m, b);
  staged->workspace_bytes = StagedWeightOffsets(staged->workspace_bytes, b.n, b.k, int8).total;
  return staged;
}

}  // namespace

std::string GemmPlan::ToString() const {
  return absl::StrFormat(
      "path=%s tile=%s (block_n=%d block_m=%d) splits=%d (cluster %d%s%s%s) blocks_per_split=%d "
      "launches=%d ctas=%d%s smem=%d workspace=%d%s%s",
      GemmPathName(path), tile, block_n, block_m, splits, cluster_ctas,
      grid_split_ctas > 1 ? absl::StrFormat(", grid split %d", grid_split_ctas) : std::string(),
      split_group > 1 ? absl::StrFormat(", splits summed in runs of %d", split_group)
                      : std::string(),
      split_outer_group > 1 ? absl::StrFormat(", runs in runs of %d", split_outer_group)
                            : std::string(),
      blocks_per_split, launches, grid_ctas, persistent_ctas > 0 ? " (persistent)" : "",
      shared_memory_bytes, workspace_bytes,
      reads_prepared_weight
          ? (stages_weight ? (int8_accumulation ? " prepared_weight (staged int8)"
                                                : " prepared_weight (staged)")
                           : (int8_accumulation ? " prepared_weight (int8)" : " prepared_weight"))
          : "",
      prefetches_weight ? " prefetch_weight" : "");
}

absl::StatusOr<GemmPlan> PlanGemm(int64_t m, const Mxfp4Weight& b, const GemmOptions& options) {
  absl::StatusOr<GemmPlan> plan = PlanGemmWithStaging(m, b, options);
  if (plan.ok() && options.cold_weights) plan->prefetches_weight = PrefetchesWeight(*plan, m, b);
  if (plan.ok() && options.persistent_grid) SetPersistentGrid(*plan, b);
  return plan;
}

absl::StatusOr<size_t> GemmWorkspaceSize(int64_t m, const Mxfp4Weight& b,
                                         const GemmOptions& options) {
  absl::StatusOr<GemmPlan> plan = PlanGemm(m, b, options);
  if (!plan.ok()) return plan.status();
  return plan->workspace_bytes;
}

}  // namespace mxfp4::gpu
