// File: mxfp4/gpu/gemm/internal/wgmma_gemm_body.h
//
// The CTA body of the wgmma tiles (TileConfigDesc::wgmma; docs/paths.md
// "wgmma tiles"), path quant_then_mma. Why: for larger M the mma.sync bodies
// are instruction-bound (~14 instructions per m16n8k16); one
// wgmma.mma_async m64n64k16 does the work of 32 of them.
//
// Per CTA: block_n / 64 warpgroups, each owning 64 weight rows; all of them
// share the 64 activation rows of the tile and walk the CTA's K-range (one
// K-split chunk per cluster rank) block by block:
//   - fill: the CTA's whole K-range of packed weights (cp.async, 16 bytes per
//     row and block), of prequantized activations (QuantizeAOperand, the
//     preceding kernel: programmatic dependent launch; cp.async) and of weight
//     scale bytes goes to shared memory once, in groups of 8 blocks that the
//     math waits for one by one; activations in the no-swizzle K-major
//     core-matrix layout (core matrix (8-row group, 8-element chunk q) of
//     block j at j * 4096 + ((row / 8) * 4 + q) * 128, row % 8 at + 16 * (row
//     % 8)), the layout wgmma_exactness_test verified;
//   - weights into the A fragment: lane (gid, t) of warp w takes bytes t, 4+t,
//     8+t, 12+t of its rows' block (elements 2t, 2t+1, 8+2t, 9+2t, 16+2t, ...:
//     natural K order in the m16n8k16 A-fragment slots) and converts them to
//     fp16 of 2 * value (Fp4x8ToF16x8);
//   - per block: two wgmma m64n64k16 (the first from a zero accumulator,
//     scale-d = 0), wait, then acc = fmaf(P, fl(sa * sb), acc) per element:
//     the block_fma contract with P exact.
// Epilogue: the accumulators become one partial tile (in the activation
// area), combined over the cluster in rank order (combine_partials.h).
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_GEMM_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_GEMM_BODY_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/phase_clock.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"

namespace mxfp4::gpu::gemm_internal {

// Blocks per cp.async group of the activation fill.
inline constexpr int kWgmmaFillGroupBlocks = 8;
// Shared-memory bytes of one block of the 64-row activation tile.
inline constexpr int kWgmmaActBlockBytes = 64 * 64;

// Bytes t, 4 + t, 8 + t, 12 + t of a 16-byte row-block: E2M1 elements
// (2t, 2t+1), (8+2t, 9+2t), (16+2t, 17+2t), (24+2t, 25+2t) as one packed word.
MXFP4_DEVICE_INLINE uint32_t GatherWgmmaWord(uint4 v, uint32_t t) {
  const uint32_t sel = t | ((t + 4u) << 4);
  const uint32_t lo = Prmt(v.x, v.y, sel);
  const uint32_t hi = Prmt(v.z, v.w, sel);
  return Prmt(lo, hi, 0x5410u);
}

template <TileConfigId kId, bool kClusterSplit>
MXFP4_DEVICE_INLINE void WgmmaGemmBody(const GemmKernelArgs& p) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  static_assert(kCfg.wgmma && kCfg.stream_b && kCfg.warps_k == 1 && kCfg.frags_m == 8 &&
                    kCfg.warps_n % 4 == 0 && kCfg.a_source == ASource::kPrequantized &&
                    kCfg.operands == MmaOperands::kF16,
                "wgmma tile");
  constexpr bool kFold = kCfg.fold_a_scale;
  constexpr int kThreads = kCfg.threads();
  constexpr int kBlockN = kCfg.block_n();
  constexpr int kBlockM = kCfg.block_m();
  static_assert(kBlockM == 64, "one m64n64 wgmma per k16 step");
  constexpr int kCStride = kBlockN + 4;

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  const SmemPlan plan = MakeStreamSmemPlan(kCfg, p.blocks_per_split);
  unsigned char* const a_tile = smem + plan.a_ops;
  float* const a_scales = reinterpret_cast<float*>(smem + plan.a_op_scales);  // [block][64]
  float* const partials = reinterpret_cast<float*>(smem + plan.c_tile);      // [m][n + 4]

  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int gid = lane >> 2;
  const int tig = lane & 3;
  const int n0 = static_cast<int>(blockIdx.x) * kBlockN;
  const int m0 = static_cast<int>(blockIdx.y) * kBlockM;
  const int rank = static_cast<int>(blockIdx.z);
  const int groups = p.k >> 5;
  const int cta_g0 = min(rank * p.blocks_per_split, groups);
  const int cta_blocks = min(cta_g0 + p.blocks_per_split, groups) - cta_g0;

