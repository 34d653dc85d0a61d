// File: mxfp4/gpu/gemm/internal/tile_config.h
//
// What the host planner (gemm_plan.cc, g++) and the kernels (*.cu.cc, nvcc) must
// agree on: the tile configurations, the shared-memory plan of a CTA, the
// kernel argument block, and the raw launchers (docs/paths.md).
//
// A tile is computed "swap AB": the MMA's 16-row side walks N (weight rows),
// its 8-column side walks M (activation rows), so small M wastes little.
// A CTA of warps_n x warps_m warps owns block_n = 16 * frags_n * warps_n
// weight rows and block_m = 8 * frags_m * warps_m activation rows, and streams
// K through a `stages`-deep cp.async pipeline of kStageBlocks K-blocks each.
//
// Host/device header without CUDA includes (g++-safe).

#ifndef MXFP4_GPU_GEMM_INTERNAL_TILE_CONFIG_H_
#define MXFP4_GPU_GEMM_INTERNAL_TILE_CONFIG_H_

#include <cstdint>

#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/gpu/gemm/internal/prepared_image.h"
#include "mxfp4/gpu/gemm/internal/ring_stage_order.h"
#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// Largest dynamic shared memory a CTA may use on sm_90 (227 KiB).
inline constexpr int kMaxDynamicSmem = 227 * 1024;

// K-blocks (32 elements each) per pipeline stage.
inline constexpr int kStageBlocks = 8;
// Weight scales are staged in shared memory as fp32 in phases of at most this
// many K-blocks (a multiple of kStageBlocks).
inline constexpr int kMaxScalePhaseBlocks = 64;
// Per-thread register batch used to load one scale phase (see the kernel):
// kMaxScalePhaseBlocks * block_n / threads must not exceed it.
inline constexpr int kMaxScaleLoadsPerThread = 32;

// The tensor-core operand format (docs/paths.md, "MMA operands").
enum class MmaOperands : int {
  // fp16: weights as 2 * E2M1 value, activations as value / 2, both fp16
  // normals; two chained mma.sync m16n8k16 f16 -> f32 per 32-element block.
  // HMMA is native on sm_90 (the default).
  kF16 = 0,
  // e4m3: the same values as FP8 E4M3, one mma.sync m16n8k32 e4m3 per block.
  // On sm_90 ptxas emulates it (F2FP unpack + HMMA): kept as a fallback. The
  // wgmma ring tiles take E4M3 natively.
  kE4m3 = 1,
  // e5m2 (A only): activations as FP8 E5M2 of value / 2, which is the fp16
  // operand's high byte (every value / 2 of E2M1 has a zero low byte): half
  // the fp16 form's bytes, and the MMA's fp16 operand is two byte permutes
  // (PRMT) away. The bulk streaming tile streamq_n32_m16_k8_bulk_e5m2 (where
  // the fp16 form's A does not fit); weights as for kF16.
  kE5m2 = 2,
};

// Where A comes from.
enum class ASource : int {
  kFusedBf16 = 0,     // bf16 A streamed by the GEMM and quantized per stage in the CTA
  kPrequantized = 1,  // operand bytes (value/2) + fp32 scales written by QuantizeAOperand
};

// TileConfigId: every compiled tile configuration. Names: <A source>_n<block_n>_m<block_m>.
enum class TileConfigId : int {
  kFusedN64M8 = 0,
  kFusedN64M16,
  kFusedN64M32,
  kFusedN64M64,
  kFusedN64M16E4m3,
  kPrequantN64M64,
  kPrequantN128M64,
  kPrequantN128M64E4m3,
  // Folded activation scales (internal/scale_fold.h, docs/paths.md).
  kFusedN64M8Fold,
  kFusedN64M16Fold,
  kPrequantN64M64Fold,
  kPrequantN128M64Fold,
  kPrequantN64M32Fold,
  kPrequantN64M64S2Fold,  // 2 stages: ~100 KB of shared memory, 2 CTAs per SM
  kPrequantN64M64S2UnrolledFold,
  kFusedN64M16UnrolledFold,
  // B streamed into registers (internal/stream_gemm_body.h, docs/paths.md
  // "Streaming tiles"): stream_n<block_n>_m<block_m>_k<warps along K>.
  kStreamN32M8K4,
  kStreamN32M16K4,
  kStreamN32M32K4,
  kStreamN16M8K8,
  kStreamN64M32K2,
  kStreamN16M16K8,
  kStreamN32M16K8,
  kStreamN32M8K8,
  kStreamN32M32K8,
  // Streaming tiles on the prequantized A operand (path quant_then_mma).
  kStreamQN32M16K8,
  kStreamQN32M32K4,
  kStreamQN32M64K4,
  kStreamQN64M64K4,
  kStreamQN32M32K8,
  kStreamQN16M32K8,
  kStreamQN16M16K8,
  // Bulk variants (TileConfigDesc::bulk_b): <streaming tile>_bulk.
  kStreamN32M8K4Bulk,
  kStreamN32M16K4Bulk,
  kStreamN32M8K8Bulk,
  kStreamN32M16K8Bulk,
  kStreamQN32M16K8Bulk,
  kStreamQN32M32K4Bulk,
  kStreamQN32M32K8Bulk,
  kStreamQN32M64K4Bulk,
  kStreamQN64M64K4Bulk,
  // wgmma tiles (internal/wgmma_gemm_body.h), prequantized A: wgmma_n<block_n>_m64.
  kWgmmaN128M64,
  kWgmmaN256M64,
  kWgmmaN128M64Fold,
  kWgmmaN256M64Fold,
  // e4m3 wgmma ring tiles (internal/wgmma_ring_gemm_body.h), prequantized A
  // in the wgmma order with folded scales:
  // wgmma8_n<block_n>_m<block_m>[_k<warpgroups along K>]_fold.
  kWgmma8N64M64K2Fold,
  kWgmma8N64M128K2Fold,
  kWgmma8N128M64Fold,
  kWgmma8N128M128Fold,
  kWgmma8N64M64K4Fold,
  kWgmma8N128M64K2Fold,
  // Fused streaming tiles whose quantization is shared by a cluster of
  // CTAs along N (TileConfigDesc::quant_cluster): <streaming tile>_c<CTAs>.
  kStreamN32M8K4C2,
  kStreamN32M16K4C4,
  kStreamN32M32K4C2,
  kStreamN32M32K4C4,
  kStreamN32M32K8C2,
  // A fused streaming tile of 64 weight rows x 16 activation rows (a
  // 32-row A as two row tiles, each CTA quantizing its 16 rows alone), its
  // activation scales folded into the fp16 operands (stream_gemm_body.h).
  kStreamN64M16K4Fold,
  // Warp-specialized e4m3 wgmma ring tiles (internal/wgmma_ring_ws_gemm_body.h):
  // a producer warpgroup converts the weights into shared memory for two
  // consumer warpgroups: wgmma8_n<block_n>_m<block_m>[_k2]_ws_fold.
  kWgmma8N64M128K2WsFold,
  kWgmma8N128M128WsFold,
  kWgmma8N64M64K2WsFold,
  // The bulk streaming tile with A prequantized as E5M2 of value/2 (half the
  // shared-memory bytes of the fp16 operand, its high bytes: PRMT at the MMA):
  // auto's choice where the fp16 form's A slice does not fit (dispatch_rules.cc).
  kStreamQN32M16K8BulkE5m2,
  // The warp-specialized n128 tile with 192 activation rows: m64n192k32, 1.5x
  // the work of each of the n128_m128 tile's wgmmas and weight conversions.
  kWgmma8N128M192WsFold,
  // Its K-split twin: 64 weight rows x 192 activation rows, K over the two
  // consumer warpgroups (one-wave grids of 129..384 rows).
  kWgmma8N64M192K2WsFold,
  // stream_n64_m16_k4_fold with 2 warps along K (8 warps, two CTAs a SM):
  // auto's 32-row tile where the k4 tile's grid passes one wave (dispatch_rules.cc).
  kStreamN64M16K2Fold,
  kCount,
};

// The tiles each kind of path instantiates, as X-macro lists (one list serves
// the launch switches of the kernels and the host planner): X(enumerator).
// Fused A (fused_quant and splitk_small_m; fused_quant also runs
// kFusedN64M64, which has no cluster variant).
#define MXFP4_FUSED_A_TILES(X)                                                            \
  X(kFusedN64M8) X(kFusedN64M16) X(kFusedN64M32) X(kFusedN64M16E4m3) X(kFusedN64M8Fold)  \
  X(kFusedN64M16Fold) X(kFusedN64M16UnrolledFold) X(kStreamN32M8K4) X(kStreamN32M16K4)    \
  X(kStreamN32M32K4) X(kStreamN16M8K8) X(kStreamN64M32K2) X(kStreamN16M16K8)              \
  X(kStreamN32M16K8) X(kStreamN32M8K8) X(kStreamN32M8K4Bulk) X(kStreamN32M16K4Bulk)            \
  X(kStreamN32M8K8Bulk) X(kStreamN32M16K8Bulk) X(kStreamN32M32K8) X(kStreamN64M16K4Fold) \
  X(kStreamN64M16K2Fold)
// Fused streaming tiles with a quantization cluster (fused_quant only).
#define MXFP4_FUSED_CLUSTER_TILES(X) \
  X(kStreamN32M8K4C2) X(kStreamN32M16K4C4) X(kStreamN32M32K4C2) X(kStreamN32M32K4C4)      \
  X(kStreamN32M32K8C2)
