// File: mxfp4/gpu/gemm/gemm_quant_then_mma_kernel.cu.cc
//
// Path "quant_then_mma" (docs/paths.md) for larger M: A is quantized once
// into tensor-core operands + fp32 scales in the caller's workspace, then the
// tile GEMM streams both operands. Two kernels: QuantizeAOperand
// (quantize_a_operand_kernel.cu.cc), then the GEMM with programmatic
// dependent launch (its CTAs load B and the weight scales while the quantizer
// still runs and wait (griddepcontrol.wait) only before the first A load).
// One kernel for the e4m3 wgmma ring tiles where the device holds their grid
// at once: a cooperative launch whose CTAs each quantize a slice of A and meet
// at a grid barrier (wgmma_ring_gemm_body.h). K may be split over a cluster
// as in splitk_small_m. The original system's path 2 (K > 512, M > 32).

#include <atomic>

#include "mxfp4/gpu/gemm/internal/launch_util.h"
#include "mxfp4/gpu/gemm/internal/stream_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/tile_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_gemm_body.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_gemm_body.h"

namespace mxfp4::gpu::gemm_internal {
namespace {

template <TileConfigId kId>
__global__ void __launch_bounds__(GetTileConfig(kId).threads(),
                                  GetTileConfig(kId).min_ctas_per_sm())
    GemmPrequantMmaKernel(const GemmKernelArgs args) {
  if constexpr (GetTileConfig(kId).wgmma_ring) {
    WgmmaRingGemmBody<kId>(args);
  } else if constexpr (GetTileConfig(kId).wgmma) {
    WgmmaGemmBody<kId, /*kClusterSplit=*/true>(args);
  } else if constexpr (GetTileConfig(kId).stream_b) {
    StreamGemmBody<kId, /*kClusterSplit=*/true>(args);
  } else {
    TileGemmBody<kId, /*kClusterSplit=*/true, /*kWaitForPrecedingGrid=*/true>(args);
  }
}

// The A quantizer for tile `cfg` as a kernel of its own.
hipError_t LaunchQuantizer(const GemmKernelArgs& args, const TileConfigDesc& cfg,
                           hipStream_t stream) {
  if (cfg.wgmma_ring) {
    return LaunchQuantizeAOperandWgmmaOrder(args.a_bf16, args.m, args.k, args.a_rows_padded,
                                            cfg.block_m(), const_cast<uint8_t*>(args.a_ops),
                                            const_cast<float*>(args.a_scales),
                                            const_cast<uint8_t*>(args.a_fold_flags), stream);
  }
  return LaunchQuantizeAOperand(args.a_bf16, args.m, args.k, args.a_rows_padded, cfg.operands,
                                const_cast<uint8_t*>(args.a_ops),
                                const_cast<float*>(args.a_scales), stream, cfg.fold_a_scale);
}

template <TileConfigId kId>
hipError_t Launch(const GemmKernelArgs& args, hipStream_t stream) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  static std::atomic<bool> smem_ready{false};
  if (hipError_t e = AllowMaxDynamicSmem(GemmPrequantMmaKernel<kId>, smem_ready);
      e != hipSuccess) {
    return e;
  }
  if (kCfg.wgmma_ring && args.quantize_a_in_grid) {
    // One cooperative launch where the device holds the whole grid at once
    // (the ring tiles' grids are at most 132 CTAs of one per SM); else the
    // two-kernel form below.
    static std::atomic<int> co_resident[kCachedDevices] = {};
    int ctas = 0;
    if (hipError_t e = CoResidentCtas(GemmPrequantMmaKernel<kId>, kCfg.threads(),
                                      MakeSmemPlan(kCfg, args.blocks_per_split).total,
                                      co_resident, &ctas);
        e != hipSuccess) {
      return e;
    }
    const int64_t grid = static_cast<int64_t>((args.n + kCfg.block_n() - 1) / kCfg.block_n()) *
                         ((args.m + kCfg.block_m() - 1) / kCfg.block_m());
    if (grid <= ctas) {
      return LaunchTile(GemmPrequantMmaKernel<kId>, args, kCfg, /*programmatic=*/false, stream,
                        /*cooperative=*/true);
    }
  }
  GemmKernelArgs two_kernels = args;
  two_kernels.quantize_a_in_grid = 0;
  if (hipError_t e = LaunchQuantizer(two_kernels, kCfg, stream); e != hipSuccess) return e;
  return LaunchTile(GemmPrequantMmaKernel<kId>, two_kernels, kCfg, /*programmatic=*/true, stream);
}

}  // namespace

hipError_t LaunchGemmQuantThenMma(const GemmKernelArgs& args, TileConfigId config,
                                  hipStream_t stream) {
  if (args.splits < 1 || args.splits > 8) return hipErrorInvalidValue;
#define MXFP4_IS_TILE(id) config == TileConfigId::id ||
  if (!(MXFP4_PREQUANT_A_TILES(MXFP4_IS_TILE) false)) return hipErrorInvalidValue;
#undef MXFP4_IS_TILE
  const TileConfigDesc cfg = GetTileConfig(config);
  if (cfg.wgmma_ring && (args.splits != 1 || args.a_fold_flags == nullptr)) {
    return hipErrorInvalidValue;
  }
  if (args.quantize_a_in_grid && !cfg.wgmma_ring) return hipErrorInvalidValue;
#define MXFP4_LAUNCH_CASE(id) \
  case TileConfigId::id:        \
    return Launch<TileConfigId::id>(args, stream);
  switch (config) {
    MXFP4_PREQUANT_A_TILES(MXFP4_LAUNCH_CASE)
    default:
      return hipErrorInvalidValue;
  }
#undef MXFP4_LAUNCH_CASE
}

}  // namespace mxfp4::gpu::gemm_internal
