// File: mxfp4/gpu/gemm/internal/wgmma_ring_pieces.h
//
// Pieces shared by the e4m3 wgmma ring bodies (wgmma_ring_gemm_body.h and its
// warp-specialized form wgmma_ring_ws_gemm_body.h; docs/paths.md "e4m3 wgmma
// ring tiles"): the whole-CTA fold-flag check, a ring stage's activation
// copies, the exact promotion of one block and the partials' way out.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_PIECES_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_PIECES_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// Whether every fold flag of the kNa-row tile at m0 is set, for all K-blocks
// (the padding columns read as folded): this thread's share of the 8-byte
// words (thread tid of kThreads); the caller ANDs the CTA's answers.
template <int kNa, int kThreads>
MXFP4_DEVICE_INLINE bool RingTileFlagsAllFolded(const GemmKernelArgs& p, int m0, int groups,
                                                int tid) {
  bool all = true;
  const int64_t cols = RingFlagColumns(groups);
  const uint2* const words =
      reinterpret_cast<const uint2*>(p.a_fold_flags + static_cast<int64_t>(m0 / 8) * cols);
  const int count = static_cast<int>(kNa / 8 * cols / 8);
#pragma unroll 1
  for (int i = tid; i < count; i += kThreads) {
    const uint2 w = __ldg(words + i);
    all = all && w.x == 0x01010101u && w.y == 0x01010101u;
  }
  return all;
}

// One ring stage's activations: blocks first .. first + kStageBlocks - 1 of
// each of the kWgsK chunks (of `chunk` blocks, `groups_left` blocks from
// `ops` on; parts past a chunk's end are not copied) into their parts of the
// stage at `stage`, announced on `bar` (one thread). `stage_ordered`: the
// quantizer wrote the blocks stage by stage (RingStageInterleaveChunk: every
// chunk whole steps of one length), so the stage is one run from `ops` on and
// one copy (a warp's bulk copies run one at a time: session 41 call 1); else
// one copy per chunk.
template <int kWgsK, int kStageBlocks, uint32_t kSubBytes>
MXFP4_DEVICE_INLINE void FillRingActivationStage(uint32_t stage, const unsigned char* ops,
                                                 int chunk, int groups_left, int first,
                                                 uint32_t bar, bool stage_ordered) {
  if (stage_ordered) {
    constexpr uint32_t kBytes = kWgsK * kStageBlocks * kSubBytes;
    MbarrierArriveExpectTx(bar, kBytes);
    BulkCopyToShared(stage, ops + static_cast<int64_t>(first) * kWgsK * kSubBytes, kBytes, bar);
    return;
  }
  uint32_t bytes = 0;
#pragma unroll
  for (int c = 0; c < kWgsK; ++c) {
    const int blocks = min(kStageBlocks, min(chunk, groups_left - c * chunk) - first);
    if (blocks > 0) bytes += static_cast<uint32_t>(blocks) * kSubBytes;
  }
  MbarrierArriveExpectTx(bar, bytes);
#pragma unroll
  for (int c = 0; c < kWgsK; ++c) {
    const int blocks = min(kStageBlocks, min(chunk, groups_left - c * chunk) - first);
    if (blocks > 0) {
      BulkCopyToShared(stage + c * kStageBlocks * kSubBytes,
                       ops + static_cast<int64_t>(c * chunk + first) * kSubBytes,
                       static_cast<uint32_t>(blocks) * kSubBytes, bar);
    }
  }
}

// The contract's form of block g from P = P' * 2^7 / sa (a block the folded form
// acc = fmaf(P', sb, acc) cannot take): d (m64n<kCols>) and the first kCols
// columns of acc in the m64nN accumulator layout of the lane (gid, tig) of a
// warp, sb of its rows gid / gid + 8.
template <int kCols, int kAccRegs>
MXFP4_DEVICE_INLINE void PromoteRingBlockExact(const float (&d)[kCols / 2], float (&acc)[kAccRegs],
                                               const GemmKernelArgs& p, int g, int m0, int tig,
                                               float sb_row, float sb_row8) {
  static_assert(kCols / 2 <= kAccRegs, "d covers the first columns of acc");
  const float* sa_cols = p.a_scales + static_cast<int64_t>(g) * p.a_rows_padded + m0 + 2 * tig;
#pragma unroll
  for (int c = 0; c < kCols / 8; ++c) {
    const float2 sa = __ldg(reinterpret_cast<const float2*>(sa_cols + 8 * c));
    // P = d * 2^7 / sa (folded) or d * 2^7: the shifted weight encoding.
    const float ux = UnfoldFactorE4m3Shifted(sa.x);
    const float uy = UnfoldFactorE4m3Shifted(sa.y);
    acc[4 * c + 0] =
        __fmaf_rn(__fmul_rn(d[4 * c + 0], ux), __fmul_rn(sb_row, sa.x), acc[4 * c + 0]);
    acc[4 * c + 1] =
        __fmaf_rn(__fmul_rn(d[4 * c + 1], uy), __fmul_rn(sb_row, sa.y), acc[4 * c + 1]);
    acc[4 * c + 2] =
        __fmaf_rn(__fmul_rn(d[4 * c + 2], ux), __fmul_rn(sb_row8, sa.x), acc[4 * c + 2]);
    acc[4 * c + 3] =
        __fmaf_rn(__fmul_rn(d[4 * c + 3], uy), __fmul_rn(sb_row8, sa.y), acc[4 * c + 3]);
  }
}

