// File: mxfp4/gpu/gemm/internal/bulk_weight_chunk.h
//
// One warp's weight chunk in shared memory for the bulk streaming tiles
// (TileConfigDesc::bulk_b, stream_gemm_body.h): 16 weight rows x `blocks`
// K-blocks, put in flight at CTA start with bulk asynchronous copies
// (bulk_copy.h) in up to kBulkPieces pieces, each completing on its own
// mbarrier, plus the chunk's E8M0 scale bytes gathered by the warp's lanes.
//
// Why: the register-streaming tiles keep only a few blocks of loads in flight
// per warp and spend ~20 instructions per block on addresses and selects;
// here the whole chunk is requested by a handful of instructions and read
// back with two LDS.32 and one LDS.64 per block.
//
// Source runs (weight_rows.h has the layouts):
//   preshuffled (16,16): the 16-row group over blocks [g, g + n) is one run
//                        of 256 * n bytes -> one copy per piece;
//   natural:             row r over blocks [g, g + n) is one run of 16 * n
//                        bytes -> one copy per row in range per piece.
// Slab in shared memory: preshuffled [block][16 rows][16 B]; natural
// [16 rows][chunk * 16 + 16 B]. Scales: fp32 [block][16], rows r and r + 8
// adjacent (position 2 * (r % 8) + r / 8), so a lane reads its pair with one
// LDS.64. Rows beyond N (natural only: preshuffled B has N % 16 == 0) are not
// copied; the reader zeroes their words.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_BULK_WEIGHT_CHUNK_H_
#define MXFP4_GPU_GEMM_INTERNAL_BULK_WEIGHT_CHUNK_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"

namespace mxfp4::gpu::gemm_internal {

// Scale bytes a lane holds in registers between issue and StoreScales(): a
// lane owns row lane % 16 and blocks lane / 16 + 2 i, so chunks of up to
// 2 * kBulkScaleRegs blocks are gathered in one memory round trip.
inline constexpr int kBulkScaleRegs = 8;

struct BulkWeightChunk {
  unsigned char* slab;
  float* scales;
  uint32_t bars;        // shared address of the warp's first mbarrier
  int blocks;           // blocks of this warp's chunk (0: nothing to do)
  int pieces;
  int piece_blocks;
  int block_stride;     // bytes between blocks of one row in the slab
  int row_stride;       // bytes between rows of one block in the slab
  // Scale gather state (StoreScales).
  const unsigned char* scale_row;  // row part of this lane's scale offsets
  bool scale_row_in;
  bool scales_shuffled16;
  int g0;
  uint32_t scale_bytes[kBulkScaleRegs];

  // The E8M0 byte of this lane's row for block u of the chunk (0 for rows
  // beyond N).
  MXFP4_DEVICE_INLINE uint32_t LoadScaleByte(int u) const {
    return scale_row_in ? __ldg(scale_row + WeightScaleColumnOffset(scales_shuffled16, g0 + u))
                        : 0u;
  }

  // Finishes the scale gather: converts the bytes loaded at issue to fp32 in
  // shared memory and gathers the rest of a long chunk. Every lane of the
  // warp calls it; the CTA barrier after it makes the scales visible.
  MXFP4_DEVICE_INLINE void StoreScales() {
    const int lane = static_cast<int>(threadIdx.x) & 31;
    const int r = lane & 15;
    float* dst = scales + 2 * (r & 7) + (r >> 3);
#pragma unroll
    for (int i = 0; i < kBulkScaleRegs; ++i) {
      const int u = (lane >> 4) + 2 * i;
      if (u < blocks) dst[u * 16] = quant::E8m0ToFloat(scale_bytes[i]);
    }
    // Chunks beyond 2 * kBulkScaleRegs blocks (long K with few splits).
#pragma unroll 1
    for (int u = (lane >> 4) + 2 * kBulkScaleRegs; u < blocks; u += 2) {
      dst[u * 16] = quant::E8m0ToFloat(LoadScaleByte(u));
    }
  }

  // Blocks until piece q of the weights has landed.
  MXFP4_DEVICE_INLINE void WaitPiece(int q) const { MbarrierWait(bars + 8u * q, 0u); }

