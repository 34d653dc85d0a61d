// File: mxfp4/gpu/gemm/internal/ring_stage_order.h
//
// The order in which QuantizeAOperandWgmmaOrder writes a ring tile's row-tile
// blocks of A, host and device, so that a CPU test checks it
// (ring_stage_order_test.cc). docs/paths.md "e4m3 wgmma ring tiles".
//
// Why: a ring stage holds blocks 4t .. 4t + 3 of each of a CTA's warps_k
// K-split chunks, which in K order are warps_k runs, so a fill was warps_k
// bulk copies from one warp, and a warp's bulk copies run one at a time
// (session 40: ~270 ns each from DRAM). In stage order a CTA's stage is one
// run and one copy: 0.7-5.3% faster on the k4 decode kernels (session 42
// call 6: 32x8192x8192 17.89 -> 16.96 us, 1x8192x22016 37.45 -> 35.48). Only
// there: with a K split over CTAs (clusters, grid splits) or two chunks a CTA
// the quantizer's position math cost more than the one copy gained (session
// 41 call 3: 64x3072x1536 6.42 -> 6.57 us, 128x2048x2048 c2 7.88 -> 8.05;
// the GEMM kernels' spans unchanged), and even a runtime test of the rule
// cost the other plans 0.3-1.1% (session 42 call 4), so the quantizer takes
// it as a template parameter and the split-over-CTAs kernels as a constant.

#ifndef MXFP4_GPU_GEMM_INTERNAL_RING_STAGE_ORDER_H_
#define MXFP4_GPU_GEMM_INTERNAL_RING_STAGE_ORDER_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// The K-blocks of one chunk in a ring stage (tile_config.h's kRingStageBlocks).
inline constexpr int kRingStageOrderStep = 4;

// The chunk length by which a row tile's blocks are stage-ordered, or 0 (K
// order), for a kernel without a K split over CTAs (those read K order: the
// callers check): 4 chunks a CTA (the k4 tiles), every chunk whole stages of
// one length (chunk * 4 == groups = k / 32). RingStagePosition itself takes 2
// or 4 chunks and CTAs along K.
MXFP4_HOST_DEVICE constexpr int RingStageInterleaveChunk(int warps_k, int chunk, int groups) {
  return warps_k == 4 && chunk > 0 && chunk % kRingStageOrderStep == 0 &&
                 static_cast<int64_t>(chunk) * warps_k == groups
             ? chunk
             : 0;
}

// Block j of chunk c = w * warps_k + i (CTA w's chunk i, i = c % warps_k) at
// w * warps_k * chunk + (j / 4) * warps_k * 4 + i * 4 + j % 4, so CTA w's
// stage t is the run of warps_k * 4 blocks from w * warps_k * chunk + t *
// warps_k * 4 on, its chunks in order (the stage's layout in shared memory).
// The caller splits g into (c, j) and takes i: the quantizer without a
// division (FastDivmod, a mask).
MXFP4_HOST_DEVICE constexpr int RingStagePositionInChunk(int c, int i, uint32_t j,
                                                         int interleave_chunk, int warps_k) {
  return (c - i) * interleave_chunk +
         static_cast<int>(j / kRingStageOrderStep) * warps_k * kRingStageOrderStep +
         i * kRingStageOrderStep + static_cast<int>(j % kRingStageOrderStep);
}

// Block g's position in its row tile's run of blocks (RingStagePositionInChunk;
// interleave_chunk 0: g, the K order).
MXFP4_HOST_DEVICE constexpr int RingStagePosition(int g, int interleave_chunk, int warps_k) {
  if (interleave_chunk == 0) return g;
  const int c = g / interleave_chunk;
  return RingStagePositionInChunk(c, c % warps_k, static_cast<uint32_t>(g - c * interleave_chunk),
                                  interleave_chunk, warps_k);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_RING_STAGE_ORDER_H_
