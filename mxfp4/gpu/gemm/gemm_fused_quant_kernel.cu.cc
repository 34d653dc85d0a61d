// File: mxfp4/gpu/gemm/gemm_fused_quant_kernel.cu.cc
//
// Path "fused_quant" (docs/paths.md): ONE kernel per call. Each CTA streams
// its tile of B and the matching bf16 rows of A through a cp.async pipeline
// and quantizes A (EVEN rule) into E4M3 tensor-core operands inside the GEMM,
// stage by stage; no K-split. Contract: block_fma (tile_gemm_body.h). The
// original system's path 1 (K <= 512).

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
    GemmFusedQuantKernel(const GemmKernelArgs args) {
  // Launched with programmatic serialization: the CTAs may be resident while
  // the preceding kernel finishes; nothing is read or written before it has
  // completed (gemm.h "Stream order"). The streaming body waits itself,
  // after its index and weight-row math.
  if constexpr (GetTileConfig(kId).stream_b) {
    StreamGemmBodyOfKernel<kId, /*kClusterSplit=*/false, kContestLayout>(args);
  } else {
    GridDependencyWait();
    TileGemmBody<kId, /*kClusterSplit=*/false, /*kWaitForPrecedingGrid=*/false>(args);
  }
}

template <TileConfigId kId, bool kContestLayout>
hipError_t LaunchForm(const GemmKernelArgs& args, hipStream_t stream) {
  static PerDeviceOnce smem_ready;
  return OptInAndLaunch(GemmFusedQuantKernel<kId, kContestLayout>, smem_ready, args,
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

hipError_t LaunchGemmFusedQuant(const GemmKernelArgs& args, TileConfigId config,
                                hipStream_t stream) {
  if (args.splits != 1) return hipErrorInvalidValue;
#define MXFP4_LAUNCH_CASE(id) \
  case TileConfigId::id:        \
    return Launch<TileConfigId::id>(args, stream);
  switch (config) {
    MXFP4_FUSED_A_TILES(MXFP4_LAUNCH_CASE)
    MXFP4_FUSED_CLUSTER_TILES(MXFP4_LAUNCH_CASE)
    MXFP4_LAUNCH_CASE(kFusedN64M64)
    default:
      return hipErrorInvalidValue;
  }
#undef MXFP4_LAUNCH_CASE
}

}  // namespace mxfp4::gpu::gemm_internal
