// File: mxfp4/gpu/gemm/internal/wgmma_ring_gemm_body.h
//
// The CTA body of the e4m3 wgmma ring tiles (TileConfigDesc::wgmma_ring;
// docs/paths.md "wgmma ring tiles"), path quant_then_mma, for M >= 64.
//
// Why: the mma.sync bodies run M >= 64 at ~45% of the mma.sync f16 rate and
// the f16 wgmma tiles spend most of their time filling the CTA's whole
// K-range into shared memory (docs/paths.md "Phase clocks"). Here one
// wgmma m64n<block_m>k32 e4m3 instruction forms the exact partial P of a
// whole 32-element block for 64 weight rows x block_m activation rows, and
// nothing but a ring of stages goes through shared memory:
//   - QuantizeAOperand (wgmma order) writes A as E4M3 operands of value/2
//     with the block scale folded in where exact (scale_fold.h), in the
//     no-swizzle K-major core-matrix order of a wgmma B operand, so one K-block
//     of the tile's rows is one contiguous run (block_m * 32 bytes), and one
//     fold flag per 8 rows and block;
//   - a producer warp (one lane) copies these runs into a RingStages()-deep
//     ring by bulk copies on a "full" mbarrier per stage, reusing a stage
//     after its "empty" mbarrier has an arrival from every consumer warp;
//   - consumer warpgroup w (4 warps) owns 64 weight rows and one K-split
//     chunk; its lanes load their weight words straight from global memory
//     into registers a batch ahead (WeightRowPair, as the streaming tiles),
//     convert them to the E4M3 A fragment (two PRMT lookups per word), issue
//     the wgmma from a zero accumulator, release the stage, and promote:
//     acc = fmaf(P', sb, acc) when every activation block of the stage was
//     folded (fold flags, loaded with the weights: as 16-byte bulk copies they
//     made the ring crawl) and the warp's weight scales are <= 240 (a vote), else
//     the exact fallback P = P' / sa, acc = fmaf(P, fl(sa * sb), acc) with the
//     scales read from global memory.
// Contract (block_fma with a K-split over the warps_k warpgroups): chunk c
// covers blocks [c * chunk, min((c + 1) * chunk, k/32)); the chunk partials
// are added in increasing c by CombinePartialsAndStore (no cluster).
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_GEMM_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_GEMM_BODY_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/phase_clock.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"

namespace mxfp4::gpu::gemm_internal {

template <TileConfigId kId>
MXFP4_DEVICE_INLINE void WgmmaRingGemmBody(const GemmKernelArgs& p) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  static_assert(kCfg.wgmma_ring && kCfg.warps_n % 4 == 0 && kCfg.warps_m == 1 &&
                    kCfg.frags_n == 1 && kCfg.fold_a_scale &&
                    kCfg.operands == MmaOperands::kE4m3 &&
                    kCfg.a_source == ASource::kPrequantized,
                "wgmma ring tile");
  constexpr int kWgsN = kCfg.warps_n / 4;
  constexpr int kWgsK = kCfg.warps_k;
  constexpr int kNa = kCfg.block_m();  // activation rows: the wgmma's N
  static_assert(kNa == 64 || kNa == 128, "m64n64k32 or m64n128k32");
  constexpr int kBlockN = kCfg.block_n();
  constexpr int kConsumerWarps = kCfg.warps_n * kCfg.warps_k;
  constexpr int kThreads = kCfg.threads();
  constexpr int kAccRegs = kNa / 2;
  constexpr uint32_t kSubBytes = kNa * 32;   // one block of the tile's rows
  constexpr int kFlagBytes = kNa / 4;        // their fold flags (global memory)
  constexpr int kU = kStreamBatchBlocks;
  constexpr SmemPlan kPlan = MakeRingSmemPlan(kCfg);
  constexpr int kRingStages = RingStages(kCfg);
  static_assert(kRingStages >= 2, "ring depth");

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  unsigned char* const ring = smem + kPlan.a_stages;  // [stage][kz][kSubBytes]
  float* const partials = reinterpret_cast<float*>(smem + kPlan.c_tile);
  const uint32_t bars = SharedAddress(smem + kPlan.barriers);
  auto full_bar = [bars](int s) { return bars + 8u * static_cast<uint32_t>(s); };
  auto empty_bar = [bars](int s) {
    return bars + 8u * static_cast<uint32_t>(kRingStages + s);
  };

  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int gid = lane >> 2;
  const int tig = lane & 3;
  const int n0 = static_cast<int>(blockIdx.x) * kBlockN;
  const int m0 = static_cast<int>(blockIdx.y) * kNa;
  const int groups = p.k >> 5;
  const int chunk = p.blocks_per_split;
  // Chunk 0 is the longest: every warpgroup walks this many stages (a shorter
  // trailing chunk idles through its last ones, so the ring stays in step).
  const int iters = min(chunk, groups);

