// File: mxfp4/gpu/gemm/gemm_quant_then_mma_kernel.cu.cc
//
// Path "quant_then_mma" (docs/paths.md): TWO kernels per call for larger M.
// QuantizeAOperand (quantize_a_operand_kernel.cu.cc) writes A once as
// tensor-core operands + fp32 scales into the caller's workspace; this tile
// GEMM then streams both operands through a cp.async pipeline. It is launched
// with programmatic dependent launch: its CTAs start loading B and the weight
// scales while the quantizer still runs, and wait (griddepcontrol.wait) only
// before the first A load. K may be split over a cluster as in
// splitk_small_m. The original system's path 2 (K > 512, M > 32).

#include "mxfp4/gpu/gemm/internal/launch_util.h"
#include "mxfp4/gpu/gemm/internal/stream_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/tile_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_ws_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_ws_int8_body.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

// kContestLayout (HasRingWsLayoutKernels tiles only): the kernel holds the
// body of the original system's B layouts alone (IsContestBLayout),
// chosen on the host; false: the four layout bodies chosen at run time.
template <TileConfigId kId, bool kContestLayout = false>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).producer_wg) {
    if constexpr (kContestLayout) {
      WgmmaRingWsGemmBodyForLayout<kId, /*kPreshuffled=*/true, /*kScalesShuffled16=*/true>(args);
    } else {
      WgmmaRingWsGemmBody<kId>(args);
    }
  } else if constexpr (GetTileConfig(kId).wgmma_ring) {
    WgmmaRingGemmBody<kId>(args);
  } else if constexpr (GetTileConfig(kId).wgmma) {
    WgmmaGemmBody<kId, /*kClusterSplit=*/true>(args);
  } else if constexpr (GetTileConfig(kId).stream_b) {
    StreamGemmBody<kId, /*kClusterSplit=*/true>(args);
  } else {
    TileGemmBody<kId, /*kClusterSplit=*/true, /*kWaitForPrecedingGrid=*/true>(args);
  }
}

// The streaming tiles' two-CTA K-split clusters that combine by
// CombinePushedPair (CombinesByPushedPair): a kernel of its own, so that
// GemmPrequantMmaKernel keeps the chained combine's code for every other
// launch (stream_gemm_body.h's kPushedPair).
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaPushedPairKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).stream_b && CombinesByPushedPair(GetTileConfig(kId))) {
    StreamGemmBody<kId, /*kClusterSplit=*/true, /*kPushedPair=*/true>(args);
  }
}

// Their clusters of more than two CTAs where PushesRanks (CombinePushedRanks):
// a kernel of its own too (stream_gemm_body.h's kPushedRanks).
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaPushedRanksKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).stream_b && CombinesByPushedRanks(GetTileConfig(kId))) {
    StreamGemmBody<kId, /*kClusterSplit=*/true, /*kPushedPair=*/false, /*kPushedRanks=*/true>(
        args);
  }
}

// The ring tiles with K split over a cluster of CTAs too (args.splits > 1):
// a kernel of its own (WgmmaRingGemmBodyForLayout's kCluster).
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaRingClusterKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).wgmma_ring && !GetTileConfig(kId).producer_wg) {
    WgmmaRingGemmBody<kId, /*kCluster=*/true>(args);
  }
}

// Their clusters of more than two CTAs (RingPushesRanks), 64-row kernels and
// decode forms (kMmaRows, 0 for the tile's rows): kernels of their own that
// combine by CombinePushedRanks (WgmmaRingGemmBodyForLayout's kPushedRanks).
template <TileConfigId kId, int kMmaRows>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaRingPushedRanksKernel(const GemmKernelArgs args) {
  if constexpr (RingPushesRanks(GetTileConfig(kId), kMaxClusterRanks) &&
                (kMmaRows == 0 || HasRingDecodeForm(GetTileConfig(kId)))) {
    WgmmaRingGemmBody<kId, /*kCluster=*/true, kMmaRows, /*kMaxStages=*/0, /*kGridSplit=*/false,
                      /*kPushedRanks=*/true>(args);
  }
}