// Prequantized A (quant_then_mma).
#define MXFP4_PREQUANT_A_TILES(X)                                                         \
  X(kPrequantN64M64) X(kPrequantN128M64) X(kPrequantN128M64E4m3) X(kPrequantN64M64Fold)  \
  X(kPrequantN128M64Fold) X(kPrequantN64M32Fold) X(kPrequantN64M64S2Fold)                 \
  X(kPrequantN64M64S2UnrolledFold) X(kStreamQN32M16K8) X(kStreamQN32M32K4)                \
  X(kStreamQN32M64K4) X(kStreamQN64M64K4) X(kStreamQN32M32K8) X(kStreamQN16M32K8)            \
  X(kStreamQN16M16K8) X(kWgmmaN128M64) X(kWgmmaN256M64) X(kWgmmaN128M64Fold)                 \
  X(kWgmmaN256M64Fold) X(kStreamQN32M16K8Bulk) X(kStreamQN32M32K4Bulk) X(kStreamQN32M32K8Bulk)  \
  X(kStreamQN32M64K4Bulk) X(kStreamQN64M64K4Bulk) X(kWgmma8N64M64K2Fold)                  \
  X(kWgmma8N64M128K2Fold) X(kWgmma8N128M64Fold) X(kWgmma8N128M128Fold)                    \
  X(kWgmma8N64M64K4Fold) X(kWgmma8N128M64K2Fold) X(kWgmma8N64M128K2WsFold)                 \
  X(kWgmma8N128M128WsFold) X(kWgmma8N64M64K2WsFold) X(kStreamQN32M16K8BulkE5m2)        \
  X(kWgmma8N128M192WsFold) X(kWgmma8N64M192K2WsFold)

struct TileConfigDesc {
  int warps_n;
  int warps_m;
  int frags_n;
  int frags_m;
  int stages;
  ASource a_source;
  MmaOperands operands;
  const char* name;
  // Activation block scales folded into the operands, one FFMA per output and
  // block (internal/scale_fold.h): fp16 operands, or the E4M3 operands of the
  // wgmma ring tiles (a narrower folded range).
  bool fold_a_scale;
  // Full stages in the folded fast form run with the block-pair loop fully
  // unrolled (more ILP, more code); otherwise the loop stays rolled.
  bool unroll_stage;
  // Warps of a CTA that split its K-range (streaming tiles; 1 otherwise).
  int warps_k;
  // Streaming tile (internal/stream_gemm_body.h): each warp loads its weight
  // words straight from global memory into registers (no B staging, no
  // pipeline barriers); the CTA quantizes (fused) or copies (prequantized)
  // its whole K-range of A into shared memory once. frags_n = 1,
  // warps_m = 1, `stages` unused.
  bool stream_b;
  // wgmma tile (internal/wgmma_gemm_body.h): a streaming tile whose warpgroups
  // (4 warps, 64 weight rows each) run wgmma.mma_async m64n64k16 with the
  // weights in registers; frags_m = 8 (block_m = 64), warps_k = 1.
  bool wgmma;
  // Bulk variant of a streaming tile (stream_b): each warp's weight chunk
  // and its scale bytes go to shared memory first, the weights by bulk
  // asynchronous copies issued at CTA start (internal/bulk_copy.h), so the
  // whole chunk is in flight at once and the math reads it with LDS.
  bool bulk_b = false;
  // e4m3 wgmma ring tile (internal/wgmma_ring_gemm_body.h): warpgroups of 4
  // warps (warps_n / 4 along N, 64 weight rows each; warps_k along K, each a
  // K-split chunk) run wgmma m64n<block_m>k32 e4m3 with the weights in
  // registers and the activations (QuantizeAOperand in the wgmma order,
  // scales folded) from a ring of shared-memory stages filled by bulk
  // copies. stream_b and wgmma are false.
  bool wgmma_ring = false;
  // Fused streaming tiles (path fused_quant): CTAs per (quant_cluster, 1, 1)
  // thread-block cluster along N that share the quantization of their common
  // A rows: each quantizes 1/quant_cluster of the CTA's blocks and stores the
  // operands into every CTA's shared memory (distributed shared memory). The
  // grid's N side is rounded up to a multiple (CTAs past N only quantize).
  int quant_cluster = 1;
  // Warp-specialized ring tile (wgmma_ring, internal/wgmma_ring_ws_gemm_body.h):
  // one more warpgroup (the producer) converts the weights into a shared-
  // memory ring and issues the activations' copies; the two consumer
  // warpgroups (warps_n x warps_k = 8 warps) read both wgmma operands from
  // shared memory. No K-split over CTAs.
  bool producer_wg = false;

  // Bytes of one activation operand element in shared memory / workspace.
  MXFP4_HOST_DEVICE constexpr int act_bytes() const {
    return operands == MmaOperands::kF16 ? 2 : 1;
  }
  // Bytes of one 32-element block of one A row (shared memory / workspace).
  MXFP4_HOST_DEVICE constexpr int op_row_bytes() const { return 32 * act_bytes(); }
  MXFP4_HOST_DEVICE constexpr int threads() const {
    return 32 * warps_n * warps_m * warps_k + (producer_wg ? 128 : 0);
  }
  // __launch_bounds__ minimum CTAs per SM: the unrolled 2-stage tile must
  // keep to 128 registers to fit 2 CTAs per SM (its shared memory does).
  MXFP4_HOST_DEVICE constexpr int min_ctas_per_sm() const {
    return (unroll_stage && stages == 2) || (stream_b && threads() <= 256) ? 2 : 1;
  }
  MXFP4_HOST_DEVICE constexpr int block_n() const { return 16 * frags_n * warps_n; }
  MXFP4_HOST_DEVICE constexpr int block_m() const { return 8 * frags_m * warps_m; }
};