  // This lane's words of rows gid / gid + 8 of block u and their fp32 scales.
  MXFP4_DEVICE_INLINE void Read(int u, int gid, int tig, uint32_t& w_row, uint32_t& w_row8,
                                float2& sb) const {
    const unsigned char* w = slab + u * block_stride + gid * row_stride + tig * 4;
    w_row = *reinterpret_cast<const uint32_t*>(w);
    w_row8 = *reinterpret_cast<const uint32_t*>(w + 8 * row_stride);
    sb = *reinterpret_cast<const float2*>(scales + u * 16 + 2 * gid);
  }
};

// IssueBulkWeightChunk(): called by every lane of warp `warp` (uniform
// arguments): initializes the warp's mbarriers, issues the weight copies of
// rows [row0, row0 + 16) x blocks [g0, g0 + blocks) and loads the first scale
// bytes into registers. `chunk` (>= blocks) sizes the slab.
MXFP4_DEVICE_INLINE BulkWeightChunk IssueBulkWeightChunk(const GemmKernelArgs& p,
                                                         unsigned char* smem,
                                                         const SmemPlan& plan, int warp, int row0,
                                                         int g0, int blocks, int chunk) {
  const int lane = static_cast<int>(threadIdx.x) & 31;
  const bool pre = p.b_preshuffled != 0;
  BulkWeightChunk c;
  c.slab = smem + plan.b_stages + static_cast<uint32_t>(warp) * BulkSlabBytes(chunk);
  c.scales = reinterpret_cast<float*>(smem + plan.b_scales) + warp * chunk * 16;
  c.bars = SharedAddress(smem + plan.barriers) + static_cast<uint32_t>(warp) * kBulkPieces * 8u;
  c.blocks = blocks > 0 ? blocks : 0;
  c.piece_blocks = (chunk + kBulkPieces - 1) / kBulkPieces;
  c.pieces = (c.blocks + c.piece_blocks - 1) / c.piece_blocks;
  c.block_stride = pre ? 256 : 16;
  c.row_stride = pre ? 16 : chunk * 16 + 16;
  c.g0 = g0;
  c.scales_shuffled16 = p.b_scales_shuffled16 != 0;

  if (lane == 0) {
    for (int q = 0; q < kBulkPieces; ++q) MbarrierInit(c.bars + 8u * q);
    MbarrierInitFence();
  }
  __syncwarp();

  const int rows_in = min(16, p.n - row0);
  const int64_t row_bytes = p.k >> 1;
#pragma unroll 1
  for (int q = 0; q < c.pieces; ++q) {
    const int u0 = q * c.piece_blocks;
    const int n = min(c.piece_blocks, c.blocks - u0);
    const uint32_t bar = c.bars + 8u * q;
    if (pre) {
      if (lane == 0) {
        MbarrierArriveExpectTx(bar, 256u * n);
        BulkCopyToShared(SharedAddress(c.slab + u0 * 256),
                         p.b_data + (row0 >> 4) * 16 * row_bytes + int64_t{256} * (g0 + u0),
                         256u * n, bar);
      }
    } else {
      // The arrival announces every row's bytes before any row's copy can
      // complete on the barrier.
      if (lane == 0) MbarrierArriveExpectTx(bar, 16u * n * rows_in);
      __syncwarp();
      if (lane < rows_in) {
        BulkCopyToShared(SharedAddress(c.slab + lane * c.row_stride + u0 * 16),
                         p.b_data + (row0 + lane) * row_bytes + int64_t{16} * (g0 + u0),
                         16u * n, bar);
      }
    }
  }

  // Scale bytes: lane -> row r = lane % 16, blocks lane / 16 + 2 i.
  const int r = lane & 15;
  c.scale_row_in = row0 + r < p.n;
  c.scale_row = p.b_scales + (c.scale_row_in ? WeightScaleOffset(p, row0 + r, 0) : 0u);
#pragma unroll
  for (int i = 0; i < kBulkScaleRegs; ++i) {
    const int u = (lane >> 4) + 2 * i;
    c.scale_bytes[i] = u < c.blocks ? c.LoadScaleByte(u) : 0u;
  }
  return c;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_BULK_WEIGHT_CHUNK_H_