// Those clusters split over the grid as well (HasRingClusterGridSplitForm:
// the 64-row k4 tile beyond its decode forms): the pushed-ranks kernel whose
// clusters' sums meet in the workspace (CombinePushedRanksThroughWorkspace).
template <TileConfigId kId>
inline constexpr bool kHasRingClusterGridSplitForm =
    HasRingClusterGridSplitForm(GetTileConfig(kId), GetTileConfig(kId).block_m(),
                                kMaxClusterRanks);
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaRingPushedRanksGridSplitKernel(const GemmKernelArgs args) {
  if constexpr (kHasRingClusterGridSplitForm<kId>) {
    WgmmaRingGemmBody<kId, /*kCluster=*/true, /*kMmaRows=*/0, /*kMaxStages=*/0,
                      /*kGridSplit=*/true, /*kPushedRanks=*/true>(args);
  }
}

// The 64-row ring tiles' decode forms (M <= 8 / 16 / 32: every row tile holds
// at most kMmaRows rows of A): the fast loop on m64n8k32 / m64n16k32 /
// m64n32k32 wgmmas
// (WgmmaRingGemmBodyForLayout's kMmaRows), kernels of their own so that the
// 64-row kernels keep their code. Measured (H200, session 28, hot graph
// replay): 16x16384x16384 77.2 -> 59.0 us, 16x8192x8192 22.0 -> 16.7,
// 32x8192x8192 22.2 -> 18.3; m64n8k32 for M <= 8 2-6% less than m64n16k32
// (8x7168x4096 9.90 -> 9.33, 1x16384x16384 58.9 -> 57.4).
template <TileConfigId kId>
inline constexpr bool kHasRingDecodeForm = HasRingDecodeForm(GetTileConfig(kId));
// kGridSplit: K split over independent CTAs of the tile as well (the k4
// tile's, HasRingGridSplitForm; combine_through_workspace.h).
template <TileConfigId kId, bool kCluster, int kMmaRows, int kMaxStages = 0,
          bool kGridSplit = false>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaRingDecodeKernel(const GemmKernelArgs args) {
  if constexpr (kHasRingDecodeForm<kId>) {
    WgmmaRingGemmBody<kId, kCluster, kMmaRows, kMaxStages, kGridSplit>(args);
  }
}

// One launch of a ring tile's K-split cluster (kMmaRows: a decode form's
// rows, 0 for the tile's): the pushed-ranks kernel where RingPushesRanks,
// else the cluster kernel (CombineByPulling, or the two-CTA chain).
template <TileConfigId kId, int kMmaRows>
hipError_t LaunchRingCluster(const GemmKernelArgs& args, hipStream_t stream) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  if (RingPushesRanks(kCfg, ClusterSplits(args))) {
    static PerDeviceOnce pushed_smem_ready;
    return OptInAndLaunch(GemmPrequantMmaRingPushedRanksKernel<kId, kMmaRows>, pushed_smem_ready,
                          args, kCfg, stream);
  }
  static PerDeviceOnce cluster_smem_ready;
  if constexpr (kMmaRows == 0) {
    return OptInAndLaunch(GemmPrequantMmaRingClusterKernel<kId>, cluster_smem_ready, args, kCfg,
                          stream);
  } else {
    return OptInAndLaunch(GemmPrequantMmaRingDecodeKernel<kId, true, kMmaRows>, cluster_smem_ready,
                          args, kCfg, stream);
  }
}

// The warp-specialized ring tiles reading the weight's prepared copy: a
// kernel of its own (the copy's pointers a second parameter), so that every
// other kernel keeps its code.
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaWsPreparedKernel(const GemmKernelArgs args, const PreparedWeightArgs prepared) {
  if constexpr (GetTileConfig(kId).producer_wg) WgmmaRingWsPreparedGemmBody<kId>(args, prepared);
}

