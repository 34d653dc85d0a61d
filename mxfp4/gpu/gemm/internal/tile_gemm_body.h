// File: mxfp4/gpu/gemm/internal/tile_gemm_body.h
//
// The CTA body shared by the three GEMM paths' kernels (docs/paths.md). Each
// path's .cu.cc wraps it in its own __global__ with its template switches.
//
// Accumulation contract "block_fma" (docs/accumulation.md; spec:
// shared/spec/gpu-design.md): for each output (m, n) and K-block g in
// increasing order, P = MmaE4m3ZeroAcc(...) (exact), s = sa * sb (one fp32
// multiply), acc = fmaf(P, s, acc) from +0.0f. With a K-split, the splits of
// one tile are the CTAs of one thread-block cluster; each accumulates its
// blocks from +0.0f, then each CTA reduces a slice of the tile by reading all
// partials through distributed shared memory in split order:
// ((p0 + p1) + p2) + ... - no atomics, no workspace, identical bits every run.
// Fold tiles (internal/scale_fold.h) run a stage as acc = fmaf(P * sa, sb, acc)
// when that is provably the same bits (decided per CTA and stage by the stage
// barrier, __syncthreads_and), else the exact per-element fallback.
//
// Code size matters as much as instruction count here: most CTAs run only a
// few stages, so a kernel whose SASS does not fit the instruction caches pays
// for fetching it on every CTA (measured on the H200: ~250 KB of fully
// unrolled SASS cost ~9 us per CTA). Hence loops that stay rolled where ILP is
// not needed (block pairs, quantization items, scale loads) and integer
// address math in 32 bits without run-time divisions.
//
// Per CTA: (blockIdx.x, blockIdx.y, blockIdx.z) = (N tile, M tile, split).
//   prologue: cp.async the first stages of B (and of A), load the first phase
//             of weight scales (as fp32, to shared memory);
//   stage s:  wait, barrier, prefetch stage s + stages - 1, [fused: quantize
//             this stage's bf16 A into E4M3 operands, barrier], MMA the
//             stage's K-blocks;
//   epilogue: fp32 tile to shared memory, [cluster reduction], bf16 RNE or
//             fp32 stores.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_TILE_GEMM_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_TILE_GEMM_BODY_H_

#include <cstdint>
#include <type_traits>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/phase_clock.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// Shuffled16ScaleOffsetDevice(): mxfp4::Shuffled16ScaleOffset (core/layouts.h)
// for device code; sn = groups padded to a multiple of 8.
// (32-bit: Gemm() rejects scale buffers of 2^31 bytes or more.)
MXFP4_DEVICE_INLINE uint32_t Shuffled16ScaleOffsetDevice(uint32_t r, uint32_t g, uint32_t sn) {
  return (r >> 5) * 32u * sn + (g >> 3) * 256u + (g & 3u) * 64u + (r & 15u) * 4u +
         ((g >> 2) & 1u) * 2u + ((r >> 4) & 1u);
}

// Position of weight row `row` (0..block_n-1) in a block's fp32 scale row:
// rows r and r + 8 of each 16-row fragment are adjacent, so a lane reads the
// scales of its two MMA rows with one 8-byte load.
MXFP4_DEVICE_INLINE int PairedScalePosition(int row) {
  return (row & ~15) + ((row & 7) << 1) + ((row >> 3) & 1);
}

