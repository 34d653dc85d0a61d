// File: mxfp4/gpu/gemm/internal/wgmma_order_quantize.h
//
// One warp item of the wgmma-order A quantizer (the ring tiles' operand;
// tile_config.h "ring tiles"): bf16 A -> EVEN-rule MXFP4 as E4M3 operands of
// value/2 with the block scale folded in where exact (scale_fold.h), fp32
// scales [k/32][rows_padded] and one fold flag byte per 8 rows and block.
// Shared by the standalone quantizer kernel (quantize_a_operand_kernel.cu.cc)
// and the ring GEMM's in-grid quantization (wgmma_ring_gemm_body.h), so both
// write the same bytes.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_ORDER_QUANTIZE_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_ORDER_QUANTIZE_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// Two fp16 halves (low = first element) -> two E4M3 bytes (low = first);
// exact for every value the wgmma-order quantizer converts.
MXFP4_DEVICE_INLINE uint32_t F16x2ToE4m3x2(uint32_t halves) {
  uint16_t d;
  asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(d) : "r"(halves));
  return d;
}

// Where the wgmma-order quantizer reads and writes (one problem).
struct WgmmaOrderQuantizeArgs {
  const uint16_t* a = nullptr;  // bf16 (m, k)
  int32_t m = 0;
  int32_t k = 0;
  int32_t rows_padded = 0;  // a multiple of tile_rows
  int32_t tile_rows = 0;    // the ring tile's activation rows (64 or 128)
  uint8_t* a_ops = nullptr;
  float* a_scales = nullptr;
  uint8_t* fold_flags = nullptr;
};

// Items: block g of the 8 rows 8 * r8 .. 8 * r8 + 7, item = r8 * groups + g.
MXFP4_DEVICE_INLINE int64_t WgmmaOrderItems(const WgmmaOrderQuantizeArgs& q) {
  return static_cast<int64_t>(q.rows_padded >> 3) * (q.k >> 5);
}

// QuantizeWgmmaOrderItem(): the whole warp (all 32 lanes, warp-uniform
// `item`): quad i = row 8 * r8 + i, lane q of the quad = elements 8q .. 8q + 7;
// the warp writes the item's 256 bytes (two core matrices, at their place in
// the row tile's run of blocks), its 8 scales and one fold flag for the 8
// rows (the last block of a row group also fills the flag padding columns
// with 1: they read as folded in the ring tiles' whole-CTA check).
MXFP4_DEVICE_INLINE void QuantizeWgmmaOrderItem(const WgmmaOrderQuantizeArgs& q, int64_t item,
                                                int lane) {
  const int groups = q.k >> 5;
  const int quad = lane >> 2;
  const int qi = lane & 3;
  const int r8 = static_cast<int>(item / groups);
  const int g = static_cast<int>(item % groups);
  const int64_t row = static_cast<int64_t>(r8) * 8 + quad;
  const bool real = row < q.m;
  uint32_t x[4] = {0, 0, 0, 0};
  if (real) {
    const uint4 v = __ldg(reinterpret_cast<const uint4*>(q.a + row * q.k + g * 32 + qi * 8));
    x[0] = v.x;
    x[1] = v.y;
    x[2] = v.z;
    x[3] = v.w;
  }
  quant::QuantizedQuarterF16 r = quant::QuantizeQuarterToHalfF16(x);
  const bool folded = ActivationScaleFoldsE4m3(r.scale);
  if (folded) {
#pragma unroll
    for (int i = 0; i < 4; ++i) r.h[i] = FoldScaleF16x2(r.h[i], r.scale);
  }
  const uint32_t lo = real ? F16x2ToE4m3x2(r.h[0]) | (F16x2ToE4m3x2(r.h[1]) << 16) : 0u;
  const uint32_t hi = real ? F16x2ToE4m3x2(r.h[2]) | (F16x2ToE4m3x2(r.h[3]) << 16) : 0u;
  // Row tile r8 / tile8, block g, 8-row group r8 % tile8 of the tile.
  const int tile8 = q.tile_rows >> 3;
  uint8_t* const dst =
      q.a_ops + ((static_cast<int64_t>(r8 / tile8) * groups + g) * tile8 + r8 % tile8) * 256 +
      quad * 16 + qi * 4;
  *reinterpret_cast<uint32_t*>(dst) = lo;
  *reinterpret_cast<uint32_t*>(dst + 128) = hi;
  if (qi == 0) {
    q.a_scales[static_cast<int64_t>(g) * q.rows_padded + row] =
        real ? quant::E8m0ToFloat(r.scale) : 0.0f;
  }
  const bool all = __all_sync(0xFFFFFFFFu, folded || !real);
  if (lane == 0) {
    const int64_t flag_columns = RingFlagColumns(groups);
    uint8_t* const flag_row = q.fold_flags + static_cast<int64_t>(r8) * flag_columns;
    flag_row[g] = all ? 1u : 0u;
    if (g == groups - 1) {
      for (int64_t c = groups; c < flag_columns; ++c) flag_row[c] = 1u;
    }
  }
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_ORDER_QUANTIZE_H_