// The ws tiles' persistent kernels (HasRingWsPersistentForm), converting or
// reading the prepared copy: gridDim.x CTAs walk the output tiles
// (wgmma_ring_ws_gemm_body.h's kPersistent).
// kDirectStore: the form whose tiles are stored straight from the accumulators
// (bf16, N % 8 == 0: PersistentWsStoresDirect, wgmma_tile_store.h).
template <TileConfigId kId, bool kDirectStore>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaWsPersistentKernel(const GemmKernelArgs args) {
  if constexpr (HasRingWsPersistentForm(GetTileConfig(kId))) {
    WgmmaRingWsGemmBody<kId, /*kPersistent=*/true, kDirectStore>(args);
  }
}
template <TileConfigId kId, bool kDirectStore>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaWsPreparedPersistentKernel(const GemmKernelArgs args,
                                              const PreparedWeightArgs prepared) {
  if constexpr (HasRingWsPersistentForm(GetTileConfig(kId))) {
    WgmmaRingWsPreparedGemmBody<kId, /*kPersistent=*/true, kDirectStore>(args, prepared);
  }
}

// A persistent kernel's launch: `ctas` CTAs (one dimension) with its own
// shared-memory plan, programmatic as every GEMM of the path.
template <typename Kernel, typename... Extra>
hipError_t LaunchPersistent(Kernel kernel, PerDeviceOnce& ready, const GemmKernelArgs& args,
                            const TileConfigDesc& cfg, int32_t ctas, hipStream_t stream,
                            const Extra&... extra) {
  if (hipError_t e = AllowMaxDynamicSmem(kernel, ready); e != hipSuccess) return e;
  return LaunchProgrammaticWithSmem(
      kernel, dim3(static_cast<unsigned>(ctas), 1, 1), dim3(cfg.threads(), 1, 1),
      MakeRingSmemPlan(cfg, 0, 0, /*persistent=*/true).total, stream, args, extra...);
}

// Whether a persistent launch of `ctas` CTAs suits the plan in `args`: the
// tile's chunks hold a ring of stages and the grid is smaller than the tiles.
inline bool PersistentLaunchFits(const TileConfigDesc& cfg, const GemmKernelArgs& args,
                                 int32_t ctas) {
  return RingWsPersistentFits(cfg, args.blocks_per_split, args.k / 32) &&
         ctas < GridOutputTiles(cfg, args.m, args.n);
}

// The ws tiles' integer-accumulation kernels (the int8 prepared image and
// activations a second parameter; wgmma_ring_ws_int8_body.h), with the
// converting body as their per-CTA fallback; and their persistent form (the
// converting body's persistent form as its fallback).
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaWsInt8Kernel(const GemmKernelArgs args, const Int8OperandArgs int8) {
  if constexpr (HasRingWsInt8Form(GetTileConfig(kId))) WgmmaRingWsInt8GemmBody<kId>(args, int8);
}
template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaWsInt8PersistentKernel(const GemmKernelArgs args, const Int8OperandArgs int8) {
  if constexpr (HasRingWsInt8Form(GetTileConfig(kId)) &&
                HasRingWsPersistentForm(GetTileConfig(kId))) {
    WgmmaRingWsInt8GemmBody<kId, /*kPersistent=*/true>(args, int8);
  }
}

// A grid split of `cluster`-CTA clusters (args.splits CTAs a tile in all;
// LaunchGemmQuantThenMma has checked the form for args.m and `cluster`).
template <TileConfigId kId>
hipError_t LaunchRingClustersOverGrid(const GemmKernelArgs& args, int cluster,
                                      hipStream_t stream) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  if constexpr (kHasRingClusterGridSplitForm<kId>) {
    constexpr auto kKernel = GemmPrequantMmaRingPushedRanksGridSplitKernel<kId>;
    static PerDeviceOnce smem_ready;
    if (hipError_t e = AllowMaxDynamicSmem(kKernel, smem_ready); e != hipSuccess) return e;
    return LaunchTileInClusters(kKernel, args, kCfg,
                                MakeLaunchSmemPlan(kCfg, args.blocks_per_split, cluster).total,
                                cluster, /*programmatic=*/true, stream);
  } else {
    return hipErrorInvalidValue;  // no such kernel (PlanGemm never asks for one)
  }
}