  if (tid == 0) {
    for (int s = 0; s < kRingStages; ++s) {
      MbarrierInitCount(full_bar(s), 1);
      MbarrierInitCount(empty_bar(s), kConsumerWarps);
    }
    MbarrierInitFence();
  }
  __syncthreads();

  float acc[kAccRegs];
#pragma unroll
  for (int i = 0; i < kAccRegs; ++i) acc[i] = 0.0f;
  const int wg = warp >> 2;
  const int kz = wg / kWgsN;  // (producer: out of range, unused)

  if (warp == kConsumerWarps) {
    // ---------------------------------------------------------- producer
    if (lane == 0) {
      GridDependencyWait();  // A is the preceding quantizer's output
      const int64_t ops_stride = static_cast<int64_t>(p.a_rows_padded) * 32;
      const unsigned char* const ops = p.a_ops + static_cast<int64_t>(m0) * 32;
      for (int j = 0; j < iters; ++j) {
        const int s = j % kRingStages;
        if (j >= kRingStages) MbarrierWait(empty_bar(s), ((j / kRingStages) - 1) & 1);
        uint32_t bytes = 0;
#pragma unroll
        for (int c = 0; c < kWgsK; ++c) {
          if (c * chunk + j < groups) bytes += kSubBytes;
        }
        MbarrierArriveExpectTx(full_bar(s), bytes);
#pragma unroll
        for (int c = 0; c < kWgsK; ++c) {
          const int g = c * chunk + j;
          if (g >= groups) continue;
          const int slot = s * kWgsK + c;
          BulkCopyToShared(SharedAddress(ring + slot * kSubBytes), ops + g * ops_stride,
                           kSubBytes, full_bar(s));
        }
      }
    }
  } else {
    // ---------------------------------------------------------- consumers
    const int wn = wg % kWgsN;
    const int row0 = n0 + wn * 64 + (warp & 3) * 16;
    const int g_lo = min(kz * chunk, groups);
    const int len = min(g_lo + chunk, groups) - g_lo;
    const WeightRowPair rows(p, row0 + gid);
    auto load_batch = [&](int j0, StreamBatch& b) {
#pragma unroll
      for (int u = 0; u < kU; ++u) {
        rows.Load(g_lo + j0 + u, tig, j0 + u < len, b.w_row[u], b.w_row8[u], b.s_row[u],
                  b.s_row8[u]);
      }
    };
    // Fold flags of the tile's rows for block g_lo + j0 + u: lane l keeps word
    // l % (kFlagBytes / 4) (the warp's lanes cover them all; a vote combines).
    const uint32_t* const flag_words = reinterpret_cast<const uint32_t*>(
                                           p.a_fold_flags + m0 / 4) +
                                       lane % (kFlagBytes / 4);
    const int flag_stride_words = p.a_rows_padded / 16;
    auto load_flags = [&](int j0, uint32_t (&f)[kU]) {
#pragma unroll
      for (int u = 0; u < kU; ++u) {
        f[u] = j0 + u < len ? __ldg(flag_words + static_cast<int64_t>(g_lo + j0 + u) *
                                                     flag_stride_words)
                            : 0u;
      }
    };
    StreamBatch cur;
    load_batch(0, cur);
    GridDependencyWait();  // flags and the fallback's scales are the quantizer's
    uint32_t flags_cur[kU];
    load_flags(0, flags_cur);
    const uint32_t ring_address = SharedAddress(ring);
    float d[kAccRegs];
#pragma unroll
    for (int i = 0; i < kAccRegs; ++i) d[i] = 0.0f;

    // acc = fmaf(P', sb, acc) (folded), or the contract's form from P = P'/sa.
    auto promote = [&](bool fast, int g, float sb_row, float sb_row8) {
      if (fast) {
#pragma unroll
        for (int c = 0; c < kNa / 8; ++c) {
          acc[4 * c + 0] = __fmaf_rn(d[4 * c + 0], sb_row, acc[4 * c + 0]);
          acc[4 * c + 1] = __fmaf_rn(d[4 * c + 1], sb_row, acc[4 * c + 1]);
          acc[4 * c + 2] = __fmaf_rn(d[4 * c + 2], sb_row8, acc[4 * c + 2]);
          acc[4 * c + 3] = __fmaf_rn(d[4 * c + 3], sb_row8, acc[4 * c + 3]);
        }
        return;
      }
      const float* sa_cols =
          p.a_scales + static_cast<int64_t>(g) * p.a_rows_padded + m0 + 2 * tig;
#pragma unroll
      for (int c = 0; c < kNa / 8; ++c) {
        const float2 sa = __ldg(reinterpret_cast<const float2*>(sa_cols + 8 * c));
        const float ux = UnfoldFactorE4m3(sa.x);
        const float uy = UnfoldFactorE4m3(sa.y);
        acc[4 * c + 0] =
            __fmaf_rn(__fmul_rn(d[4 * c + 0], ux), __fmul_rn(sb_row, sa.x), acc[4 * c + 0]);
        acc[4 * c + 1] =
            __fmaf_rn(__fmul_rn(d[4 * c + 1], uy), __fmul_rn(sb_row, sa.y), acc[4 * c + 1]);
        acc[4 * c + 2] =
            __fmaf_rn(__fmul_rn(d[4 * c + 2], ux), __fmul_rn(sb_row8, sa.x), acc[4 * c + 2]);
        acc[4 * c + 3] =
            __fmaf_rn(__fmul_rn(d[4 * c + 3], uy), __fmul_rn(sb_row8, sa.y), acc[4 * c + 3]);
      }
    };

    // One block: wait for its stage, wgmma, release the stage, promote.
    auto step = [&](int j, int u, const StreamBatch& w, const uint32_t (&f)[kU]) {
      const int s = j % kRingStages;
      MbarrierWait(full_bar(s), static_cast<uint32_t>(j / kRingStages) & 1u);
      if (j == 0) StampPhase(p, kPhaseClockReady);
      // A warpgroup whose (shorter, trailing) chunk has ended still runs the
      // wgmma, on zero weights and a stage slot nobody filled, and ignores
      // P: an unconditional wgmma keeps ptxas from serializing it (C7518).
      const bool active = j < len;  // uniform per warpgroup
      const Bytes8 r = Fp4x8ToLutBytes(w.w_row[u], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
      const Bytes8 r8 = Fp4x8ToLutBytes(w.w_row8[u], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
      const uint32_t a[4] = {r.lo, r8.lo, r.hi, r8.hi};
      const int slot = s * kWgsK + kz;
      FenceRegisterArray(d);
      WgmmaFence();
      WgmmaE4m3RegAZeroAcc<kNa>(
          d, a, MatrixDescriptorNoSwizzle(ring_address + slot * kSubBytes, 128, 256));
      WgmmaCommitGroup();
      // While the wgmma runs: the promotion's form and scales.
      const bool scales_fold =
          w.s_row[u] <= kFoldMaxWeightScaleByte && w.s_row8[u] <= kFoldMaxWeightScaleByte;
      const bool fast = __all_sync(0xFFFFFFFFu, scales_fold && f[u] == 0x01010101u);
      const float sb_row = quant::E8m0ToFloat(w.s_row[u]);
      const float sb_row8 = quant::E8m0ToFloat(w.s_row8[u]);
      WgmmaWaitGroup<0>();
      FenceRegisterArray(d);
      // The stage is free once every consumer warp's wgmma has read it.
      __syncwarp();
      if (lane == 0) MbarrierArrive(empty_bar(s));
      if (active) promote(fast, g_lo + j, sb_row, sb_row8);
    };
    // Two batches in turn (no register copies): the math of one while the
    // loads of the other are in flight.
    StreamBatch other;
    uint32_t flags_other[kU];
#pragma unroll 1
    for (int j0 = 0; j0 < iters; j0 += 2 * kU) {
      load_batch(j0 + kU, other);  // predicated: nothing beyond the chunk
      load_flags(j0 + kU, flags_other);
#pragma unroll
      for (int u = 0; u < kU; ++u) {
        if (j0 + u < iters) step(j0 + u, u, cur, flags_cur);  // CTA-uniform test
      }
      if (j0 + kU >= iters) break;
      load_batch(j0 + 2 * kU, cur);
      load_flags(j0 + 2 * kU, flags_cur);
#pragma unroll
      for (int u = 0; u < kU; ++u) {
        if (j0 + kU + u < iters) step(j0 + kU + u, u, other, flags_other);
      }
    }
  }

  // ------------------------------------------------------------ combine + store
  StampPhase(p, kPhaseClockMathDone);
  if (warp < kConsumerWarps) {
    constexpr int kCStride = kBlockN + 4;
    const int wn = wg % kWgsN;
#pragma unroll
    for (int c = 0; c < kNa / 8; ++c) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int nl = wn * 64 + (warp & 3) * 16 + gid + (i >> 1) * 8;
        const int ml = c * 8 + 2 * tig + (i & 1);
        partials[(kz * kNa + ml) * kCStride + nl] = acc[4 * c + i];
      }
    }
  }
  CombinePartialsAndStore<kThreads, kBlockN, kNa, kWgsK>(p, partials, 1, n0, m0);
  StampPhase(p, kPhaseClockEnd);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_GEMM_BODY_H_