template <TileConfigId kId, bool kClusterSplit, bool kWaitForPrecedingGrid>
MXFP4_DEVICE_INLINE void TileGemmBody(const GemmKernelArgs& p) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  constexpr int kWarpsN = kCfg.warps_n;
  constexpr int kFragsN = kCfg.frags_n;
  constexpr int kFragsM = kCfg.frags_m;
  constexpr int kStages = kCfg.stages;
  constexpr int kThreads = kCfg.threads();
  constexpr int kBlockN = kCfg.block_n();
  constexpr int kBlockM = kCfg.block_m();
  constexpr bool kFused = kCfg.a_source == ASource::kFusedBf16;
  constexpr bool kF16 = kCfg.operands == MmaOperands::kF16;
  static_assert(kCfg.operands != MmaOperands::kE5m2, "E5M2 A: the bulk streaming tile only");
  constexpr bool kFold = kCfg.fold_a_scale;
  constexpr bool kUnrollStage = kCfg.unroll_stage;
  static_assert(!kFold || kF16, "scale folding needs fp16 operands");
  constexpr int kOpRow = kCfg.op_row_bytes();
  constexpr int kSB = kStageBlocks;
  static_assert(kStages >= 2, "pipeline needs two stages");
  static_assert((kSB * kBlockN) % kThreads == 0, "B stage chunks must divide the CTA");

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  const SmemPlan plan = MakeSmemPlan(kCfg, p.blocks_per_split);
  unsigned char* const b_stages = smem + plan.b_stages;
  unsigned char* const a_stages = smem + plan.a_stages;
  float* const a_stage_scales = reinterpret_cast<float*>(smem + plan.a_scales);
  unsigned char* const a_ops = smem + plan.a_ops;
  float* const a_op_scales = reinterpret_cast<float*>(smem + plan.a_op_scales);
  float* const b_scales = reinterpret_cast<float*>(smem + plan.b_scales);

  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int gid = lane >> 2;
  const int tig = lane & 3;
  const int warp_n = warp % kWarpsN;
  const int warp_m = warp / kWarpsN;
  const int n0 = static_cast<int>(blockIdx.x) * kBlockN;
  const int m0 = static_cast<int>(blockIdx.y) * kBlockM;
  const int groups = p.k >> 5;
  const int g_begin = min(static_cast<int>(blockIdx.z) * p.blocks_per_split, groups);
  const int g_end = min(g_begin + p.blocks_per_split, groups);
  const int num_blocks = g_end - g_begin;
  const int num_stages = (num_blocks + kSB - 1) / kSB;
  const int64_t b_row_bytes = p.k >> 1;

  // ------------------------------------------------------------ loaders
  // Every loader gives a thread fixed rows (threads is a multiple of the rows
  // it covers), so the row part of each address is computed once here and a
  // stage only adds its K offset.
  static_assert(kThreads % kBlockN == 0 && kThreads % 32 == 0, "loader thread mapping");

  // B: chunk i of a thread is (row, j) with 16-byte copies; preshuffled
  // (16,16) puts block g of a row at row_part + 256 * g, natural at
  // row_part + 16 * g.
  constexpr int kBChunks = kSB * kBlockN / kThreads;
  const bool b_pre = p.b_preshuffled != 0;
  // Preshuffled: row = tid % block_n (consecutive lanes, consecutive rows),
  // j = tid / block_n + i * (threads / block_n). Natural: j = tid % kSB,
  // row = tid / kSB + i * (threads / kSB) (a row's blocks are contiguous).
  const int b_row0 = b_pre ? tid % kBlockN : tid / kSB;
  const int b_j0 = b_pre ? tid / kBlockN : tid % kSB;
  const int b_row_step = b_pre ? 0 : kThreads / kSB;
  const int b_j_step = b_pre ? kThreads / kBlockN : 0;
  auto b_src_row = [&](int row) -> const unsigned char* {
    const int64_t n = n0 + row;
    return b_pre ? p.b_data + (n >> 4) * 16 * b_row_bytes + (n & 15) * 16
                 : p.b_data + n * b_row_bytes;
  };
  const int b_block_bytes = b_pre ? 256 : 16;

  auto load_b_stage = [&](int s) {
    unsigned char* dst = b_stages + (s % kStages) * (kSB * kBlockN * 16);
    const int gs = g_begin + s * kSB;
    const int nb = min(kSB, g_end - gs);
#pragma unroll
    for (int i = 0; i < kBChunks; ++i) {
      const int row = b_row0 + i * b_row_step;
      const int j = b_j0 + i * b_j_step;
      if (j < nb) {
        const bool in = n0 + row < p.n;
        const unsigned char* src =
            in ? b_src_row(row) + static_cast<int64_t>(gs + j) * b_block_bytes : p.b_data;
        CpAsync16(SharedAddress(dst + (j * kBlockN + row) * 16), src, in ? 16u : 0u);
      }
    }
  };

  auto load_a_stage = [&](int s) {
    const int buf = s % kStages;
    const int gs = g_begin + s * kSB;
    const int nb = min(kSB, g_end - gs);
    if constexpr (kFused) {
      // Thread: fixed (j, quarter) = (tid / 4 % kSB, tid % 4); rows tid / 32 + i * threads / 32.
      unsigned char* dst = a_stages + buf * (kSB * kBlockM * 64);
      constexpr int kRowsPerPass = kThreads / (kSB * 4);
      constexpr int kPasses = (kBlockM + kRowsPerPass - 1) / kRowsPerPass;
      const int j = (tid >> 2) % kSB;
      const int quarter = tid & 3;
      if (j < nb) {
#pragma unroll
        for (int i = 0; i < kPasses; ++i) {
          const int row = tid / (kSB * 4) + i * kRowsPerPass;
          if (kBlockM % kRowsPerPass == 0 || row < kBlockM) {
            const int m = m0 + row;
            const bool in = m < p.m;
            const uint16_t* src =
                in ? p.a_bf16 + static_cast<int64_t>(m) * p.k + (gs + j) * 32 + quarter * 8
                   : p.a_bf16;
            CpAsync16(SharedAddress(dst + (j * kBlockM + row) * 64 + quarter * 16), src,
                      in ? 16u : 0u);
          }
        }
      }
    } else {
      unsigned char* dst = a_stages + buf * (kSB * kBlockM * kOpRow);
      constexpr int kPieces = kOpRow / 16;  // 16-byte pieces of one block row
      constexpr int kRowsPerPass = kThreads / (kSB * kPieces);
      constexpr int kPasses = kBlockM / kRowsPerPass;
      static_assert(kBlockM % kRowsPerPass == 0, "A stage copy mapping");
      const int j = (tid / kPieces) % kSB;
      const int piece = tid % kPieces;
      if (j < nb) {
        const unsigned char* src0 =
            p.a_ops + (static_cast<int64_t>(m0 + tid / (kSB * kPieces)) * p.k +
                       static_cast<int64_t>(gs + j) * 32) * kCfg.act_bytes() + piece * 16;
#pragma unroll
        for (int i = 0; i < kPasses; ++i) {
          const int row = tid / (kSB * kPieces) + i * kRowsPerPass;
          CpAsync16(SharedAddress(dst + (j * kBlockM + row) * kOpRow + piece * 16),
                    src0 + static_cast<int64_t>(i) * kRowsPerPass * p.k * kCfg.act_bytes(), 16);
        }
      }
      float* sdst = a_stage_scales + buf * (kSB * kBlockM);
      constexpr int kScaleChunks = kSB * kBlockM / 4;
      static_assert(kScaleChunks <= kThreads, "one scale chunk per thread");
      const int c = tid;
      const int sj = c / (kBlockM / 4);
      const int sq = c % (kBlockM / 4);
      if (c < kScaleChunks && sj < nb) {
        const float* src =
            p.a_scales + static_cast<int64_t>(gs + sj) * p.a_rows_padded + m0 + sq * 4;
        CpAsync16(SharedAddress(sdst + sj * kBlockM + sq * 4), src, 16);
      }
    }
  };

  // Weight scales of one phase -> fp32 in shared memory: fetch (every load of
  // the phase into registers, one memory latency) and store. A thread's row
  // is fixed (tid % block_n); its blocks are j = tid / block_n + u * step with
  // step = threads / block_n. Both layouts repeat every 8 groups (natural:
  // +8 bytes, shuffled16: +256 bytes), so 8 / step base pointers per phase
  // serve all loads with immediate offsets.
  constexpr int kScaleLoads = kMaxScalePhaseBlocks * kBlockN / kThreads;
  constexpr int kScaleJStep = kThreads / kBlockN;
  static_assert(kScaleLoads <= kMaxScaleLoadsPerThread && kScaleLoads * kThreads ==
                    kMaxScalePhaseBlocks * kBlockN,
                "one register batch must cover a scale phase");
  const int sc_row = tid % kBlockN;
  const int sc_j0 = tid / kBlockN;
  const uint32_t sc_n = static_cast<uint32_t>(n0 + sc_row);
  const bool sc_row_in = static_cast<int>(sc_n) < p.n;
  const uint32_t padded_groups = (static_cast<uint32_t>(groups) + 7u) & ~7u;
  // Row part of the byte offset (shuffled16: Shuffled16ScaleOffset(n, 0, sn)).
  const uint32_t sc_row_off =
      p.b_scales_shuffled16
          ? (sc_n >> 5) * 32u * padded_groups + (sc_n & 15u) * 4u + ((sc_n >> 4) & 1u)
          : sc_n * static_cast<uint32_t>(groups);
  static_assert(8 % kScaleJStep == 0, "scale loads must repeat every 8 groups");
  constexpr int kScaleBases = 8 / kScaleJStep;
  uint32_t scale_bytes[kScaleLoads];
  auto fetch_b_scales = [&](int phase) {
    const int pg0 = g_begin + phase * plan.phase_blocks;
    const int pnb = min(plan.phase_blocks, g_end - pg0);
    const int period_bytes = p.b_scales_shuffled16 ? 256 : 8;
    const unsigned char* base[kScaleBases];
#pragma unroll
    for (int b = 0; b < kScaleBases; ++b) {
      const uint32_t g = static_cast<uint32_t>(pg0 + sc_j0 + b * kScaleJStep);
      const uint32_t col_off = p.b_scales_shuffled16
                                   ? (g >> 3) * 256u + (g & 3u) * 64u + ((g >> 2) & 1u) * 2u
                                   : g;
      base[b] = p.b_scales + sc_row_off + col_off;
    }
#pragma unroll
    for (int u = 0; u < kScaleLoads; ++u) {
      const int j = sc_j0 + u * kScaleJStep;
      scale_bytes[u] = (j < pnb && sc_row_in)
                           ? __ldg(base[u % kScaleBases] + (u / kScaleBases) * period_bytes)
                           : 0u;
    }
  };
  float* const sc_dst = b_scales + sc_j0 * kBlockN + PairedScalePosition(sc_row);
  // Fold: whether every weight scale this thread stored for the current phase
  // is <= kFoldMaxWeightScaleByte (scale_fold.h).
  bool b_scales_fold_ok = true;
  auto store_b_scales = [&]() {
    uint32_t max_byte = 0;
#pragma unroll
    for (int u = 0; u < kScaleLoads; ++u) {
      sc_dst[u * kScaleJStep * kBlockN] = quant::E8m0ToFloat(scale_bytes[u]);
      if constexpr (kFold) max_byte = max(max_byte, scale_bytes[u]);
    }
    b_scales_fold_ok = max_byte <= kFoldMaxWeightScaleByte;
  };

  // Fused A: quantize the stage's bf16 blocks into operands of value/2.
  // A quad of lanes owns one (row, block); the 8 quads of a warp share the
  // block index, so the shuffles inside never diverge.
  // Returns (fold tiles) whether every block this thread quantized was folded
  // or belongs to a row beyond M (zeros whose outputs are never stored).
  auto quantize_a_stage = [&](int s) -> bool {
    bool all_folded = true;
    if constexpr (kFused) {
      const unsigned char* raw = a_stages + (s % kStages) * (kSB * kBlockM * 64);
      const int nb = min(kSB, g_end - (g_begin + s * kSB));
      constexpr int kItems = kSB * kBlockM;
      constexpr int kQuads = kThreads / 4;
      static_assert(kItems % kQuads == 0 && kBlockM % 8 == 0, "quads must tile the stage");
      const int quad = tid >> 2;
      const int q = tid & 3;
#pragma unroll 2
      for (int i = 0; i < kItems / kQuads; ++i) {
        const int item = quad + i * kQuads;
        const int j = item / kBlockM;
        const int row = item % kBlockM;
        if (j < nb) {
          const uint4 v = *reinterpret_cast<const uint4*>(raw + (j * kBlockM + row) * 64 + q * 16);
          const uint32_t x[4] = {v.x, v.y, v.z, v.w};
          uint32_t scale;
          if constexpr (kF16) {
            quant::QuantizedQuarterF16 r = quant::QuantizeQuarterToHalfF16(x);
            if constexpr (kFold) {
              if (!FoldQuarterF16x2(r.h, r.scale)) {
                if (m0 + row < p.m) all_folded = false;
              }
            }
            *reinterpret_cast<uint4*>(a_ops + (j * kBlockM + row) * kOpRow + q * 16) =
                make_uint4(r.h[0], r.h[1], r.h[2], r.h[3]);
            scale = r.scale;
          } else {
            const quant::QuantizedQuarter r = quant::QuantizeQuarterToHalfE4m3(x);
            *reinterpret_cast<uint2*>(a_ops + (j * kBlockM + row) * kOpRow + q * 8) =
                make_uint2(r.lo, r.hi);
            scale = r.scale;
          }
          if (q == 0) a_op_scales[j * kBlockM + row] = quant::E8m0ToFloat(scale);
        }
      }
    }
    return all_folded;
  };

  // Prequantized fold tiles: whether the activation scales this thread copied
  // for stage s (complete and visible to it after its cp.async wait) are all
  // folded blocks or padding rows (0.0f, zero operands).
  auto prequant_stage_folded = [&](int s) -> bool {
    bool all_folded = true;
    if constexpr (!kFused && kFold) {
      const int nb = min(kSB, g_end - (g_begin + s * kSB));
      const int sj = tid / (kBlockM / 4);
      if (tid < kSB * kBlockM / 4 && sj < nb) {
        const float4 v = *reinterpret_cast<const float4*>(
            a_stage_scales + (s % kStages) * (kSB * kBlockM) + sj * kBlockM +
            (tid % (kBlockM / 4)) * 4);
        const float sa[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          all_folded = all_folded && (ActivationScaleValueFolds(sa[i]) || sa[i] == 0.0f);
        }
      }
    }
    return all_folded;
  };

  // ------------------------------------------------------------ math
  float acc[kFragsN][kFragsM][4];