// One decode kernel (kMmaRows activation rows), with or without a K-split
// cluster.
template <TileConfigId kId, int kMmaRows>
hipError_t LaunchRingDecodeKernel(const GemmKernelArgs& args, hipStream_t stream) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  if (args.grid_split_counters != nullptr) {
    // K split over independent CTAs (no cluster: LaunchTileWithSmem), on the
    // deep decode ring.
    if constexpr (HasRingGridSplitForm(kCfg, kMmaRows)) {
      static PerDeviceOnce grid_split_smem_ready;
      return OptInAndLaunchWithSmem(
          GemmPrequantMmaRingDecodeKernel<kId, false, kMmaRows, 0, /*kGridSplit=*/true>,
          grid_split_smem_ready, args, kCfg,
          RingLaunchSmemBytes(kCfg, args.m, /*cluster=*/false, args.blocks_per_split,
                              /*grid_split=*/true),
          stream);
    } else {
      return hipErrorInvalidValue;  // no such kernel (PlanGemm never asks for one)
    }
  }
  if (args.splits > 1) {
    return LaunchRingCluster<kId, kMmaRows>(args, stream);
  }
  // Without a cluster, a k4 kernel's plan is its own (RingDeepDecodeRows: a
  // deeper ring of its rows; at M <= 8 with long chunks, deeper still:
  // RingLongDecode); RingLaunchSmemBytes sizes either.
  const uint32_t smem =
      RingLaunchSmemBytes(kCfg, args.m, /*cluster=*/false, args.blocks_per_split);
  if constexpr (RingDeepDecodeRows(kCfg, kMmaRows, /*cluster=*/false) == 8) {
    if (RingLongDecode(kCfg, kMmaRows, /*cluster=*/false, args.blocks_per_split)) {
      static PerDeviceOnce long_smem_ready;
      return OptInAndLaunchWithSmem(
          GemmPrequantMmaRingDecodeKernel<kId, false, kMmaRows, kMaxRingLongDecodeStages>,
          long_smem_ready, args, kCfg, smem, stream);
    }
  }
  static PerDeviceOnce smem_ready;
  return OptInAndLaunchWithSmem(GemmPrequantMmaRingDecodeKernel<kId, false, kMmaRows>, smem_ready,
                                args, kCfg, smem, stream);
}
// The narrowest decode kernel that covers M (<= 32): RingDecodeMmaRows, whose
// row tile the quantizer wrote A in.
template <TileConfigId kId>
hipError_t LaunchRingDecode(const GemmKernelArgs& args, hipStream_t stream) {
  switch (RingDecodeMmaRows(GetTileConfig(kId), args.m)) {
    case 8:
      return LaunchRingDecodeKernel<kId, 8>(args, stream);
    case 16:
      return LaunchRingDecodeKernel<kId, 16>(args, stream);
    case 32:
      return LaunchRingDecodeKernel<kId, 32>(args, stream);
    default:
      return hipErrorInvalidValue;
  }
}