// v as a value ptxas can see is the same in every lane (lane 0's, by a
// shuffle), for the CTA-wide fast-form votes (__syncthreads_and, bar.red):
// ptxas treats a barrier reduction's result as divergent, and in the code a
// divergent branch guards it computed every wgmma descriptor word in vector
// registers and moved it with an R2UR (16 in the persistent direct-store ws
// loop; session 57, SASS from nvdisasm). With the shuffle the descriptors stay
// in uniform registers: the ws loops lose the R2URs (prefill 1-5% faster,
// session 57 call 2). The non-ws ring body's votes take it too (every form
// since session 60, with its stage release by an elected lane).
template <typename T>
MXFP4_DEVICE_INLINE T WarpUniform(T v) {
  return __shfl_sync(0xFFFFFFFFu, v, 0);
}

// True in one lane of a converged warp (elect.sync: the lowest active lane,
// lane 0 in a whole warp). ptxas knows the elected lane to be alone; in code
// it sees as warp-uniform it cannot prove a `lane == 0` branch single-lane and
// makes an atomic there warp-aggregated (S2R of the lane id and mask, VOTEU,
// FLO, two POPC on every call: the ring body's stage release until session 60).
MXFP4_DEVICE_INLINE bool ElectOneSync() {
  uint32_t elected;
  asm volatile("{\n .reg .pred p;\n elect.sync _|p, 0xffffffff;\n selp.u32 %0, 1, 0, p;\n}"
               : "=r"(elected));
  return elected != 0u;
}

// A warp's accumulators into chunk kz's partial tile ([kWgsK][kRows][kBlockN +
// 4] fp32, CombinePartialsAndStore's layout); `n_local` = the warp's first
// weight row in the CTA's tile. kRows: the activation rows kept, the first
// kRows of the kNa (a decode kernel's kMmaRows: its other columns are +0 and
// never stored, so its combine reads only these).
template <int kNa, int kBlockN, int kRows = kNa>
MXFP4_DEVICE_INLINE void WriteRingPartials(float* partials, const float (&acc)[kNa / 2], int kz,
                                           int n_local, int gid, int tig) {
  static_assert(kRows % 8 == 0 && kRows <= kNa, "whole 8-row groups of the tile");
  constexpr int kCStride = kBlockN + 4;
#pragma unroll
  for (int c = 0; c < kRows / 8; ++c) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int nl = n_local + gid + (i >> 1) * 8;
      const int ml = c * 8 + 2 * tig + (i & 1);
      partials[(kz * kRows + ml) * kCStride + nl] = acc[4 * c + i];
    }
  }
}

// The warp-specialized tiles' ring barriers: thread 0 gives stage s a full
// barrier at bars + 8 s (`full_count` arrivals a phase) and an empty one at
// bars + 8 (kStages + s) (`empty_count`), then fences them for the async
// proxy; the caller's __syncthreads publishes them.
template <int kStages>
MXFP4_DEVICE_INLINE void InitRingWsBarriers(uint32_t bars, uint32_t full_count,
                                            uint32_t empty_count) {
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      MbarrierInitCount(bars + 8u * static_cast<uint32_t>(s), full_count);
      MbarrierInitCount(bars + 8u * static_cast<uint32_t>(kStages + s), empty_count);
    }
    MbarrierInitFence();
  }
}

// The output tiles of a ws CTA: the one-tile grid's one (blockIdx), or a
// persistent CTA's (HasRingWsPersistentForm: CTA c takes tiles c, c +
// gridDim.x, ... of the one-tile grid's order, N tiles fastest).
template <bool kPersistent, int kBlockN, int kBlockM>
struct RingTileWalk {
  int n_tiles;
  int count;  // this CTA's tiles
  MXFP4_DEVICE_INLINE explicit RingTileWalk(const GemmKernelArgs& p)
      : n_tiles((p.n + kBlockN - 1) / kBlockN) {
    const int tiles = kPersistent ? n_tiles * ((p.m + kBlockM - 1) / kBlockM) : 1;
    count = kPersistent ? (tiles - static_cast<int>(blockIdx.x) + static_cast<int>(gridDim.x) - 1) /
                              static_cast<int>(gridDim.x)
                        : 1;
  }
  // The CTA's i-th tile.
  MXFP4_DEVICE_INLINE int tile(int i) const {
    return static_cast<int>(blockIdx.x) + i * static_cast<int>(gridDim.x);
  }
  MXFP4_DEVICE_INLINE int n0(int tile) const {
    return kPersistent ? (tile % n_tiles) * kBlockN : static_cast<int>(blockIdx.x) * kBlockN;
  }
  MXFP4_DEVICE_INLINE int m0(int tile) const {
    return kPersistent ? (tile / n_tiles) * kBlockM : static_cast<int>(blockIdx.y) * kBlockM;
  }
};

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_PIECES_H_