  // ------------------------------------------------------------ fill
  // The CTA's K-range of weights (cp.async; rows beyond N zero-filled) and,
  // after the preceding kernel, of activations, in groups of
  // kWgmmaFillGroupBlocks blocks, one cp.async group each; then the weight
  // scale bytes (loads batched over up to 4 groups, stored as bytes).
  unsigned char* const b_tile = smem + plan.b_stages;           // [block][row][16 B]
  unsigned char* const b_scale_bytes = smem + plan.b_scales;    // [block][row]
  unsigned char* const fold_flags = smem + plan.a_scales;        // fold tiles: [block][2]
  const int fill_groups = (cta_blocks + kWgmmaFillGroupBlocks - 1) / kWgmmaFillGroupBlocks;
  auto fill_weights = [&](int j0, int nb) {
    for (int piece = tid; piece < nb * kBlockN; piece += kThreads) {
      const int j = j0 + piece / kBlockN;
      const int row = piece % kBlockN;
      const bool in = n0 + row < p.n;
      const unsigned char* src =
          in ? p.b_data + WeightBlockOffset(p, n0 + row, cta_g0 + j) : p.b_data;
      CpAsync16(SharedAddress(b_tile + (j * kBlockN + row) * 16), src, in ? 16u : 0u);
    }
  };
  auto fill_activations = [&](int j0, int nb) {
    for (int piece = tid; piece < nb * kBlockM * 4; piece += kThreads) {
      const int j = j0 + piece / (kBlockM * 4);
      const int row = (piece >> 2) % kBlockM;
      const int q = piece & 3;
      const unsigned char* src =
          p.a_ops +
          (static_cast<int64_t>(m0 + row) * p.k + static_cast<int64_t>(cta_g0 + j) * 32) * 2 +
          q * 16;
      CpAsync16(SharedAddress(a_tile + j * kWgmmaActBlockBytes + ((row >> 3) * 4 + q) * 128 +
                              (row & 7) * 16),
                src, 16u);
    }
    for (int item = tid; item < nb * kBlockM; item += kThreads) {
      const int j = j0 + item / kBlockM;
      const int row = item % kBlockM;
      CpAsync4(SharedAddress(a_scales + j * kBlockM + row),
               p.a_scales + static_cast<int64_t>(cta_g0 + j) * p.a_rows_padded + m0 + row);
    }
  };
  // Group 0's weights go out before the wait for the quantizer.
  fill_weights(0, min(kWgmmaFillGroupBlocks, cta_blocks));
  GridDependencyWait();
  for (int f = 0; f < fill_groups; ++f) {
    const int j0 = f * kWgmmaFillGroupBlocks;
    const int nb = min(kWgmmaFillGroupBlocks, cta_blocks - j0);
    if (f > 0) fill_weights(j0, nb);
    fill_activations(j0, nb);
    CpAsyncCommit();
  }
  {
    constexpr int kPerThread = kWgmmaFillGroupBlocks * kBlockN / kThreads;
    static_assert(kPerThread * kThreads == kWgmmaFillGroupBlocks * kBlockN, "scale fill mapping");
    // The loads of up to kBatch groups go out together: one memory round trip
    // per batch instead of one per group before the math can start.
    constexpr int kBatch = 4;
    for (int b0 = 0; b0 < cta_blocks; b0 += kBatch * kWgmmaFillGroupBlocks) {
      uint32_t bytes[kBatch][kPerThread];
#pragma unroll
      for (int f = 0; f < kBatch; ++f) {
#pragma unroll
        for (int u = 0; u < kPerThread; ++u) {
          const int item = tid + u * kThreads;
          const int j = b0 + f * kWgmmaFillGroupBlocks + item / kBlockN;
          const int row = item % kBlockN;
          bytes[f][u] = j < cta_blocks && n0 + row < p.n
                            ? __ldg(p.b_scales + WeightScaleOffset(p, n0 + row, cta_g0 + j))
                            : 0u;
        }
      }
#pragma unroll
      for (int f = 0; f < kBatch; ++f) {
#pragma unroll
        for (int u = 0; u < kPerThread; ++u) {
          const int item = tid + u * kThreads;
          const int j = b0 + f * kWgmmaFillGroupBlocks + item / kBlockN;
          if (j < cta_blocks) b_scale_bytes[j * kBlockN + item % kBlockN] = bytes[f][u];
        }
      }
    }
  }