template <TileConfigId kId>
hipError_t Launch(const GemmKernelArgs& args, hipStream_t stream,
                  const PreparedWeightArgs& prepared, const Int8OperandArgs& int8,
                  int32_t persistent_ctas, int32_t grid_split_cluster) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  const bool with_prepared = prepared.data != nullptr || prepared.scales != nullptr;
  if (int8.present()) {
    if constexpr (HasRingWsInt8Form(kCfg)) {
      if (args.splits > 1 || with_prepared || int8.w_row_info == nullptr || int8.a_i8 == nullptr ||
          int8.a_row_info == nullptr || int8.a_row_sumsq == nullptr) {
        return hipErrorInvalidValue;
      }
      if (persistent_ctas > 0) {
        if constexpr (HasRingWsPersistentForm(kCfg)) {
          if (!PersistentLaunchFits(kCfg, args, persistent_ctas)) return hipErrorInvalidValue;
          static PerDeviceOnce int8_persistent_smem_ready;
          return LaunchPersistent(GemmPrequantMmaWsInt8PersistentKernel<kId>,
                                  int8_persistent_smem_ready, args, kCfg, persistent_ctas, stream,
                                  int8);
        } else {
          return hipErrorInvalidValue;  // no persistent form (PlanGemm never asks for one)
        }
      }
      static PerDeviceOnce int8_smem_ready;
      return OptInAndLaunch(GemmPrequantMmaWsInt8Kernel<kId>, int8_smem_ready, args, kCfg, stream,
                            int8);
    } else {
      return hipErrorInvalidValue;  // no integer form (PlanGemm never asks for one)
    }
  }
  if constexpr (kCfg.producer_wg) {
    if (args.splits > 1) return hipErrorInvalidValue;  // no cluster form (PlanGemm refuses it)
    if (with_prepared && (prepared.data == nullptr || prepared.scales == nullptr)) {
      return hipErrorInvalidValue;
    }
    if (persistent_ctas > 0) {
      if constexpr (HasRingWsPersistentForm(kCfg)) {
        if (!PersistentLaunchFits(kCfg, args, persistent_ctas)) return hipErrorInvalidValue;
        const bool direct = PersistentWsStoresDirect(args);
        // Each form its own one-time opt-in (indexed by `direct`).
        if (with_prepared) {
          static PerDeviceOnce persistent_prepared_smem_ready[2];
          const auto kernel = direct ? GemmPrequantMmaWsPreparedPersistentKernel<kId, true>
                                     : GemmPrequantMmaWsPreparedPersistentKernel<kId, false>;
          return LaunchPersistent(kernel, persistent_prepared_smem_ready[direct], args, kCfg,
                                  persistent_ctas, stream, prepared);
        }
        static PerDeviceOnce persistent_smem_ready[2];
        const auto kernel = direct ? GemmPrequantMmaWsPersistentKernel<kId, true>
                                   : GemmPrequantMmaWsPersistentKernel<kId, false>;
        return LaunchPersistent(kernel, persistent_smem_ready[direct], args, kCfg, persistent_ctas,
                                stream);
      } else {
        return hipErrorInvalidValue;  // no persistent form (PlanGemm never asks for one)
      }
    }
    if (with_prepared) {
      static PerDeviceOnce prepared_smem_ready;
      return OptInAndLaunch(GemmPrequantMmaWsPreparedKernel<kId>, prepared_smem_ready, args, kCfg,
                            stream, prepared);
    }
    if constexpr (HasRingWsLayoutKernels(kCfg)) {
      if (IsContestBLayout(args)) {
        static PerDeviceOnce contest_smem_ready;
        return OptInAndLaunch(GemmPrequantMmaKernel<kId, true>, contest_smem_ready, args, kCfg,
                              stream);
      }
    }
  } else if (with_prepared || persistent_ctas > 0) {
    return hipErrorInvalidValue;  // only the ws tiles read the copy or have a persistent form
  } else if constexpr (kCfg.wgmma_ring) {
    if (grid_split_cluster > 1) {
      return LaunchRingClustersOverGrid<kId>(args, grid_split_cluster, stream);
    }
    if constexpr (kHasRingDecodeForm<kId>) {
      if (args.m <= 32) return LaunchRingDecode<kId>(args, stream);
    }
    if (args.splits > 1) {
      return LaunchRingCluster<kId, 0>(args, stream);
    }
  }
  if constexpr (kCfg.stream_b && CombinesByPushedPair(kCfg)) {
    if (LaunchesPushedPair(args)) {
      static PerDeviceOnce pushed_smem_ready;
      return OptInAndLaunch(GemmPrequantMmaPushedPairKernel<kId>, pushed_smem_ready, args, kCfg,
                            stream);
    }
  }
  if constexpr (kCfg.stream_b && CombinesByPushedRanks(kCfg)) {
    if (LaunchesPushedRanks(args, kCfg)) {
      static PerDeviceOnce ranks_smem_ready;
      return OptInAndLaunch(GemmPrequantMmaPushedRanksKernel<kId>, ranks_smem_ready, args, kCfg,
                            stream);
    }
  }
  static PerDeviceOnce smem_ready;
  return OptInAndLaunch(GemmPrequantMmaKernel<kId>, smem_ready, args, kCfg, stream);
}

}  // namespace