#pragma unroll
  for (int f = 0; f < kFragsN; ++f) {
#pragma unroll
    for (int mt = 0; mt < kFragsM; ++mt) {
#pragma unroll
      for (int i = 0; i < 4; ++i) acc[f][mt][i] = 0.0f;
    }
  }

  // One stage's blocks, in increasing K, a pair of blocks per iteration (one
  // ldmatrix.x4 per fragment); the pair loop stays rolled to keep the code
  // small, the two blocks of a pair and all fragments are unrolled.
  // kFast (fold tiles, scale_fold.h): acc = fmaf(P', sb, acc). Otherwise the
  // contract's fmaf(P, fl(sa * sb), acc), fold tiles first undoing the fold
  // per element (P = P' * (1/sa), exact).
  auto compute_stage = [&](int s, auto fast_tag) {
    [[maybe_unused]] constexpr bool kFast = decltype(fast_tag)::value;
    const int buf = s % kStages;
    const int nb = min(kSB, g_end - (g_begin + s * kSB));
    const unsigned char* bst = b_stages + buf * (kSB * kBlockN * 16);
    const unsigned char* aops = kFused ? a_ops : a_stages + buf * (kSB * kBlockM * kOpRow);
    const float* ascales = kFused ? a_op_scales : a_stage_scales + buf * (kSB * kBlockM);
    const float* bsc = b_scales + ((s * kSB) % plan.phase_blocks) * kBlockN;
    const int ld_row = warp_n * kFragsN * 16 + (lane & 15);
    const int ld_block = lane >> 4;
    // One block pair; `limit` = blocks in this stage (a constant kSB when the
    // caller unrolls a full stage).
    auto block_pair = [&](int jp, int limit) {
      // w[f]: this lane's word of rows gid / gid + 8 of blocks 2jp / 2jp + 1.
      uint32_t w[kFragsN][4];
#pragma unroll
      for (int f = 0; f < kFragsN; ++f) {
        LdMatrixX4(SharedAddress(bst + ((2 * jp + ld_block) * kBlockN + ld_row + f * 16) * 16),
                   w[f]);
      }
#pragma unroll
      for (int jj = 0; jj < 2; ++jj) {
        const int j = 2 * jp + jj;
        if (j >= limit) break;
        float2 sb[kFragsN];
#pragma unroll
        for (int f = 0; f < kFragsN; ++f) {
          sb[f] = *reinterpret_cast<const float2*>(bsc + j * kBlockN +
                                                   (warp_n * kFragsN + f) * 16 + gid * 2);
        }
        if constexpr (kF16) {
          uint32_t w_row[kFragsN][4], w_row8[kFragsN][4];
#pragma unroll
          for (int f = 0; f < kFragsN; ++f) {
            Fp4x8ToF16x8(w[f][2 * jj], w_row[f]);
            Fp4x8ToF16x8(w[f][2 * jj + 1], w_row8[f]);
          }
#pragma unroll
          for (int mt = 0; mt < kFragsM; ++mt) {
            const int col = (warp_m * kFragsM + mt) * 8;
            const uint4 xv = *reinterpret_cast<const uint4*>(
                aops + (j * kBlockM + col + gid) * kOpRow + tig * 16);
            const uint32_t x[4] = {xv.x, xv.y, xv.z, xv.w};
            if constexpr (kFast) {
#pragma unroll
              for (int f = 0; f < kFragsN; ++f) {
                float d[4];
                MmaF16Block(w_row[f], w_row8[f], x, d);
                acc[f][mt][0] = __fmaf_rn(d[0], sb[f].x, acc[f][mt][0]);
                acc[f][mt][1] = __fmaf_rn(d[1], sb[f].x, acc[f][mt][1]);
                acc[f][mt][2] = __fmaf_rn(d[2], sb[f].y, acc[f][mt][2]);
                acc[f][mt][3] = __fmaf_rn(d[3], sb[f].y, acc[f][mt][3]);
              }
              continue;
            }
            const float2 sa =
                *reinterpret_cast<const float2*>(ascales + j * kBlockM + col + 2 * tig);
            [[maybe_unused]] float unfold_x = 1.0f;
            [[maybe_unused]] float unfold_y = 1.0f;
            if constexpr (kFold) {
              unfold_x = UnfoldFactor(sa.x);
              unfold_y = UnfoldFactor(sa.y);
            }
#pragma unroll
            for (int f = 0; f < kFragsN; ++f) {
              float d[4];
              MmaF16Block(w_row[f], w_row8[f], x, d);
              if constexpr (kFold) {
                d[0] = __fmul_rn(d[0], unfold_x);
                d[1] = __fmul_rn(d[1], unfold_y);
                d[2] = __fmul_rn(d[2], unfold_x);
                d[3] = __fmul_rn(d[3], unfold_y);
              }
              acc[f][mt][0] = __fmaf_rn(d[0], __fmul_rn(sb[f].x, sa.x), acc[f][mt][0]);
              acc[f][mt][1] = __fmaf_rn(d[1], __fmul_rn(sb[f].x, sa.y), acc[f][mt][1]);
              acc[f][mt][2] = __fmaf_rn(d[2], __fmul_rn(sb[f].y, sa.x), acc[f][mt][2]);
              acc[f][mt][3] = __fmaf_rn(d[3], __fmul_rn(sb[f].y, sa.y), acc[f][mt][3]);
            }
          }
        } else {
          uint32_t afrag[kFragsN][4];
#pragma unroll
          for (int f = 0; f < kFragsN; ++f) {
            const Bytes8 r0 = Fp4x8ToLutBytes(w[f][2 * jj], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
            const Bytes8 r1 = Fp4x8ToLutBytes(w[f][2 * jj + 1], kTwiceE4m3LutLo, kTwiceE4m3LutHi);
            afrag[f][0] = r0.lo;
            afrag[f][1] = r1.lo;
            afrag[f][2] = r0.hi;
            afrag[f][3] = r1.hi;
          }
#pragma unroll
          for (int mt = 0; mt < kFragsM; ++mt) {
            const int col = (warp_m * kFragsM + mt) * 8;
            const uint2 bv = *reinterpret_cast<const uint2*>(
                aops + (j * kBlockM + col + gid) * kOpRow + tig * 8);
            const float2 sa =
                *reinterpret_cast<const float2*>(ascales + j * kBlockM + col + 2 * tig);
#pragma unroll
            for (int f = 0; f < kFragsN; ++f) {
              float d[4];
              MmaE4m3ZeroAcc(afrag[f], bv.x, bv.y, d);
              acc[f][mt][0] = __fmaf_rn(d[0], __fmul_rn(sb[f].x, sa.x), acc[f][mt][0]);
              acc[f][mt][1] = __fmaf_rn(d[1], __fmul_rn(sb[f].x, sa.y), acc[f][mt][1]);
              acc[f][mt][2] = __fmaf_rn(d[2], __fmul_rn(sb[f].y, sa.x), acc[f][mt][2]);
              acc[f][mt][3] = __fmaf_rn(d[3], __fmul_rn(sb[f].y, sa.y), acc[f][mt][3]);
            }
          }
        }
      }
    };
    if constexpr (kFast && kUnrollStage) {
      if (nb == kSB) {
#pragma unroll
        for (int jp = 0; jp < kSB / 2; ++jp) block_pair(jp, kSB);
        return;
      }
    }
#pragma unroll 1
    for (int jp = 0; 2 * jp < nb; ++jp) block_pair(jp, nb);
  };

  // ------------------------------------------------------------ pipeline
  // B and the weight scales first (independent of any preceding kernel), then
  // A; the scale loads are in flight while the A copies are issued.
#pragma unroll 1
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < num_stages) load_b_stage(s);
  }
  if constexpr (kWaitForPrecedingGrid) GridDependencyWait();