  // ------------------------------------------------------------ math
  // One accumulator set per block, waited for before its promotion: a second
  // set that let block j + 1's wgmma run during block j's promotion made
  // ptxas serialize every wgmma (C7514: accumulator registers read inside
  // the pipeline stage), so a warpgroup's promotion overlaps only other
  // warpgroups' wgmma (its own next weights are prepared during its wgmma).
  float acc[kWgmmaAccRegs];
  float d[kWgmmaAccRegs];
#pragma unroll
  for (int i = 0; i < kWgmmaAccRegs; ++i) {
    acc[i] = 0.0f;
    d[i] = 0.0f;
  }
  const uint32_t a_tile_address = SharedAddress(a_tile);
  const int my_row = warp * 16 + gid;
  // Software pipeline: block j + 1's weights are gathered and converted and
  // block j's scales read while block j's wgmma runs (A fragments in two
  // register sets); only the promotion waits for it.
  // Group barrier before block j (every kWgmmaFillGroupBlocks blocks): its
  // fill group has landed; fold tiles also compute the group's fold flags.
  auto sync_group = [&](int j) {
    if (j % kWgmmaFillGroupBlocks != 0) return;
    CpAsyncWaitAtMost(fill_groups - 1 - j / kWgmmaFillGroupBlocks);
    FenceProxyAsyncShared();
    __syncthreads();
    if constexpr (kFold) {
      // Per block and 32-row half: were all activation scales folded (or
      // padding rows, 0.0f)? A warp covers one half of one block.
      static_assert(kThreads % 64 == 0, "fold flag mapping");
      for (int v = tid; v < kWgmmaFillGroupBlocks * kBlockM; v += kThreads) {
        const int jj = j + v / kBlockM;
        const int row = v % kBlockM;
        const float sa = jj < cta_blocks ? a_scales[jj * kBlockM + row] : 0.0f;
        const unsigned folded =
            __ballot_sync(0xFFFFFFFFu, ActivationScaleValueFolds(sa) || sa == 0.0f);
        if (lane == 0 && jj < cta_blocks) fold_flags[jj * 2 + row / 32] = folded == 0xFFFFFFFFu;
      }
      __syncthreads();
    }
  };
  // Block j's A fragments for its two k16 steps.
  auto prepare = [&](int j, uint32_t a_step0[4], uint32_t a_step1[4]) {
    const uint4 v_row = *reinterpret_cast<const uint4*>(b_tile + (j * kBlockN + my_row) * 16);
    const uint4 v_row8 =
        *reinterpret_cast<const uint4*>(b_tile + (j * kBlockN + my_row + 8) * 16);
    uint32_t h_row[4], h_row8[4];
    Fp4x8ToF16x8(GatherWgmmaWord(v_row, static_cast<uint32_t>(tig)), h_row);
    Fp4x8ToF16x8(GatherWgmmaWord(v_row8, static_cast<uint32_t>(tig)), h_row8);
    a_step0[0] = h_row[0];
    a_step0[1] = h_row8[0];
    a_step0[2] = h_row[1];
    a_step0[3] = h_row8[1];
    a_step1[0] = h_row[2];
    a_step1[1] = h_row8[2];
    a_step1[2] = h_row[3];
    a_step1[3] = h_row8[3];
  };
  // Issues block j's two k16 steps into d (one commit group).
  auto issue = [&](int j, const uint32_t a_step0[4], const uint32_t a_step1[4]) {
    const uint32_t block_address = a_tile_address + j * kWgmmaActBlockBytes;
    FenceRegisters(d);
    WgmmaFence();
    WgmmaF16RegA<0>(d, a_step0, MatrixDescriptorNoSwizzle(block_address, 128, 512));
    WgmmaF16RegA<1>(d, a_step1, MatrixDescriptorNoSwizzle(block_address + 256, 128, 512));
    WgmmaCommitGroup();
  };
  // Block j's weight scales (and, fold tiles, whether the fast form applies).
  struct BlockScales {
    float sb_row, sb_row8;
    bool fast;
  };
  auto block_scales = [&](int j) -> BlockScales {
    const uint32_t sb_byte_row = b_scale_bytes[j * kBlockN + my_row];
    const uint32_t sb_byte_row8 = b_scale_bytes[j * kBlockN + my_row + 8];
    BlockScales s{quant::E8m0ToFloat(sb_byte_row), quant::E8m0ToFloat(sb_byte_row8), false};
    if constexpr (kFold) {
      s.fast = fold_flags[j * 2] && fold_flags[j * 2 + 1] &&
               max(sb_byte_row, sb_byte_row8) <= kFoldMaxWeightScaleByte;
    }
    return s;
  };
  // Promotes block j's partials d: acc = fmaf(P, fl(sa * sb), acc). Fold
  // tiles (scale_fold.h): acc = fmaf(P * sa, sb, acc) when every activation
  // scale of the block was folded and this thread's weight scales are
  // <= kFoldMaxWeightScaleByte (the same bits), else the partials are
  // unfolded first (P = P' / sa, exact) and the contract's form runs.
  auto promote = [&](int j, const BlockScales& s) {
    FenceRegisters(d);
    const float sb_row = s.sb_row;
    const float sb_row8 = s.sb_row8;
    if constexpr (kFold) {
      if (s.fast) {
        PromoteFoldedBlock(d, sb_row, sb_row8, acc);
        return;
      }
    }
    const float* sa_block = a_scales + j * kBlockM + 2 * tig;
#pragma unroll
    for (int c = 0; c < 8; ++c) {
      const float2 sa = *reinterpret_cast<const float2*>(sa_block + 8 * c);
      float p0 = d[4 * c + 0], p1 = d[4 * c + 1], p2 = d[4 * c + 2], p3 = d[4 * c + 3];
      if constexpr (kFold) {
        const float unfold_x = UnfoldFactor(sa.x);
        const float unfold_y = UnfoldFactor(sa.y);
        p0 = __fmul_rn(p0, unfold_x);
        p1 = __fmul_rn(p1, unfold_y);
        p2 = __fmul_rn(p2, unfold_x);
        p3 = __fmul_rn(p3, unfold_y);
      }
      acc[4 * c + 0] = __fmaf_rn(p0, __fmul_rn(sb_row, sa.x), acc[4 * c + 0]);
      acc[4 * c + 1] = __fmaf_rn(p1, __fmul_rn(sb_row, sa.y), acc[4 * c + 1]);
      acc[4 * c + 2] = __fmaf_rn(p2, __fmul_rn(sb_row8, sa.x), acc[4 * c + 2]);
      acc[4 * c + 3] = __fmaf_rn(p3, __fmul_rn(sb_row8, sa.y), acc[4 * c + 3]);
    }
  };
  // One pipeline step: block j from `cur` in flight while block j + 1 is
  // prepared into `next`.
  auto step = [&](int j, const uint32_t cur0[4], const uint32_t cur1[4], uint32_t next0[4],
                  uint32_t next1[4]) {
    issue(j, cur0, cur1);
    if (j + 1 < cta_blocks) {
      sync_group(j + 1);
      prepare(j + 1, next0, next1);
    }
    const BlockScales s = block_scales(j);
    WgmmaWaitGroup<0>();
    promote(j, s);
  };
  uint32_t a_even[2][4], a_odd[2][4];
  if (cta_blocks > 0) {
    sync_group(0);
    prepare(0, a_even[0], a_even[1]);
  }
  StampPhase(p, kPhaseClockReady);
#pragma unroll 1
  for (int j = 0; j < cta_blocks; j += 2) {
    step(j, a_even[0], a_even[1], a_odd[0], a_odd[1]);
    if (j + 1 < cta_blocks) step(j + 1, a_odd[0], a_odd[1], a_even[0], a_even[1]);
  }

  // ------------------------------------------------------------ combine + store
  CpAsyncWait<0>();  // nothing in flight into the area the partials reuse
  __syncthreads();
  StampPhase(p, kPhaseClockMathDone);
#pragma unroll
  for (int c = 0; c < 8; ++c) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int nl = warp * 16 + gid + (i >> 1) * 8;
      const int ml = c * 8 + 2 * tig + (i & 1);
      partials[ml * kCStride + nl] = acc[4 * c + i];
    }
  }
  CombinePartialsAndStore<kThreads, kBlockN, kBlockM, 1>(p, partials,
                                                         kClusterSplit ? p.splits : 1, n0, m0);
  StampPhase(p, kPhaseClockEnd);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_GEMM_BODY_H_
