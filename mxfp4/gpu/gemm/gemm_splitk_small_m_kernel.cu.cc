// File: mxfp4/gpu/gemm/gemm_splitk_small_m_kernel.cu.cc
//
// Path "splitk_small_m" (docs/paths.md): ONE kernel per call for small M and
// long K. A is quantized inside the GEMM as in fused_quant; K is split over
// the CTAs of a (1, 1, splits) thread-block cluster, each accumulating its
// K-range from +0.0f; the partial tiles are combined in split order through
// distributed shared memory ((p0 + p1) + p2) + ... - deterministic, no
// atomics, no workspace. The original system's path 3 (M <= 32, K > 512),
// which combined with fp32 atomics, made bit-reproducible.

#include "mxfp4/gpu/gemm/internal/launch_util.h"
#include "mxfp4/gpu/gemm/internal/stream_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/tile_gemm_body.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

// kContestLayout: the fold streaming tiles' kernel for the original system's
// B layouts (StreamGemmBodyOfKernel); the other tiles take only false.
template <TileConfigId kId, bool kContestLayout>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmSplitKSmallMKernel(const GemmKernelArgs args) {
  // Launched with programmatic serialization: the CTAs may be resident while
  // the preceding kernel finishes; nothing is read or written before it has
  // completed (gemm.h "Stream order"). The streaming body waits itself,
  // after its index and weight-row math.
  if constexpr (GetTileConfig(kId).stream_b) {
    StreamGemmBodyOfKernel<kId, /*kClusterSplit=*/true, kContestLayout>(args);
  } else {
    GridDependencyWait();
    TileGemmBody<kId, /*kClusterSplit=*/true, /*kWaitForPrecedingGrid=*/false>(args);
  }
}

// The streaming tiles' two-CTA K-split clusters that combine by
// CombinePushedPair: a kernel of its own, so that GemmSplitKSmallMKernel
// keeps the chained combine's code for every other launch
// (stream_gemm_body.h's kPushedPair).
template <TileConfigId kId, bool kContestLayout>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmSplitKSmallMPushedPairKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).stream_b && CombinesByPushedPair(GetTileConfig(kId))) {
    StreamGemmBodyOfKernel<kId, /*kClusterSplit=*/true, kContestLayout, /*kPushedPair=*/true>(
        args);
  }
}

// Their clusters of more than two CTAs where PushesRanks (CombinePushedRanks):
// a kernel of its own too (stream_gemm_body.h's kPushedRanks).
template <TileConfigId kId, bool kContestLayout>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmSplitKSmallMPushedRanksKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).stream_b && CombinesByPushedRanks(GetTileConfig(kId))) {
    StreamGemmBodyOfKernel<kId, /*kClusterSplit=*/true, kContestLayout, /*kPushedPair=*/false,
                           /*kPushedRanks=*/true>(args);
  }
}

template <TileConfigId kId, bool kContestLayout>
hipError_t LaunchForm(const GemmKernelArgs& args, hipStream_t stream) {
  if constexpr (GetTileConfig(kId).stream_b && CombinesByPushedPair(GetTileConfig(kId))) {
    if (LaunchesPushedPair(args)) {
      static PerDeviceOnce pushed_smem_ready;
      return OptInAndLaunch(GemmSplitKSmallMPushedPairKernel<kId, kContestLayout>,
                            pushed_smem_ready, args, GetTileConfig(kId), stream);
    }
  }
  if constexpr (GetTileConfig(kId).stream_b && CombinesByPushedRanks(GetTileConfig(kId))) {
    if (LaunchesPushedRanks(args, GetTileConfig(kId))) {
      static PerDeviceOnce ranks_smem_ready;
      return OptInAndLaunch(GemmSplitKSmallMPushedRanksKernel<kId, kContestLayout>,
                            ranks_smem_ready, args, GetTileConfig(kId), stream);
    }
  }
  static PerDeviceOnce smem_ready;
  return OptInAndLaunch(GemmSplitKSmallMKernel<kId, kContestLayout>, smem_ready, args,
                        GetTileConfig(kId), stream);
}

template <TileConfigId kId>
hipError_t Launch(const GemmKernelArgs& args, hipStream_t stream) {
  if constexpr (HasStreamLayoutKernels(GetTileConfig(kId))) {
    if (IsContestBLayout(args)) return LaunchForm<kId, true>(args, stream);
  }
  return LaunchForm<kId, false>(args, stream);
}

}  // namespace

hipError_t LaunchGemmSplitKSmallM(const GemmKernelArgs& args, TileConfigId config,
                                  hipStream_t stream) {
  if (args.splits < 1 || args.splits > 8) return hipErrorInvalidValue;
#define MXFP4_LAUNCH_CASE(id) \
  case TileConfigId::id:        \
    return Launch<TileConfigId::id>(args, stream);
  switch (config) {
    MXFP4_FUSED_A_TILES(MXFP4_LAUNCH_CASE)
    default:
      return hipErrorInvalidValue;
  }
#undef MXFP4_LAUNCH_CASE
}

}  // namespace mxfp4::gpu::gemm_internal