#pragma unroll 1
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < num_stages) load_a_stage(s);
    CpAsyncCommit();
  }

  // The first scale phase is loaded at s = 0 while the prologue copies are
  // in flight; one inlined copy of the scale code serves every phase.
  const int stages_per_phase = plan.phase_blocks / kSB;
  int phase = 0;
  int next_phase_stage = 0;
  for (int s = 0; s < num_stages; ++s) {
    if (s == next_phase_stage) {
      next_phase_stage += stages_per_phase;
      fetch_b_scales(phase++);
      if (s > 0) __syncthreads();  // everyone is done with the previous phase's scales
      store_b_scales();
    }
    CpAsyncWait<kStages - 2>();
    [[maybe_unused]] bool stage_fast_prequant = false;
    if constexpr (!kFused && kFold) {
      stage_fast_prequant =
          __syncthreads_and(prequant_stage_folded(s) && b_scales_fold_ok) != 0;
    } else {
      __syncthreads();
    }
    if (s == 0) StampPhase(p, kPhaseClockReady);
    if (s + kStages - 1 < num_stages) {
      load_b_stage(s + kStages - 1);
      load_a_stage(s + kStages - 1);
    }
    CpAsyncCommit();
    [[maybe_unused]] bool stage_fast = false;
    if constexpr (kFused) {
      const bool folded = quantize_a_stage(s);
      if constexpr (kFold) {
        stage_fast = __syncthreads_and(folded && b_scales_fold_ok) != 0;
      } else {
        __syncthreads();
      }
    } else if constexpr (kFold) {
      stage_fast = stage_fast_prequant;
    }
    if constexpr (kFold) {
      if (stage_fast) {
        compute_stage(s, std::true_type{});
      } else {
        compute_stage(s, std::false_type{});
      }
    } else {
      compute_stage(s, std::false_type{});
    }
  }
  CpAsyncWait<0>();
  __syncthreads();
  StampPhase(p, kPhaseClockMathDone);

  // ------------------------------------------------------------ epilogue
  constexpr int kCStride = kBlockN + 4;
  float* const c_tile = reinterpret_cast<float*>(smem + plan.c_tile);
#pragma unroll
  for (int f = 0; f < kFragsN; ++f) {
#pragma unroll
    for (int mt = 0; mt < kFragsM; ++mt) {
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int nl = (warp_n * kFragsN + f) * 16 + gid + (i >> 1) * 8;
        const int ml = (warp_m * kFragsM + mt) * 8 + 2 * tig + (i & 1);
        c_tile[ml * kCStride + nl] = acc[f][mt][i];
      }
    }
  }

  // The splits of a cluster combine in split order (combine_partials.h).
  CombinePartialsAndStore<kThreads, kBlockN, kBlockM, 1>(
      p, c_tile, kClusterSplit && p.splits > 1 ? p.splits : 1, n0, m0);
  StampPhase(p, kPhaseClockEnd);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_TILE_GEMM_BODY_H_
