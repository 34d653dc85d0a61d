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

#include <atomic>

#include "mxfp4/gpu/gemm/internal/launch_util.h"
#include "mxfp4/gpu/gemm/internal/stream_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/tile_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_gemm_body.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).wgmma) {
    WgmmaGemmBody<kId, /*kClusterSplit=*/true>(args);
  } else if constexpr (GetTileConfig(kId).stream_b) {
    StreamGemmBody<kId, /*kClusterSplit=*/true>(args);
  } else {
    TileGemmBody<kId, /*kClusterSplit=*/true, /*kWaitForPrecedingGrid=*/true>(args);
  }
}

template <TileConfigId kId>
hipError_t Launch(const GemmKernelArgs& args, hipStream_t stream) {
  static std::atomic<bool> smem_ready{false};
  if (hipError_t e = AllowMaxDynamicSmem(GemmPrequantMmaKernel<kId>, smem_ready);
      e != hipSuccess) {
    return e;
  }
  return LaunchTile(GemmPrequantMmaKernel<kId>, args, GetTileConfig(kId), true, stream);
}

}  // namespace

hipError_t LaunchGemmQuantThenMma(const GemmKernelArgs& args, TileConfigId config,
                                  hipStream_t stream) {
  if (args.splits < 1 || args.splits > 8) return hipErrorInvalidValue;
  if (config != TileConfigId::kPrequantN64M64 && config != TileConfigId::kPrequantN128M64 &&
      config != TileConfigId::kPrequantN128M64E4m3 && config != TileConfigId::kPrequantN64M64Fold &&
      config != TileConfigId::kPrequantN128M64Fold && config != TileConfigId::kPrequantN64M32Fold &&
      config != TileConfigId::kPrequantN64M64S2Fold &&
      config != TileConfigId::kPrequantN64M64S2UnrolledFold &&
      !(GetTileConfig(config).stream_b &&
        GetTileConfig(config).a_source == ASource::kPrequantized)) {
    return hipErrorInvalidValue;
  }
  const TileConfigDesc cfg = GetTileConfig(config);
  const hipError_t q = LaunchQuantizeAOperand(
      args.a_bf16, args.m, args.k, args.a_rows_padded, cfg.operands,
      const_cast<uint8_t*>(args.a_ops), const_cast<float*>(args.a_scales), stream,
      cfg.fold_a_scale);
  if (q != hipSuccess) return q;
  switch (config) {
    case TileConfigId::kPrequantN64M64:
      return Launch<TileConfigId::kPrequantN64M64>(args, stream);
    case TileConfigId::kPrequantN128M64:
      return Launch<TileConfigId::kPrequantN128M64>(args, stream);
    case TileConfigId::kPrequantN64M64Fold:
      return Launch<TileConfigId::kPrequantN64M64Fold>(args, stream);
    case TileConfigId::kPrequantN128M64Fold:
      return Launch<TileConfigId::kPrequantN128M64Fold>(args, stream);
    case TileConfigId::kPrequantN64M32Fold:
      return Launch<TileConfigId::kPrequantN64M32Fold>(args, stream);
    case TileConfigId::kPrequantN64M64S2Fold:
      return Launch<TileConfigId::kPrequantN64M64S2Fold>(args, stream);
    case TileConfigId::kPrequantN64M64S2UnrolledFold:
      return Launch<TileConfigId::kPrequantN64M64S2UnrolledFold>(args, stream);
    case TileConfigId::kStreamQN32M16K8:
      return Launch<TileConfigId::kStreamQN32M16K8>(args, stream);
    case TileConfigId::kStreamQN32M32K4:
      return Launch<TileConfigId::kStreamQN32M32K4>(args, stream);
    case TileConfigId::kStreamQN32M64K4:
      return Launch<TileConfigId::kStreamQN32M64K4>(args, stream);
    case TileConfigId::kStreamQN64M64K4:
      return Launch<TileConfigId::kStreamQN64M64K4>(args, stream);
    case TileConfigId::kWgmmaN128M64:
      return Launch<TileConfigId::kWgmmaN128M64>(args, stream);
    case TileConfigId::kWgmmaN256M64:
      return Launch<TileConfigId::kWgmmaN256M64>(args, stream);
    default:
      return Launch<TileConfigId::kPrequantN128M64E4m3>(args, stream);
  }
}

}  // namespace mxfp4::gpu::gemm_internal