hipError_t LaunchGemmQuantThenMma(const GemmKernelArgs& args, TileConfigId config,
                                  hipStream_t stream, const PreparedWeightArgs& prepared,
                                  const Int8OperandArgs& int8, int32_t persistent_ctas,
                                  int32_t grid_split_cluster) {
  // CTAs a tile along z: a cluster's or a grid split's (at most 8), or
  // clusters over the grid (at most 8 of at most 8).
  const bool grid_split = args.grid_split_counters != nullptr;
  const bool clusters_over_grid = grid_split && grid_split_cluster > 1;
  const int32_t z_max = clusters_over_grid ? 8 * kMaxGridSplits : 8;
  if (args.splits < 1 || args.splits > z_max || persistent_ctas < 0 || grid_split_cluster < 1 ||
      (grid_split_cluster > 1 && !grid_split) ||
      (clusters_over_grid && (grid_split_cluster > 8 || args.splits % grid_split_cluster != 0))) {
    return hipErrorInvalidValue;
  }
#define MXFP4_IS_TILE(id) config == TileConfigId::id ||
  if (!(MXFP4_PREQUANT_A_TILES(MXFP4_IS_TILE) false)) return hipErrorInvalidValue;
#undef MXFP4_IS_TILE
  const TileConfigDesc cfg = GetTileConfig(config);
  if (cfg.wgmma_ring && args.a_fold_flags == nullptr) return hipErrorInvalidValue;
  if (grid_split && (!(clusters_over_grid
                            ? HasRingClusterGridSplitForm(cfg, args.m, grid_split_cluster)
                            : HasRingGridSplitForm(cfg, args.m)) ||
                     args.grid_split_partials == nullptr)) {
    return hipErrorInvalidValue;
  }
  static_assert(kMaxGridSplits <= 8, "the splits check above covers a grid split's");
  // The kernels with K split over CTAs (clusters, grid splits) read A in K
  // order; the others in the stage order where RingStageInterleaveChunk says
  // so (the ring bodies' same rule).
  const bool split_over_ctas = grid_split || args.splits > 1;
  // A grid split's counters, zeroed by the quantizer: one a tile (and rank of
  // its clusters).
  const int32_t counters =
      grid_split ? static_cast<int32_t>(GridOutputTiles(cfg, args.m, args.n)) * grid_split_cluster
                 : 0;
  const bool int8_form = int8.present();
  if (int8_form && (!HasRingWsInt8Form(cfg) || split_over_ctas)) return hipErrorInvalidValue;
  const hipError_t q =
      int8_form
          ? LaunchQuantizeAOperandWgmmaOrderInt8(
                args.a_bf16, args.m, args.k, args.a_rows_padded, RingOperandTileRows(cfg, args.m),
                const_cast<uint8_t*>(args.a_ops), const_cast<float*>(args.a_scales),
                const_cast<uint8_t*>(args.a_fold_flags), const_cast<uint8_t*>(int8.a_i8),
                const_cast<uint32_t*>(int8.a_row_info), const_cast<uint32_t*>(int8.a_row_sumsq),
                stream, args.grid_split_counters, counters)
      : cfg.wgmma_ring
          ? LaunchQuantizeAOperandWgmmaOrder(args.a_bf16, args.m, args.k, args.a_rows_padded,
                                             RingOperandTileRows(cfg, args.m),
                                             split_over_ctas
                                                 ? 0
                                                 : RingStageInterleaveChunk(
                                                       cfg.warps_k, args.blocks_per_split,
                                                       args.k / 32),
                                             cfg.warps_k,
                                             const_cast<uint8_t*>(args.a_ops),
                                             const_cast<float*>(args.a_scales),
                                             const_cast<uint8_t*>(args.a_fold_flags), stream,
                                             args.grid_split_counters, counters)
          : LaunchQuantizeAOperand(args.a_bf16, args.m, args.k, args.a_rows_padded,
                                   cfg.operands, const_cast<uint8_t*>(args.a_ops),
                                   const_cast<float*>(args.a_scales), stream, cfg.fold_a_scale,
                                   BulkATiled(cfg) ? cfg.block_m() : 0);
  if (q != hipSuccess) return q;
#define MXFP4_LAUNCH_CASE(id)                                                      \
  case TileConfigId::id:                                                           \
    return Launch<TileConfigId::id>(args, stream, prepared, int8, persistent_ctas, \
                                    grid_split_cluster);
  switch (config) {
    MXFP4_PREQUANT_A_TILES(MXFP4_LAUNCH_CASE)
    default:
      return hipErrorInvalidValue;
  }
#undef MXFP4_LAUNCH_CASE
}

}  // namespace mxfp4::gpu::gemm_internal