MXFP4_HOST_DEVICE constexpr TileConfigDesc GetTileConfig(TileConfigId id) {
  // {warps_n, warps_m, frags_n, frags_m, stages, A source, operands, name, fold, unroll,
  //  warps_k, stream_b, wgmma}
  switch (id) {
    case TileConfigId::kFusedN64M8:
      return {4, 1, 1, 1, 4, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m8", false, false, 1, false, false};
    case TileConfigId::kFusedN64M16:
      return {4, 1, 1, 2, 4, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m16", false, false, 1, false, false};
    case TileConfigId::kFusedN64M32:
      return {4, 1, 1, 4, 3, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m32", false, false, 1, false, false};
    case TileConfigId::kFusedN64M64:
      return {4, 2, 1, 4, 2, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m64", false, false, 1, false, false};
    case TileConfigId::kFusedN64M16E4m3:
      return {4, 1, 1, 2, 4, ASource::kFusedBf16, MmaOperands::kE4m3,
              "fused_n64_m16_e4m3", false, false, 1, false, false};
    case TileConfigId::kPrequantN64M64:
      return {4, 2, 1, 4, 3, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n64_m64", false, false, 1, false, false};
    case TileConfigId::kPrequantN128M64:
      return {4, 2, 2, 4, 3, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n128_m64", false, false, 1, false, false};
    case TileConfigId::kPrequantN128M64E4m3:
      return {4, 2, 2, 4, 3, ASource::kPrequantized, MmaOperands::kE4m3,
              "prequant_n128_m64_e4m3", false, false, 1, false, false};
    case TileConfigId::kFusedN64M8Fold:
      return {4, 1, 1, 1, 4, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m8_fold", true, false, 1, false, false};
    case TileConfigId::kFusedN64M16Fold:
      return {4, 1, 1, 2, 4, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m16_fold", true, false, 1, false, false};
    case TileConfigId::kPrequantN64M64Fold:
      return {4, 2, 1, 4, 3, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n64_m64_fold", true, false, 1, false, false};
    case TileConfigId::kPrequantN128M64Fold:
      return {4, 2, 2, 4, 3, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n128_m64_fold", true, false, 1, false, false};
    case TileConfigId::kPrequantN64M32Fold:
      return {4, 1, 1, 4, 3, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n64_m32_fold", true, false, 1, false, false};
    case TileConfigId::kPrequantN64M64S2Fold:
      return {4, 2, 1, 4, 2, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n64_m64_s2_fold", true, false, 1, false, false};
    case TileConfigId::kPrequantN64M64S2UnrolledFold:
      return {4, 2, 1, 4, 2, ASource::kPrequantized, MmaOperands::kF16,
              "prequant_n64_m64_s2u_fold", true, true, 1, false, false};
    case TileConfigId::kFusedN64M16UnrolledFold:
      return {4, 1, 1, 2, 4, ASource::kFusedBf16, MmaOperands::kF16,
              "fused_n64_m16_u_fold", true, true, 1, false, false};
    case TileConfigId::kStreamN32M8K4:
      return {2, 1, 1, 1, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m8_k4", false, false, 4, true, false};
    case TileConfigId::kStreamN32M16K4:
      return {2, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m16_k4", false, false, 4, true, false};
    case TileConfigId::kStreamN32M32K4:
      return {2, 1, 1, 4, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m32_k4", false, false, 4, true, false};
    case TileConfigId::kStreamN16M8K8:
      return {1, 1, 1, 1, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n16_m8_k8", false, false, 8, true, false};
    case TileConfigId::kStreamN32M8K4C2:
      return {2, 1, 1, 1, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m8_k4_c2", false, false, 4, true, false, false, false, 2};
    case TileConfigId::kStreamN32M16K4C4:
      return {2, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m16_k4_c4", false, false, 4, true, false, false, false, 4};
    case TileConfigId::kStreamN32M32K4C2:
      return {2, 1, 1, 4, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m32_k4_c2", false, false, 4, true, false, false, false, 2};
    case TileConfigId::kStreamN32M32K4C4:
      return {2, 1, 1, 4, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m32_k4_c4", false, false, 4, true, false, false, false, 4};
    case TileConfigId::kStreamN64M32K2:
      return {4, 1, 1, 4, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n64_m32_k2", false, false, 2, true, false};
    case TileConfigId::kStreamN16M16K8:
      return {1, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n16_m16_k8", false, false, 8, true, false};
    case TileConfigId::kStreamN32M16K8:
      return {2, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m16_k8", false, false, 8, true, false};
    case TileConfigId::kStreamN64M16K4Fold:
      return {4, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n64_m16_k4_fold", true, false, 4, true, false};
    case TileConfigId::kStreamN64M16K2Fold:
      return {4, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n64_m16_k2_fold", true, false, 2, true, false};
    case TileConfigId::kStreamN32M32K8:
      return {2, 1, 1, 4, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m32_k8", false, false, 8, true, false};
    case TileConfigId::kStreamN32M32K8C2:
      return {2, 1, 1, 4, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m32_k8_c2", false, false, 8, true, false, false, false, 2};
    case TileConfigId::kStreamN32M8K8:
      return {2, 1, 1, 1, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m8_k8", false, false, 8, true, false};
    case TileConfigId::kStreamQN32M16K8:
      return {2, 1, 1, 2, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m16_k8", false, false, 8, true, false};
    case TileConfigId::kStreamQN32M32K4:
      return {2, 1, 1, 4, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m32_k4", false, false, 4, true, false};
    case TileConfigId::kStreamQN32M64K4:
      return {2, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m64_k4", false, false, 4, true, false};
    case TileConfigId::kStreamQN64M64K4:
      return {4, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n64_m64_k4", false, false, 4, true, false};
    case TileConfigId::kStreamQN32M32K8:
      return {2, 1, 1, 4, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m32_k8", false, false, 8, true, false};
    case TileConfigId::kStreamQN16M32K8:
      return {1, 1, 1, 4, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n16_m32_k8", false, false, 8, true, false};
    case TileConfigId::kStreamQN16M16K8:
      return {1, 1, 1, 2, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n16_m16_k8", false, false, 8, true, false};
    case TileConfigId::kWgmmaN128M64:
      return {8, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "wgmma_n128_m64", false, false, 1, true, true};
    case TileConfigId::kWgmmaN256M64:
      return {16, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "wgmma_n256_m64", false, false, 1, true, true};
    case TileConfigId::kWgmmaN128M64Fold:
      return {8, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "wgmma_n128_m64_fold", true, false, 1, true, true};
    case TileConfigId::kWgmmaN256M64Fold:
      return {16, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "wgmma_n256_m64_fold", true, false, 1, true, true};
    case TileConfigId::kStreamN32M8K4Bulk:
      return {2, 1, 1, 1, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m8_k4_bulk", false, false, 4, true, false, true};
    case TileConfigId::kStreamN32M16K4Bulk:
      return {2, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m16_k4_bulk", false, false, 4, true, false, true};
    case TileConfigId::kStreamN32M8K8Bulk:
      return {2, 1, 1, 1, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m8_k8_bulk", false, false, 8, true, false, true};
    case TileConfigId::kStreamN32M16K8Bulk:
      return {2, 1, 1, 2, 0, ASource::kFusedBf16, MmaOperands::kF16,
              "stream_n32_m16_k8_bulk", false, false, 8, true, false, true};
    case TileConfigId::kStreamQN32M16K8Bulk:
      return {2, 1, 1, 2, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m16_k8_bulk", false, false, 8, true, false, true};
    case TileConfigId::kStreamQN32M16K8BulkE5m2:
      return {2, 1, 1, 2, 0, ASource::kPrequantized, MmaOperands::kE5m2,
              "streamq_n32_m16_k8_bulk_e5m2", false, false, 8, true, false, true};
    case TileConfigId::kStreamQN32M32K4Bulk:
      return {2, 1, 1, 4, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m32_k4_bulk", false, false, 4, true, false, true};
    case TileConfigId::kStreamQN32M32K8Bulk:
      return {2, 1, 1, 4, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m32_k8_bulk", false, false, 8, true, false, true};
    case TileConfigId::kStreamQN32M64K4Bulk:
      return {2, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n32_m64_k4_bulk", false, false, 4, true, false, true};
    case TileConfigId::kStreamQN64M64K4Bulk:
      return {4, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kF16,
              "streamq_n64_m64_k4_bulk", false, false, 4, true, false, true};
    case TileConfigId::kWgmma8N64M64K2Fold:
      return {4, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n64_m64_k2_fold", true, false, 2, false, false, false, true};
    case TileConfigId::kWgmma8N64M128K2Fold:
      return {4, 1, 1, 16, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n64_m128_k2_fold", true, false, 2, false, false, false, true};
    case TileConfigId::kWgmma8N128M64Fold:
      return {8, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n128_m64_fold", true, false, 1, false, false, false, true};
    case TileConfigId::kWgmma8N128M128Fold:
      return {8, 1, 1, 16, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n128_m128_fold", true, false, 1, false, false, false, true};
    case TileConfigId::kWgmma8N64M64K4Fold:
      return {4, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n64_m64_k4_fold", true, false, 4, false, false, false, true};
    case TileConfigId::kWgmma8N128M64K2Fold:
      return {8, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n128_m64_k2_fold", true, false, 2, false, false, false, true};
    case TileConfigId::kWgmma8N64M128K2WsFold:
      return {4, 1, 1, 16, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n64_m128_k2_ws_fold", true, false, 2, false, false, false, true, 1, true};
    case TileConfigId::kWgmma8N128M128WsFold:
      return {8, 1, 1, 16, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n128_m128_ws_fold", true, false, 1, false, false, false, true, 1, true};
    case TileConfigId::kWgmma8N64M64K2WsFold:
      return {4, 1, 1, 8, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n64_m64_k2_ws_fold", true, false, 2, false, false, false, true, 1, true};
    case TileConfigId::kWgmma8N128M192WsFold:
      return {8, 1, 1, 24, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n128_m192_ws_fold", true, false, 1, false, false, false, true, 1, true};
    case TileConfigId::kWgmma8N64M192K2WsFold:
      return {4, 1, 1, 24, 0, ASource::kPrequantized, MmaOperands::kE4m3,
              "wgmma8_n64_m192_k2_ws_fold", true, false, 2, false, false, false, true, 1, true};
    default:
      return {0, 0, 0, 0, 0, ASource::kFusedBf16, MmaOperands::kF16, "invalid", false, false, 0, false, false};
  }
}

// Whether a streaming tile's two-CTA K-split clusters combine by
// CombinePushedPair (rank 0 pushes its sums into rank 1's c_receive tile):
// the non-wgmma tiles of at most one 4-output chunk a thread (rank 1 holds
// its own partials of a chunk in registers while it waits; with two chunks
// a thread the 64-row tiles spilled: kernel_diff, session 73).
MXFP4_HOST_DEVICE constexpr bool CombinesByPushedPair(const TileConfigDesc& c) {
  return c.stream_b && !c.wgmma && c.block_m() * c.block_n() / 4 <= c.threads();
}

// Whether a streaming tile's K-split clusters of more than two CTAs combine
// by CombinePushedRanks (every rank pushes its sum of its own partials of the
// chunks other ranks own into their c_receive areas): the non-wgmma streaming
// tiles.
MXFP4_HOST_DEVICE constexpr bool CombinesByPushedRanks(const TileConfigDesc& c) {
  return c.stream_b && !c.wgmma;
}

// CombinePushedRanks' ownership: 4-output chunk c of a tile of `chunks` is
// owned by cluster rank c % ranks, as its local chunk c / ranks; a rank owns
// at most PushedRanksOwnedMax of them.
MXFP4_HOST_DEVICE constexpr int PushedRanksOwnedMax(int chunks, int ranks) {
  return (chunks + ranks - 1) / ranks;
}
MXFP4_HOST_DEVICE constexpr int PushedRanksOwned(int chunks, int ranks, int rank) {
  return (chunks - rank + ranks - 1) / ranks;
}

// A rank's c_receive area for CombinePushedRanks: [source rank][owned chunk]
// float4, each source rank's sum of its own partials (its own rank's slots
// unused), then its mbarrier.
MXFP4_HOST_DEVICE constexpr uint32_t PushedRanksReceiveBytes(int block_m, int block_n,
                                                             int ranks) {
  return static_cast<uint32_t>(ranks * PushedRanksOwnedMax(block_m * block_n / 4, ranks)) * 16u;
}

// The c_receive tile's bytes, block_m x block_n fp32 (rank 0's sums): the
// bytes its mbarrier expects, which sits right after them.
MXFP4_HOST_DEVICE constexpr uint32_t PushedReceiveTileBytes(int block_m, int block_n) {
  return static_cast<uint32_t>(block_m * block_n) * 4u;
}

// SmemPlan: byte offsets of a CTA's dynamic shared memory.
struct SmemPlan {
  uint32_t b_stages = 0;   // [stages][kStageBlocks][block_n][16 B] packed E2M1 weights
  uint32_t a_stages = 0;   // fused: [stages][kStageBlocks][block_m][64 B] bf16;
                           // prequantized: [stages][kStageBlocks][block_m][32 * act_bytes]
  uint32_t a_scales = 0;   // prequantized only: [stages][kStageBlocks][block_m] fp32
  uint32_t a_ops = 0;      // fused only: [kStageBlocks][block_m][32 * act_bytes] of this stage
  uint32_t a_op_scales = 0;  // fused only: [kStageBlocks][block_m] fp32
  uint32_t b_scales = 0;   // [kMaxScalePhaseBlocks][block_n] fp32 (row-paired, see kernel)
  uint32_t c_tile = 0;     // [block_m][block_n + 4] fp32 (aliases the stages when it fits)
  uint32_t barriers = 0;   // bulk streaming tiles: [warps][kBulkPieces] mbarriers
  uint32_t b_raw = 0;      // warp-specialized ring tiles: the producer's raw weight staging
  uint32_t c_receive = 0;  // streaming tiles in two-CTA K-split clusters: [block_m][block_n]
                           // fp32 + its 8-byte mbarrier (rank 1 receives rank 0's sums)
  uint32_t total = 0;
  int phase_blocks = 0;
};

// Grid columns (CTAs along N) of a tile launch: one per block_n weight rows,
// rounded up to a multiple of the quantization cluster (CTAs past N only
// quantize). The planner's CTA count and the launch share it.
MXFP4_HOST_DEVICE constexpr int64_t GridNTiles(const TileConfigDesc& c, int64_t n) {
  const int64_t tiles = (n + c.block_n() - 1) / c.block_n();
  return (tiles + c.quant_cluster - 1) / c.quant_cluster * c.quant_cluster;
}
// Output tiles of a tile launch (grid x by grid y): its CTAs without K splits,
// and the counters of a K-split over independent CTAs (one a tile).
MXFP4_HOST_DEVICE constexpr int64_t GridOutputTiles(const TileConfigDesc& c, int64_t m,
                                                    int64_t n) {
  return GridNTiles(c, n) * ((m + c.block_m() - 1) / c.block_m());
}

MXFP4_HOST_DEVICE constexpr uint32_t AlignSmem(uint32_t x) { return (x + 127u) & ~127u; }

// Bulk streaming tiles: a warp's weight chunk (and, streamq, its K-warp's A)
// arrives in up to this many pieces, each on its own mbarrier, so that the
// math could start on the first piece. One piece is fastest: each bulk copy
// costs the copy engine ~15 cycles to take on, more than the earlier start
// gains (H200, session 14, --only graph replay: 16x2112x7168 8.85 / 8.50 /
// 8.30 us with 4 / 2 / 1 pieces, 8 pieces 9.89; 16x3072x1536 5.67 / 5.18 /
// 4.83; splitk 8x4096x7168 18.08 / 17.57 / 17.03).
inline constexpr int kBulkPieces = 1;

// BulkATiled(): whether the tile reads a prequantized A written tile-major by
// QuantizeAOperand (tile_rows = block_m): the bulk streaming tiles bring in
// each K-warp chunk's piece of A with one bulk copy.
MXFP4_HOST_DEVICE constexpr bool BulkATiled(const TileConfigDesc& c) {
  return c.bulk_b && c.a_source == ASource::kPrequantized;
}
// Shared bytes of one warp's weight slab for a chunk of `chunk` blocks:
// preshuffled [block][16 rows][16 B], natural [16 rows][chunk * 16 + 16 B]
// (the pad row staggers banks); the larger of the two.
MXFP4_HOST_DEVICE constexpr uint32_t BulkSlabBytes(uint32_t chunk) { return 256u * chunk + 256u; }

// MakeSmemPlan(): the layout for a CTA that accumulates at most
// `blocks_per_split` K-blocks.
// Streaming tiles: blocks_per_split is one warp's K-chunk; the CTA holds
// warps_k chunks of quantized A (a_ops, a_op_scales) and warps_k partial
// tiles (c_tile); wgmma tiles also the weights of their K-range (b_stages,
// b_scales as bytes) and reuse the A area for the partial tile.
// `split_cluster`: the CTAs of the launch's K-split cluster; with 2, the
// plan of a tile that CombinesByPushedPair ends with c_receive, and every
// other offset is the same as without it (more: MakeLaunchSmemPlan).
MXFP4_HOST_DEVICE constexpr SmemPlan MakeStreamSmemPlan(const TileConfigDesc& c,
                                                        int blocks_per_split,
                                                        int split_cluster = 1) {
  SmemPlan p;
  const uint32_t bn = static_cast<uint32_t>(c.block_n());
  const uint32_t bm = static_cast<uint32_t>(c.block_m());
  const uint32_t chunk = static_cast<uint32_t>(blocks_per_split > 0 ? blocks_per_split : 1);
  const uint32_t cta_blocks = static_cast<uint32_t>(c.warps_k) * chunk;
  uint32_t off = 0;
  p.a_ops = off;
  off = AlignSmem(off + cta_blocks * bm * static_cast<uint32_t>(c.op_row_bytes()));
  p.a_op_scales = off;
  off = AlignSmem(off + cta_blocks * bm * 4u);
  if (c.wgmma) {
    // The weights of the CTA's K-range as well: [block][row][16 B] E2M1 and
    // [block][row] E8M0 bytes.
    p.b_stages = off;
    off = AlignSmem(off + cta_blocks * bn * 16u);
    p.b_scales = off;
    off = AlignSmem(off + cta_blocks * bn);
    // Fold tiles: per block and 32-row half of the activation tile, whether
    // every activation scale was folded (one byte each).
    p.a_scales = off;
    off = AlignSmem(off + cta_blocks * 2u);
  }
  if (c.bulk_b) {
    // Per warp: the weight slab, the chunk's weight scales as fp32
    // [block][16 rows, rows r / r + 8 adjacent], kBulkPieces mbarriers.
    const uint32_t warps = static_cast<uint32_t>(c.warps_n) * static_cast<uint32_t>(c.warps_k);
    p.b_stages = off;
    off = AlignSmem(off + warps * BulkSlabBytes(chunk));
    p.b_scales = off;
    off = AlignSmem(off + warps * chunk * 16u * 4u);
    p.barriers = off;
    // + [warps_k][kBulkPieces] for A (prequantized tiles).
    off = AlignSmem(off + (warps + static_cast<uint32_t>(c.warps_k)) *
                              static_cast<uint32_t>(kBulkPieces) * 8u);
  }
  const uint32_t c_bytes = static_cast<uint32_t>(c.warps_k) * bm * (bn + 4u) * 4u;
  if (c.wgmma && c_bytes <= cta_blocks * bm * 64u) {
    p.c_tile = p.a_ops;  // the wgmma body is done with A before it writes partials
  } else {
    p.c_tile = off;
    off = AlignSmem(off + c_bytes);
  }
  if (CombinesByPushedPair(c) && split_cluster == 2) {
    p.c_receive = off;
    off = AlignSmem(off + PushedReceiveTileBytes(c.block_m(), c.block_n()) + 8u);
  }
  p.total = off;
  return p;
}

// Ring tiles: the activation ring holds a power of two of stages, as many
// as shared memory allows up to kMaxRingStages; a stage holds kRingStageBlocks
// consecutive K-blocks of the tile's block_m rows for every K warpgroup and
// is refilled when every warp has released it, so the depth is how far ahead
// the copies run. A decode form's stages hold only its kMmaRows rows (4 KB a
// k4 stage at M <= 8 instead of 32 KB), so its ring may be deeper
// (RingDeepDecodeRows).
inline constexpr int kMaxRingStages = 8;
inline constexpr int kMaxRingDecodeStages = 16;
// The M <= 8 one where its chunks are long (RingLongDecode): twice as deep.
inline constexpr int kMaxRingLongDecodeStages = 32;
// Weight steps (kRingStageBlocks blocks each) that kernel's fast loop keeps
// in flight in registers (the other M <= 16 decode kernels two, the rest one;
// measured: wgmma_ring_gemm_body.h, kStepsAhead).
inline constexpr int kLongDecodeStepsAhead = 3;
inline constexpr int kRingStageBlocks = 4;
// A ring tile's K-split chunks start on a multiple of this many blocks (one
// step of its main loop): the weight words, scale bytes and fold flags of a
// step are then constant offsets from one address per row, in every layout.
inline constexpr int kRingChunkAlignBlocks = kRingStageBlocks;
// Fold flags of the ring tiles: [a_rows_padded / 8][RingFlagColumns(k / 32)]
// bytes (rows padded to a multiple of 8 blocks: a loop step's flags are one
// aligned 4-byte load, the whole-CTA check reads 8-byte words).
MXFP4_HOST_DEVICE constexpr int64_t RingFlagColumns(int64_t groups) {
  return (groups + 7) / 8 * 8;
}

// The 64-row ring tiles' decode forms (M <= 32, wgmma_ring_gemm_body.h's
// kMmaRows): the activation rows their wgmma covers, the narrowest of 8, 16, 32
// that holds M, and the row tile of their A operands (the quantizer writes a
// block of a decode tile as kMmaRows * 32 contiguous bytes, so a ring stage
// copies only those rows); 0 where the tile has no decode form or M > 32.
MXFP4_HOST_DEVICE constexpr bool HasRingDecodeForm(const TileConfigDesc& c) {
  return c.wgmma_ring && !c.producer_wg && c.block_m() == 64;
}
MXFP4_HOST_DEVICE constexpr int RingDecodeMmaRows(const TileConfigDesc& c, int64_t m) {
  if (!HasRingDecodeForm(c) || m > 32) return 0;
  return m <= 8 ? 8 : m <= 16 ? 16 : 32;
}
// GemmOptions::cold_weights' tile (docs/paths.md "Cold weights"): the one
// whose M > 32 form without a K split over CTAs prefetches its weight tile
// into L2 - the planner's rule (GemmPlan::prefetches_weight) and the ring
// body's gate, one test for both.
MXFP4_HOST_DEVICE constexpr bool TakesColdWeightPrefetch(TileConfigId id) {
  return id == TileConfigId::kWgmma8N64M64K2Fold;
}
// The row tile of a ring tile's A operands in the wgmma order.
MXFP4_HOST_DEVICE constexpr int RingOperandTileRows(const TileConfigDesc& c, int64_t m) {
  const int decode = RingDecodeMmaRows(c, m);
  return decode != 0 ? decode : c.block_m();
}
// The quantizer and the kernels agree on these (the launcher picks the decode
// kernel, the quantizer the row tile, from the same function).
static_assert(RingOperandTileRows(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 1) == 8 &&
                  RingOperandTileRows(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 9) == 16 &&
                  RingOperandTileRows(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 17) == 32 &&
                  RingOperandTileRows(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 33) == 64,
              "the 64-row ring tile: decode row tiles up to M = 32, its own beyond");
static_assert(RingOperandTileRows(GetTileConfig(TileConfigId::kWgmma8N64M128K2Fold), 1) == 128 &&
                  RingOperandTileRows(GetTileConfig(TileConfigId::kWgmma8N64M128K2WsFold), 1) ==
                      128,
              "no decode form: the 128-row and warp-specialized tiles keep their row tile");

MXFP4_HOST_DEVICE constexpr uint32_t RingPartialBytes(const TileConfigDesc& c) {
  return static_cast<uint32_t>(c.warps_k) * static_cast<uint32_t>(c.block_m()) *
         (static_cast<uint32_t>(c.block_n()) + 4u) * 4u;
}
// Activation bytes of one ring stage; mma_rows: a ring sized for a decode
// form's rows (RingDeepDecodeRows; 0: the tile's block_m rows).
MXFP4_HOST_DEVICE constexpr uint32_t RingActivationStageBytes(const TileConfigDesc& c,
                                                              int mma_rows = 0) {
  return static_cast<uint32_t>(c.warps_k) *
         static_cast<uint32_t>(mma_rows != 0 ? mma_rows : c.block_m()) * 32u *
         static_cast<uint32_t>(kRingStageBlocks);
}
// Warp-specialized ring tiles: a stage also holds both consumer warpgroups'
// converted weights ([2][kRingStageBlocks][64 rows x 32 B] E4M3) and their
// scales ([2][kRingStageBlocks][64] fp32).
inline constexpr uint32_t kRingWsWeightStageBytes = 2u * kRingStageBlocks * 64u * 32u;
inline constexpr uint32_t kRingWsScaleStageBytes = 2u * kRingStageBlocks * 64u * 4u;
// Warp-specialized ring tiles: registers per thread after the role split
// (setmaxnreg; 2 consumers + 1 producer must equal the launch's 3 x 168 of
// __launch_bounds__(384, 1)).
// ptxas -v (CUDA 13.0): at 216 the m128 K-split consumers serialize their
// wgmmas (C7512) and the n128_m128 ones spill; at 224 / 56 no tile spills
// (the producer keeps 2 weight blocks in flight; with 4 it spilled below 72).
inline constexpr int kRingWsConsumerRegs = 224;
inline constexpr int kRingWsProducerRegs = 56;
static_assert(2 * kRingWsConsumerRegs + kRingWsProducerRegs == 3 * 168, "register split");
// The producer's staging of raw weights (cp.async; wgmma_ring_ws_gemm_body.h):
// 2 stages of [kRingStageBlocks][128 threads][16 B of E2M1].
inline constexpr uint32_t kRingWsRawBytes = 2u * kRingStageBlocks * 128u * 16u;
MXFP4_HOST_DEVICE constexpr uint32_t RingStageBytes(const TileConfigDesc& c, int mma_rows = 0) {
  return RingActivationStageBytes(c, mma_rows) +
         (c.producer_wg ? kRingWsWeightStageBytes + kRingWsScaleStageBytes : 0u);
}
// The streaming tiles whose fused and split-K kernels hold one layout form
// each (the original system's B layouts, IsContestBLayout, or the run-time
// form), and whose body assumes its index ranges: the fold tiles (why and
// what was measured: StreamGemmBody in stream_gemm_body.h).
MXFP4_HOST_DEVICE constexpr bool HasStreamLayoutKernels(const TileConfigDesc& c) {
  return c.stream_b && c.fold_a_scale;
}
// The warp-specialized tiles whose one-tile kernel comes in two forms, one
// holding the body of the original system's B layouts alone (IsContestBLayout,
// chosen on the host; GemmPrequantMmaKernel's kContestLayout), the other all
// four layout bodies: the 64- and 128-row K-split tiles, whose body also
// assumes its index ranges (as the fold streaming tiles' do). Measured (H100,
// session 67, hot graph replay, both changes): auto's shapes on the m64 tile
// 0.6-2.0% faster (48x4096x512 4.26 -> 4.17 us, 96x4096x1024 5.66 -> 5.55;
// math -2.5..-7.5%), on the m128 tile 0.6-1.7% (256x3072x1536 8.53 -> 8.39,
// 128x7168x2048 9.96 -> 9.83; the per-layout kernels alone had been level
// there, session 66). Not the m192 K-split tile (384x3072x1536 +0.8%) nor
// the ring m64 k2 fold tile (per-layout: 64x7168x2048 7.71 -> 7.89, session
// 66; the assumptions alone +0.8%).
MXFP4_HOST_DEVICE constexpr bool HasRingWsLayoutKernels(const TileConfigDesc& c) {
  return c.wgmma_ring && c.producer_wg && c.warps_k == 2 &&
         (c.block_m() == 64 || c.block_m() == 128);
}

// The warp-specialized tiles with a persistent form (HasRingWsPersistentForm):
// the n128_m128 tile, whose two consumer warpgroups split N (no combine
// between them) and whose ring keeps its 4 stages beside a partial tile of
// its own.
MXFP4_HOST_DEVICE constexpr bool HasRingWsPersistentForm(const TileConfigDesc& c) {
  return c.wgmma_ring && c.producer_wg && c.warps_k == 1 && c.block_m() == 128;
}
// max_stages: a kernel's own cap (RingLongDecode), 0 for the default.
// persistent: the ws tiles' persistent kernels (one CTA walks several output
// tiles, the producer filling the next tile's stages while the consumers
// store this one's outputs), whose partials cannot alias the ring.
MXFP4_HOST_DEVICE constexpr int RingStages(const TileConfigDesc& c, int mma_rows = 0,
                                           int max_stages = 0, bool persistent = false) {
  // The warp-specialized tiles write their partials over the ring (but for
  // their persistent kernels).
  const uint32_t room = static_cast<uint32_t>(kMaxDynamicSmem) -
                        (c.producer_wg ? kRingWsRawBytes : RingPartialBytes(c)) -
                        (persistent ? RingPartialBytes(c) : 0u) - 1024u;
  const uint32_t fit = room / RingStageBytes(c, mma_rows);
  int stages = max_stages != 0 ? max_stages
               : mma_rows != 0 ? kMaxRingDecodeStages
                               : kMaxRingStages;
  while (stages > 2 && static_cast<uint32_t>(stages) > fit) stages /= 2;
  return stages;
}

// The rows a decode kernel's ring is sized for (RingStages, MakeRingSmemPlan;
// 0: the tile's own ring, as every other ring kernel). Only the k4 decode
// kernels without a cluster: their 64-row ring was 4 stages deep, and a ring of
// up to kMaxRingDecodeStages of their own stages made them 1.01-1.19x faster
// where K is long (session 35 call 2, hot graph replay: 1x8192x8192 16.2 ->
// 13.6 us, 16x8192x8192 16.9 -> 14.7, 1x5120x13824 25.2 -> 22.8, 8x7168x4096
// 9.38 -> 8.61; Nsight Compute had 16% of their loop's samples on the stage
// waits). The k2 and cluster decode kernels (8 stages already, or clusters of
// 2-4 on short chunks) moved -3% .. +3% with it and keep their ring.
MXFP4_HOST_DEVICE constexpr int RingDeepDecodeRows(const TileConfigDesc& c, int mma_rows,
                                                   bool cluster) {
  return mma_rows != 0 && mma_rows < c.block_m() && c.warps_k == 4 && !cluster ? mma_rows : 0;
}
// The M <= 8 k4 decode kernel without a cluster whose chunks hold at least
// kRingLongDecodeMinBlocks blocks (24 stages, K >= 12288 on 4 chunks) runs
// with a ring of kMaxRingLongDecodeStages: measured (H200, session 36 calls
// 3-4, hot graph replay) 1.03-1.12x where its chunks exceed the 16-stage
// ring (1x5120x13824 22.8 -> 20.8 us, 1x4096x14336 23.1 -> 20.7, 1x5120x17920
// 31.4 -> 28.3, 1x8192x22016 40.0 -> 38.8) but ~0.4 us slower where they do
// not (1x8192x8192 13.6 -> 14.0, 8x7168x4096 8.65 -> 9.02: the kernel's
// entry -> grid-dependency phase ~800 cycles longer, with the same PTX but
// for its constants; not understood), so it is a kernel of its own.
inline constexpr int64_t kRingLongDecodeMinBlocks = 96;
MXFP4_HOST_DEVICE constexpr bool RingLongDecode(const TileConfigDesc& c, int mma_rows,
                                                bool cluster, int64_t blocks_per_split) {
  return mma_rows == 8 && RingDeepDecodeRows(c, mma_rows, cluster) != 0 &&
         blocks_per_split >= kRingLongDecodeMinBlocks;
}
static_assert(RingStages(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 8,
                         kMaxRingLongDecodeStages) == kMaxRingLongDecodeStages,
              "the long-chunk M <= 8 decode kernel's ring fits");
static_assert(RingStages(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold)) == 4 &&
                  RingStages(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 8) == 16 &&
                  RingStages(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 16) == 16 &&
                  RingStages(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 32) == 8,
              "the k4 decode kernels' ring: 16 / 16 / 8 stages of their rows, not the tile's 4");

// MakeRingSmemPlan(): a_stages = [RingStages][warps_k][kRingStageBlocks][block_m * 32 B]
// (mma_rows * 32 B for a decode kernel's own ring: RingDeepDecodeRows)
// e4m3 activations in the wgmma order; a_scales = [RingStages] release
// counters; barriers = full[RingStages]; c_tile = [warps_k][block_m]
// [block_n + 4] fp32 partials.
//
// Warp-specialized ring tiles: a_stages = [RingStages][warps_k][kRingStageBlocks]
// [block_m * 32 B] activations, b_stages = [RingStages][2][kRingStageBlocks]
// [64 x 32 B] converted weights, b_scales = [RingStages][2][kRingStageBlocks]
// [64] fp32, b_raw = the producer's raw staging, barriers = full[RingStages],
// empty[RingStages]; c_tile over the
// ring (the consumers write partials once every stage is consumed), or past
// the barriers for a persistent kernel (`persistent`: the producer is already
// filling the next tile's stages then).
MXFP4_HOST_DEVICE constexpr SmemPlan MakeRingSmemPlan(const TileConfigDesc& c, int mma_rows = 0,
                                                      int max_stages = 0, bool persistent = false) {
  SmemPlan p;
  const uint32_t stages = static_cast<uint32_t>(RingStages(c, mma_rows, max_stages, persistent));
  uint32_t off = 0;
  if (c.producer_wg) {
    p.a_stages = off;
    off = AlignSmem(off + stages * RingActivationStageBytes(c));
    p.b_stages = off;
    off = AlignSmem(off + stages * kRingWsWeightStageBytes);
    p.b_scales = off;
    off = AlignSmem(off + stages * kRingWsScaleStageBytes);
    p.b_raw = off;
    off = AlignSmem(off + kRingWsRawBytes);
    p.barriers = off;
    off = AlignSmem(off + 2u * stages * 8u);
    if (!persistent && RingPartialBytes(c) <= p.b_raw) {
      p.c_tile = 0;
    } else {
      p.c_tile = off;
      off = AlignSmem(off + RingPartialBytes(c));
    }
    p.total = off;
    return p;
  }
  p.a_stages = off;
  off = AlignSmem(off + stages * RingStageBytes(c, mma_rows));
  p.a_scales = off;
  off = AlignSmem(off + stages * 4u);
  p.barriers = off;
  off = AlignSmem(off + stages * 8u);
  p.c_tile = off;
  off = AlignSmem(off + RingPartialBytes(c));
  p.total = off;
  return p;
}

// The dynamic shared memory a ring tile's kernel launches with for M rows
// (with a K-split cluster or not, chunks of blocks_per_split blocks): the
// tile's plan, or a k4 decode kernel's own (RingDeepDecodeRows,
// RingLongDecode). LaunchRingDecodeKernel launches with it, PlanGemm reports
// it.
// With grid_split (a K-split over independent CTAs, HasRingGridSplitForm):
// the deep decode ring without the long form (its chunks are a split's).
MXFP4_HOST_DEVICE constexpr uint32_t RingLaunchSmemBytes(const TileConfigDesc& c, int64_t m,
                                                         bool cluster, int64_t blocks_per_split,
                                                         bool grid_split = false) {
  const int mma_rows = RingDecodeMmaRows(c, m);
  return MakeRingSmemPlan(c, RingDeepDecodeRows(c, mma_rows, cluster),
                          !grid_split && RingLongDecode(c, mma_rows, cluster, blocks_per_split)
                              ? kMaxRingLongDecodeStages
                              : 0)
      .total;
}

// The ring tiles that may split K over independent CTAs (GemmKernelArgs::
// grid_split_counters): the k4 tile's decode kernels (M <= 32), each CTA on
// its deep ring without a cluster. Decode layers with fewer 64-row weight
// tiles than SMs leave SMs idle, and K-split clusters cannot fill them (too
// few stay resident: 80 clusters of 3 run three waves); each CTA's weight
// stream is latency-bound (~17 GB/s from DRAM, session 38), so more CTAs
// stream more.
inline constexpr int kMaxGridSplits = 8;
MXFP4_HOST_DEVICE constexpr bool HasRingGridSplitForm(const TileConfigDesc& c, int64_t m) {
  return RingDecodeMmaRows(c, m) != 0 && c.warps_k == 4;
}
static_assert(RingLaunchSmemBytes(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 1, false,
                                  kRingLongDecodeMinBlocks) ==
                      MakeRingSmemPlan(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 8,
                                       kMaxRingLongDecodeStages)
                          .total &&
                  RingLaunchSmemBytes(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 8, false,
                                      kRingLongDecodeMinBlocks - kRingStageBlocks) ==
                      MakeRingSmemPlan(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 8).total &&
                  RingLaunchSmemBytes(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 8, true,
                                      kRingLongDecodeMinBlocks) ==
                      MakeRingSmemPlan(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold)).total &&
                  RingLaunchSmemBytes(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold), 33, false,
                                      kRingLongDecodeMinBlocks) ==
                      MakeRingSmemPlan(GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold)).total,
              "the long form at M <= 8 from 96-block chunks; the tile's plan with a cluster and "
              "beyond 32 rows");
static_assert(HasRingWsLayoutKernels(GetTileConfig(TileConfigId::kWgmma8N64M64K2WsFold)) &&
                  HasRingWsLayoutKernels(GetTileConfig(TileConfigId::kWgmma8N64M128K2WsFold)) &&
                  !HasRingWsLayoutKernels(GetTileConfig(TileConfigId::kWgmma8N64M192K2WsFold)) &&
                  !HasRingWsLayoutKernels(GetTileConfig(TileConfigId::kWgmma8N128M128WsFold)) &&
                  !HasRingWsLayoutKernels(GetTileConfig(TileConfigId::kWgmma8N64M64K2Fold)),
              "per-layout kernels: the 64- and 128-row K-split ws tiles alone");
// The persistent n128_m128 ws kernel keeps the ring of its one-tile twin.
static_assert(HasRingWsPersistentForm(GetTileConfig(TileConfigId::kWgmma8N128M128WsFold)) &&
                  RingStages(GetTileConfig(TileConfigId::kWgmma8N128M128WsFold), 0, 0, true) ==
                      RingStages(GetTileConfig(TileConfigId::kWgmma8N128M128WsFold)) &&
                  MakeRingSmemPlan(GetTileConfig(TileConfigId::kWgmma8N128M128WsFold), 0, 0, true)
                          .total <= static_cast<uint32_t>(kMaxDynamicSmem) &&
                  !HasRingWsPersistentForm(GetTileConfig(TileConfigId::kWgmma8N64M128K2WsFold)),
              "the persistent ws kernel: 4 stages and its own partial tile");

MXFP4_HOST_DEVICE constexpr SmemPlan MakeSmemPlan(const TileConfigDesc& c, int blocks_per_split,
                                                  int split_cluster = 1) {
  if (c.wgmma_ring) return MakeRingSmemPlan(c);
  if (c.stream_b) return MakeStreamSmemPlan(c, blocks_per_split, split_cluster);
  SmemPlan p;
  const uint32_t bn = static_cast<uint32_t>(c.block_n());
  const uint32_t bm = static_cast<uint32_t>(c.block_m());
  const uint32_t stages = static_cast<uint32_t>(c.stages);
  const uint32_t op_row = static_cast<uint32_t>(c.op_row_bytes());
  uint32_t off = 0;
  p.b_stages = off;
  off = AlignSmem(off + stages * kStageBlocks * bn * 16u);
  p.a_stages = off;
  if (c.a_source == ASource::kFusedBf16) {
    off = AlignSmem(off + stages * kStageBlocks * bm * 64u);
  } else {
    off = AlignSmem(off + stages * kStageBlocks * bm * op_row);
    p.a_scales = off;
    off = AlignSmem(off + stages * kStageBlocks * bm * 4u);
  }
  const uint32_t stage_area = off;
  if (c.a_source == ASource::kFusedBf16) {
    p.a_ops = off;
    off = AlignSmem(off + kStageBlocks * bm * op_row);
    p.a_op_scales = off;
    off = AlignSmem(off + kStageBlocks * bm * 4u);
  }
  int rounded = (blocks_per_split + kStageBlocks - 1) / kStageBlocks * kStageBlocks;
  if (rounded < kStageBlocks) rounded = kStageBlocks;
  p.phase_blocks = rounded < kMaxScalePhaseBlocks ? rounded : kMaxScalePhaseBlocks;
  // Sized for the longest phase: the loader's stores cover kMaxScalePhaseBlocks
  // block rows whatever the phase length.
  p.b_scales = off;
  off = AlignSmem(off + static_cast<uint32_t>(kMaxScalePhaseBlocks) * bn * 4u);
  const uint32_t c_bytes = bm * (bn + 4u) * 4u;
  if (c_bytes <= stage_area) {
    p.c_tile = 0;
  } else {
    p.c_tile = off;
    off = AlignSmem(off + c_bytes);
  }
  p.total = off;
  return p;
}

// Whether a launch of a tile with K-split clusters of `split_cluster` CTAs
// combines by CombinePushedRanks: a tile that CombinesByPushedRanks, more
// than two CTAs, and room for the receive area after the tile's plan (where
// there is none, on the longest K-ranges, the general loop of
// CombinePartialsAndStore, so the planner's choices stay those it made
// without the push). The kernel asks the same question.
MXFP4_HOST_DEVICE constexpr bool PushesRanks(const TileConfigDesc& c, int blocks_per_split,
                                             int split_cluster) {
  return !c.wgmma_ring && CombinesByPushedRanks(c) && split_cluster > 2 &&
         AlignSmem(MakeStreamSmemPlan(c, blocks_per_split).total +
                   PushedRanksReceiveBytes(c.block_m(), c.block_n(), split_cluster) +
                   8u) <= static_cast<uint32_t>(kMaxDynamicSmem);
}

// Whether a ring tile's launch with K-split clusters of `split_cluster` CTAs
// combines by CombinePushedRanks (its pushed-ranks kernel,
// WgmmaRingGemmBodyForLayout's kPushedRanks) instead of CombineByPulling:
// the non-warp-specialized ring tiles (the others have no cluster form) with
// more than one warpgroup along K (those with one take clusters only where a
// caller forces them, and keep pulling) and more than two CTAs. The receive
// area lies over the ring's stages, free once the math is done, so the plan
// is the tile's own.
MXFP4_HOST_DEVICE constexpr bool RingPushesRanks(const TileConfigDesc& c, int split_cluster) {
  return c.wgmma_ring && !c.producer_wg && c.warps_k > 1 && split_cluster > 2;
}

// The ring tiles whose pushing K-split clusters (RingPushesRanks) may be
// split over the grid as well: `clusters` clusters of `cluster` CTAs a tile
// (GemmKernelArgs::grid_split_counters with gridDim.z = clusters x cluster),
// each cluster summing its ranks' runs (CombinePushedRanks), the clusters'
// sums then meeting in the workspace: the last cluster to finish a rank's
// share of the tile adds them in order (KSplit::outer_group). The 64-row k4
// tile beyond its decode forms (M > 32): long-K layers with few weight tiles,
// whose clusters alone leave SMs idle (64x512x16384: 8 tiles x 8 CTAs on 132
// SMs) while clusters of more than 8 CTAs do not stay resident.
MXFP4_HOST_DEVICE constexpr bool HasRingClusterGridSplitForm(const TileConfigDesc& c, int64_t m,
                                                             int cluster) {
  return c.wgmma_ring && !c.producer_wg && c.warps_k == 4 && c.block_m() == 64 &&
         RingDecodeMmaRows(c, m) == 0 && RingPushesRanks(c, cluster);
}

// Whether a ring tile's pushed-ranks kernel for `rows` activation rows (its
// tile's or a decode form's) has CombinePushedRanks' receive area fit over
// its ring's stages at every cluster of 3..8 CTAs (kMaxClusterRanks), and its
// receive barrier in the stage barriers' alignment slack. The kernel asserts
// it; its plan is the tile's own ring plan (no deep decode ring, no cap).
MXFP4_HOST_DEVICE constexpr bool RingReceiveFits(const TileConfigDesc& c, int rows) {
  const SmemPlan p = MakeRingSmemPlan(c);
  for (int ranks = 3; ranks <= 8; ++ranks) {
    if (PushedRanksReceiveBytes(rows, c.block_n(), ranks) > p.a_scales - p.a_stages) {
      return false;
    }
  }
  return p.barriers + 8u * static_cast<uint32_t>(RingStages(c) + 1) <= p.c_tile;
}

// Whether a ring tile's pushed-ranks kernel takes CombinePushedRanks' receive
// area after its plan instead of over its ring: where the plan and the area
// (at the tile's rows, which a decode form's fewer rows never exceed) fit
// together at every cluster of 3..8 CTAs. Since each rank pushes one tile
// (session 79) the area is a quarter of what it was and fits beside the ring
// of the 64-row tiles: no rank then waits for the others' math before it
// pushes (the ring's receive needed a cluster barrier after the math).
MXFP4_HOST_DEVICE constexpr bool RingReceiveAfterPlan(const TileConfigDesc& c) {
  for (int ranks = 3; ranks <= 8; ++ranks) {
    if (AlignSmem(MakeRingSmemPlan(c).total +
                  PushedRanksReceiveBytes(c.block_m(), c.block_n(), ranks)) >
        static_cast<uint32_t>(kMaxDynamicSmem)) {
      return false;
    }
  }
  return true;
}

// The bytes a ring tile's launch with K-split clusters of `split_cluster`
// CTAs adds after its plan for that area (0 where it does not push, or
// pushes into its ring).
MXFP4_HOST_DEVICE constexpr uint32_t RingReceiveAfterPlanBytes(const TileConfigDesc& c,
                                                               int split_cluster) {
  return RingPushesRanks(c, split_cluster) && RingReceiveAfterPlan(c)
             ? AlignSmem(PushedRanksReceiveBytes(c.block_m(), c.block_n(), split_cluster))
             : 0u;
}

// MakeLaunchSmemPlan(): the shared memory a launch with K-split clusters of
// `split_cluster` CTAs takes (the launch, the planner's fit, PlanGemm):
// MakeSmemPlan's, and for a streaming tile's cluster of more than two CTAs
// that PushesRanks, CombinePushedRanks' c_receive area and its
// mbarrier after it, at that plan's total (for a ring tile's that pushes
// with the area after its plan, RingReceiveAfterPlanBytes, the area alone: its
// barrier lies in the stage barriers' slack); for a quantization cluster's
// tile, its exchange barrier there (a host-side step, so that the
// kernels' own plans, and their code, stay as they were: with the area in
// MakeStreamSmemPlan nvcc changed the code of kernels that never use it).
MXFP4_HOST_DEVICE constexpr SmemPlan MakeLaunchSmemPlan(const TileConfigDesc& c,
                                                        int blocks_per_split, int split_cluster) {
  SmemPlan p = MakeSmemPlan(c, blocks_per_split, split_cluster);
  if (c.stream_b && c.quant_cluster > 1 && split_cluster == 1) {
    // The quantization cluster's exchange barrier (the peers' st.async
    // bytes; stream_gemm_body.h finds it at MakeStreamSmemPlan's total).
    // Such a tile never splits K over a cluster too.
    p.barriers = p.total;
    p.total = AlignSmem(p.total + 8u);
  }
  if (const uint32_t area = RingReceiveAfterPlanBytes(c, split_cluster); area != 0u) {
    p.c_receive = p.total;
    p.total += area;
  }
  if (PushesRanks(c, blocks_per_split, split_cluster)) {
    p.c_receive = p.total;
    p.total = AlignSmem(p.total + PushedRanksReceiveBytes(c.block_m(), c.block_n(), split_cluster) +
                        8u);
  }
  return p;
}

// GemmKernelArgs: everything a tile kernel reads (passed by value).
struct GemmKernelArgs {
  // A, fused source: (m, k) bf16 row-major, 16-byte aligned.
  const uint16_t* a_bf16 = nullptr;
  // A, prequantized source: (a_rows_padded, k) operand elements of
  // act_bytes() each and [k/32][a_rows_padded] fp32 scales (QuantizeAOperand).
  const uint8_t* a_ops = nullptr;
  const float* a_scales = nullptr;
  // Ring tiles: [a_rows_padded / 8][RingFlagColumns(k/32)] bytes, 1 where the
  // 8 rows' activation scales were all folded (or are padding), from
  // QuantizeAOperand (the padding columns hold 1 as well).
  const uint8_t* a_fold_flags = nullptr;
  int32_t a_rows_padded = 0;
  // B: packed E2M1 (natural (n, k/2) or preshuffled16x16) + E8M0 scales
  // (natural (n, k/32) or shuffled16).
  const uint8_t* b_data = nullptr;
  const uint8_t* b_scales = nullptr;
  int32_t b_preshuffled = 0;
  int32_t b_scales_shuffled16 = 0;
  int32_t m = 0;
  int32_t n = 0;
  int32_t k = 0;
  // K-split: split z accumulates blocks [z * blocks_per_split, ...) clipped to
  // k/32; splits CTAs of one tile form a cluster and reduce in split order.
  // Streaming tiles: blocks_per_split is one warp's chunk, CTA z's warp k
  // takes chunk z * warps_k + k, and `splits` is the cluster size.
  int32_t blocks_per_split = 0;
  int32_t splits = 1;
  // GemmOptions::cold_weights where the plan gains from it
  // (GemmPlan::prefetches_weight): the 64x64 k2 ring tile prefetches each
  // CTA's weight tile into L2 (weight_prefetch.h). Here, in the padding
  // before `c`: a field that grew the struct moved other kernels' code (the
  // k4 decode kernel on 1x5120x4096 8.17 -> 9.30 us, session 45 call 7).
  int32_t prefetch_weight_tile = 0;
  // Output (m, n) row-major, bf16 bits or fp32.
  void* c = nullptr;
  int32_t c_fp32 = 0;
  int32_t c_vector_ok = 0;  // n % 4 == 0 (and c aligned): 4-wide stores
  // Diagnostics: GemmOptions::phase_clock (internal/phase_clock.h), or null.
  uint64_t* phase_clock = nullptr;
  // K-split over independent CTAs (the k4 ring tile's decode kernels,
  // HasRingGridSplitForm; combine_through_workspace.h): with counters non-null,
  // `splits` CTAs of a tile (gridDim.z, no cluster) write their chunk partials
  // to [tile][split][warps_k][mma rows][block_n] fp32 and take a ticket from
  // counters[tile]; the last one combines. Or over clusters
  // (HasRingClusterGridSplitForm, launched in clusters of fewer than `splits`
  // CTAs): each cluster's owners write its sums to [tile][cluster][block_m]
  // [block_n] fp32 and take a ticket from counters[tile][rank]. The call's
  // quantizer zeroes the counters.
  float* grid_split_partials = nullptr;
  uint32_t* grid_split_counters = nullptr;
};
// A field that grows the struct moved every kernel's code (session 45, see
// prefetch_weight_tile); one placed in the padding after a_rows_padded still
// changed two streamq kernels' registers (session 46, kernel_diff). A new
// kernel's own inputs are better a launch parameter or derived from gridDim.
static_assert(sizeof(GemmKernelArgs) == 128, "GemmKernelArgs changed size: see above");

// Whether B is in the original system's layouts (preshuffled data, shuffled16
// scales): the form the tiles with per-layout kernels (HasStreamLayoutKernels,
// HasRingWsLayoutKernels) compile alone, chosen on the host.
MXFP4_HOST_DEVICE inline bool IsContestBLayout(const GemmKernelArgs& p) {
  return p.b_preshuffled && p.b_scales_shuffled16;
}

// ---------------------------------------------------------------- raw launchers
// Arguments are validated by Gemm() (gemm.cc). Each returns the launch's hipError_t.

// One kernel: A quantized inside the GEMM (config must have ASource::kFusedBf16).
// args.splits must be 1.
hipError_t LaunchGemmFusedQuant(const GemmKernelArgs& args, TileConfigId config,
                                hipStream_t stream);

// One kernel: A quantized inside the GEMM, K split over `args.splits` CTAs of a
// thread-block cluster that reduce in split order (1 <= splits <= 8).
hipError_t LaunchGemmSplitKSmallM(const GemmKernelArgs& args, TileConfigId config,
                                  hipStream_t stream);

// The ws tiles with an integer-accumulation form (wgmma_ring_ws_int8_body.h):
// two consumer warpgroups of m64n64 or m64n128 wgmmas (the 192-row tiles'
// loops are their own).
MXFP4_HOST_DEVICE constexpr bool HasRingWsInt8Form(const TileConfigDesc& c) {
  return c.wgmma_ring && c.producer_wg && (c.block_m() == 64 || c.block_m() == 128);
}

// Two kernels: QuantizeAOperand into (a_e4m3, a_scales), then the tile GEMM on
// the prequantized operand (programmatic dependent launch: the GEMM streams B
// while the quantizer runs). 1 <= splits <= 8. `prepared` (data and scales
// non-null): the weight's prepared copy, for the warp-specialized ring tiles
// only (a kernel of their own reads it; hipErrorInvalidValue for any other).
// `int8` (present: the weight's int8 prepared image): the integer-accumulation
// kernels of the ws tiles with an integer form (HasRingWsInt8Form; `prepared`
// must then be absent), after the quantizer's int8 form
// (LaunchQuantizeAOperandWgmmaOrderInt8, which also writes the E4M3 operand
// of the kernels' fallback). `persistent_ctas` > 0: the tile's persistent
// kernel (HasRingWsPersistentForm; with `int8` its integer form) on that many CTAs, fewer
// than the output tiles, each walking tiles in the one-tile grid's order; its
// chunks must hold at least a ring of stages (RingWsPersistentFits).
// `grid_split_cluster` > 1 with args.grid_split_counters: args.splits CTAs a
// tile in K-split clusters of that many (HasRingClusterGridSplitForm).
hipError_t LaunchGemmQuantThenMma(const GemmKernelArgs& args, TileConfigId config,
                                  hipStream_t stream, const PreparedWeightArgs& prepared = {},
                                  const Int8OperandArgs& int8 = {}, int32_t persistent_ctas = 0,
                                  int32_t grid_split_cluster = 1);

// Whether the persistent ws kernel can run chunks of blocks_per_split blocks
// (of the k/32 `groups`): its producer fills the first tile's ring stages
// before its loop, so a tile must have at least as many stages as the ring.
MXFP4_HOST_DEVICE constexpr bool RingWsPersistentFits(const TileConfigDesc& c,
                                                      int64_t blocks_per_split, int64_t groups) {
  const int64_t blocks = blocks_per_split < groups ? blocks_per_split : groups;
  const int64_t stages = (blocks + kRingStageBlocks - 1) / kRingStageBlocks;
  return HasRingWsPersistentForm(c) && stages >= RingStages(c, 0, 0, true);
}

// The quantizers index A's 32-element blocks (rows_padded * k/32) in 32 bits:
// PlanGemm refuses larger A, the launchers return hipErrorInvalidValue.
constexpr int64_t kMaxQuantizerBlocks = 0x7FFFFFFF;

// The A-operand quantizer alone (used by LaunchGemmQuantThenMma; exposed for
// tests): rows [0, m) of bf16 A quantized (EVEN) to operands of value/2 -
// fp16 (2 bytes), E4M3 or E5M2 (1 byte) per `operands` - (rows_padded, k) and fp32
// scales [k/32][rows_padded]; rows m..rows_padded-1 are written as zeros.
// With `fold_scales` (fp16 only), blocks whose scale byte is in [115, 141]
// are written as value/2 * 2^(S-127) (internal/scale_fold.h); the scales
// array is the same either way. With tile_rows > 0 (rows_padded a multiple
// of it; the bulk streaming tiles, BulkATiled) the operands are
// [rows_padded / tile_rows][k/32][tile_rows][32] instead of row-major: a row
// tile's consecutive blocks are one contiguous run.
hipError_t LaunchQuantizeAOperand(const uint16_t* a, int32_t m, int32_t k, int32_t rows_padded,
                                  MmaOperands operands, uint8_t* a_ops, float* a_scales,
                                  hipStream_t stream, bool fold_scales = false,
                                  int32_t tile_rows = 0);

static_assert(kRingStageOrderStep == kRingStageBlocks, "the stage order's step is a ring stage");
static_assert(RingStagePosition(4, 32, 2) == 8 && RingStagePosition(32, 32, 2) == 4 &&
                  RingStagePosition(48, 16, 2) == 36 && RingStagePosition(5, 0, 2) == 5,
              "stage-ordered blocks");

// The A-operand quantizer of the ring tiles: E4M3 operands of value/2 in the
// wgmma order, per row tile of `tile_rows` rows (RingOperandTileRows: the GEMM
// tile's block_m, or a decode form's 8 / 16 / 32 rows) and
// block g: 8-row group r of the tile at ((tile * k/32 + pos) * tile_rows / 8 +
// r) * 256 (pos = RingStagePosition(g, interleave_chunk, warps_k); interleave_chunk
// != 0 needs whole chunks and tile_rows a power of two, else
// hipErrorInvalidValue), two 8 x 16-byte core matrices (lane t's even elements 8t, 8t+2,
// 8t+4, 8t+6 at bytes 4t.. of the first, its odd ones at bytes 4t.. of the
// second: the weights' Fp4x8ToShiftedE4m3 order); blocks with
// scale byte in [120, 134] folded (value/2 * 2^(S-127)); fp32 scales
// [k/32][rows_padded] and fold flags [rows_padded / 8][RingFlagColumns(k/32)].
// rows_padded % tile_rows == 0, tile_rows a multiple of 64 or 8, 16, 32 (the
// operands of rows past the first tile are then written but never read; the
// scales and fold flags cover all rows_padded rows either way).
// `zero_words` (may be null): that many 32-bit words set to 0 as well, after
// the kernel's wait for the kernel before it (the grid-split GEMM's tile
// counters: no memset launch, no state across calls).
hipError_t LaunchQuantizeAOperandWgmmaOrder(const uint16_t* a, int32_t m, int32_t k,
                                            int32_t rows_padded, int32_t tile_rows,
                                            int32_t interleave_chunk, int32_t warps_k,
                                            uint8_t* a_ops, float* a_scales, uint8_t* fold_flags,
                                            hipStream_t stream, uint32_t* zero_words = nullptr,
                                            int32_t zero_count = 0);

// Whether LaunchQuantizeAOperandWgmmaOrderInt8 takes this K and row tile: a
// power-of-two tile of 64 or 128 rows and at most 256 blocks (K <= 8192: at
// most 4 blocks a warp in a cluster of <= 8 CTAs).
MXFP4_HOST_DEVICE constexpr bool QuantizeAOperandInt8Supports(int32_t k, int32_t tile_rows) {
  return k > 0 && k % 32 == 0 && k / 32 <= 256 && (tile_rows == 64 || tile_rows == 128);
}

// The int8 quantizer's blocks a warp (ipw, 1..4) for `groups` K-blocks (<= 256)
// and `rows_padded` rows; its clusters are then C = ceil(groups / (8 ipw))
// CTAs of 8 warps, one per 8-row group. As few items a warp as take K in 8
// CTAs (the kernel is latency-bound: short warps finish sooner), unless that
// grid has kInt8QuantManyCtas CTAs or more (about a wave of 8 CTAs an SM):
// then 4 (half or a quarter of the CTAs, each warp's loads in flight
// together). Session 49 call 6: 4096^3 154.6 -> 150.4 µs and 1024x4096x4096
// 40.8 -> 40.3 with 4, but 256x3072x1536 8.55 -> 9.59 and 512x3072x1536 11.5
// -> 12.3 (384 CTAs).
inline constexpr int64_t kInt8QuantManyCtas = 1024;
MXFP4_HOST_DEVICE constexpr int QuantizeAOperandInt8ItemsPerWarp(int32_t groups,
                                                                 int32_t rows_padded) {
  const int fewest = (groups + 63) / 64;
  const int64_t ctas =
      static_cast<int64_t>(rows_padded / 8) * ((groups + 8 * fewest - 1) / (8 * fewest));
  return ctas >= kInt8QuantManyCtas ? 4 : fewest;
}

// LaunchQuantizeAOperandWgmmaOrder(..., interleave_chunk = 0, ...) - the same
// a_ops, a_scales, fold_flags and zero words, byte for byte - plus the int8
// form of integer accumulation (int8_accumulation.h): a_row_info[row] (row <
// rows_padded, uint32) = Int8RowScan of the row's blocks (a zero block: all
// 32 codes +-0), Info() with norm 0, or kInt8RowInfoInvalid for rows >= m;
// a_row_sumsq[row] = the sum of the row's int8 elements squared (0 in rows
// without an int8 form; the GEMM's tile check takes it as a squared norm);
// a_i8 (rows_padded * k
// bytes at a_ops' offsets and lane order) = 2 x value x 2^Int8BlockShift(S,
// ref) in rows with a (ref, spread), 0 in the others. One (C, 1, 1) cluster
// per 8-row group. hipErrorInvalidValue where !QuantizeAOperandInt8Supports or
// as LaunchQuantizeAOperandWgmmaOrder.
hipError_t LaunchQuantizeAOperandWgmmaOrderInt8(const uint16_t* a, int32_t m, int32_t k,
                                                int32_t rows_padded, int32_t tile_rows,
                                                uint8_t* a_ops, float* a_scales,
                                                uint8_t* fold_flags, uint8_t* a_i8,
                                                uint32_t* a_row_info, uint32_t* a_row_sumsq,
                                                hipStream_t stream, uint32_t* zero_words = nullptr,
                                                int32_t zero_count = 0);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_TILE_CONFIG_H_
