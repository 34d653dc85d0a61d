// File: mxfp4/gpu/gemm/internal/wgmma_ring_ws_gemm_body.h
//
// The CTA body of the warp-specialized e4m3 wgmma ring tiles
// (TileConfigDesc::producer_wg, `wgmma8_*_ws_fold`; docs/paths.md "Warp-
// specialized ring tiles"), path quant_then_mma. The ring tiles of
// wgmma_ring_gemm_body.h spend ~394 cycles a K-block and warpgroup where
// wgmma + wait + promotion alone take ~240 (wgmma_step_benchmark): their
// consumer warps load and convert the weights themselves, on the wgmma's
// critical path (RS form). Here a third warpgroup, the producer, does all
// of it off that path:
//   - it stages each weight row-block (16 bytes of E2M1) by cp.async and
//     converts it into the E4M3 of value x 2^-6 (Fp4x8ToShiftedE4m3) in a
//     ring of shared-memory stages, in the same
//     no-swizzle K-major core-matrix order as the activations (first 16
//     bytes of a row: elements 8t, 8t+2, 8t+4, 8t+6 at bytes 4t; second:
//     8t+1, 8t+3, 8t+5, 8t+7), and
//     the rows' weight scales as fp32 (E8m0ToFloat), rows r / r + 8 adjacent;
//   - one of its threads issues the activations' bulk copies into the same
//     stage (as the ring tiles' fill);
//   - the weights do not depend on the quantizer that precedes this kernel:
//     the first stage's copies go out before the grid-dependency wait;
//   - it gives most of its registers to the consumers (setmaxnreg: 56 for
//     the producer, 224 for the consumers; the launch's 384 threads x 168)
//     and exits after its last stage.
// The two consumer warpgroups (64 weight rows each, along N or K as in the
// ring tiles) wait for a stage's "full" barrier (the activations' bytes plus
// one arrival per producer thread), run wgmma m64n<block_m>k32 from a zero
// accumulator with both operands in shared memory (SS form), promote each
// block as the ring tiles do (folded fast form or the exact fallback, chosen
// once per CTA), and release the stage on its "empty" barrier (one arrival
// per consumer warp).
// Contract: block_fma with the K-split over the CTA's warps_k warpgroups,
// exactly as wgmma_ring_gemm_body.h (no cluster form: PlanGemm refuses a
// split count above 1 for these tiles).
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_WS_GEMM_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_WS_GEMM_BODY_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/phase_clock.h"
#include "mxfp4/gpu/gemm/internal/prepared_image.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_pieces.h"
#include "mxfp4/gpu/gemm/internal/wgmma_tile_store.h"

namespace mxfp4::gpu::gemm_internal {

// The AND of v over the kThreads threads of named barrier 1 (the consumers'
// barrier; its plain form is combine_partials.h's CombineBarrier), warp-
// uniform to ptxas (WarpUniform).
template <int kThreads>
MXFP4_DEVICE_INLINE bool NamedBarrierAnd(bool v) {
  uint32_t out;
  asm volatile(
      "{\n"
      ".reg .pred p;\n"
      "setp.ne.u32 p, %1, 0;\n"
      "bar.red.and.pred p, 1, %2, p;\n"
      "selp.u32 %0, 1, 0, p;\n"
      "}\n"
      : "=r"(out)
      : "r"(v ? 1u : 0u), "n"(kThreads)
      : "memory");
  return WarpUniform(out) != 0u;
}

// The weight scales in a converting producer's stage: StageScaleBits(S)
// (shifted_e4m3.h), 2^(S - 120) = E8m0ToFloat(S) x 2^7 for S <= 247, the
// factor the folded promotion takes with the shifted weight encoding as it
// is; the fast form never sees the others (its CTAs have every byte <=
// kFoldMaxWeightScaleByte), the exact form recovers S from them. One IMAD
// instead of E8m0ToFloat's five, and the consumers no longer multiply by 2^7
// (twice a block and warp): session 25.
MXFP4_DEVICE_INLINE float StageScaleFromByte(uint32_t s) { return __uint_as_float(StageScaleBits(s)); }
// Whether the byte behind a stage scale is <= kFoldMaxWeightScaleByte.
MXFP4_DEVICE_INLINE bool StageScaleFolds(float stage) {
  return StageScaleByteAtMost(__float_as_uint(stage), kFoldMaxWeightScaleByte);
}
// E8m0ToFloat(S) of the byte behind a stage scale.
MXFP4_DEVICE_INLINE float StageScaleToE8m0Float(float stage) {
  return quant::E8m0ToFloat(StageScaleByte(__float_as_uint(stage)));
}

// The producer's staging ring of raw weights (cp.async): stages of
// [kRingStageBlocks][128 threads][16 B].
inline constexpr int kRingWsRawStages = 2;
static_assert(kRingWsRawBytes == kRingWsRawStages * kRingStageBlocks * 128u * 16u,
              "tile_config.h's staging size");

// A prepared weight (kPrepared; `prepared`, internal/prepared_image.h; a
// kernel of its own, WgmmaRingWsPreparedGemmBody): the
// producer's stage is one thread's bulk copies of each warpgroup's K-blocks -
// 2048 bytes of shifted E4M3 and 64 fp32 scales a block, already the ring's
// image - next to the activations' (full barrier: two expect_tx arrivals),
// and no conversion at all.
// kPersistent (HasRingWsPersistentForm; kernels of their own, WgmmaRingWsGemmBody
// and WgmmaRingWsPreparedGemmBody with kPersistent): a grid of fewer CTAs than output tiles, CTA
// c taking tiles c, c + gridDim.x, ... (in the one-tile grid's order: N tiles
// fastest). The ring runs on across tiles (stage t of the CTA's i-th tile is
// ring stage i x stages_total + t), so the producer converts and fills the
// next tile's first stages while the consumers store this tile's outputs, and
// the prologue (barrier setup, the first fills' round trip) is paid once a
// CTA instead of once a tile. The partial tile has its own shared memory
// (MakeRingSmemPlan's `persistent`).
// kDirectStore (persistent only; a kernel of its own, which the host launches
// for bf16 output with N % 8 == 0: PersistentWsStoresDirect):
// each consumer warpgroup stores its 64 columns of a tile through the stmatrix
// staging tile (wgmma_tile_store.h, checked form) after a barrier of its own
// 128 threads, instead of the fp32 partial tile, a barrier of both warpgroups
// and the combine loop: at short K the epilogue is a large share of a tile
// (~2.5K cycles of a ~10K-cycle K = 512 tile, session 20). A kernel of its
// own, not a run-time branch: with both epilogues in one kernel it was 5-12%
// slower at K >= 1024 (session 56 call 1). The int8 body's converting
// fallback goes without.
template <TileConfigId kId, bool kPreshuffled, bool kScalesShuffled16, bool kPrepared = false,
          bool kPersistent = false, bool kDirectStore = false>
MXFP4_DEVICE_INLINE void WgmmaRingWsGemmBodyForLayout(const GemmKernelArgs& p,
                                                      const PreparedWeightArgs& prepared = {}) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  static_assert(kCfg.wgmma_ring && kCfg.producer_wg && kCfg.warps_n % 4 == 0 &&
                    kCfg.warps_m == 1 && kCfg.frags_n == 1 && kCfg.fold_a_scale &&
                    kCfg.operands == MmaOperands::kE4m3 &&
                    kCfg.a_source == ASource::kPrequantized,
                "warp-specialized wgmma ring tile");
  constexpr int kWgsN = kCfg.warps_n / 4;
  constexpr int kWgsK = kCfg.warps_k;
  static_assert(kWgsN * kWgsK == 2, "two consumer warpgroups");
  constexpr int kNa = kCfg.block_m();  // activation rows: the wgmma's N
  static_assert(kNa == 64 || kNa == 128 || kNa == 192, "m64n64k32, m64n128k32 or m64n192k32");
  constexpr int kBlockN = kCfg.block_n();
  constexpr int kConsumerThreads = 256;
  static_assert(kCfg.threads() == kConsumerThreads + 128, "2 consumer + 1 producer warpgroup");
  constexpr int kAccRegs = kNa / 2;
  constexpr uint32_t kSubBytes = kNa * 32;       // one block of the tile's activation rows
  constexpr uint32_t kWBlockBytes = 64 * 32;     // one block of a warpgroup's 64 weight rows
  constexpr int kU = kRingStageBlocks;
  static_assert(!kPersistent || HasRingWsPersistentForm(kCfg), "a persistent form");
  static_assert(!kDirectStore || (kPersistent && kWgsK == 1), "direct stores: persistent, N split");
  constexpr SmemPlan kPlan = MakeRingSmemPlan(kCfg, 0, 0, kPersistent);
  constexpr int kRingStages = RingStages(kCfg, 0, 0, kPersistent);
  static_assert(kRingStages >= 2 && (kRingStages & (kRingStages - 1)) == 0, "ring depth");
  constexpr int kRingStagesLog2 = __builtin_ctz(kRingStages);

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  const uint32_t a_ring = SharedAddress(smem + kPlan.a_stages);  // [stage][kz][pos][kSubBytes]
  const uint32_t w_ring = SharedAddress(smem + kPlan.b_stages);  // [stage][wg][pos][kWBlockBytes]
  float* const s_ring = reinterpret_cast<float*>(smem + kPlan.b_scales);  // [stage][wg][pos][64]
  float* const partials = reinterpret_cast<float*>(smem + kPlan.c_tile);
  const uint32_t bars = SharedAddress(smem + kPlan.barriers);
  auto full_bar = [bars](int s) { return bars + 8u * static_cast<uint32_t>(s); };
  auto empty_bar = [bars](int s) { return bars + 8u * static_cast<uint32_t>(kRingStages + s); };

  const int tid = static_cast<int>(threadIdx.x);
  // It reaches every kernel of these tiles, the prepared and int8 ones too:
  // level there (session 67 call 5; tile_config.h HasRingWsLayoutKernels).
  if constexpr (HasRingWsLayoutKernels(kCfg)) AssumeLaunchIndexRanges<kCfg.threads()>(tid);
  const int lane = tid & 31;
  const int warp = __shfl_sync(0xFFFFFFFFu, tid >> 5, 0);
  const int groups = p.k >> 5;
  const int chunk = p.blocks_per_split;
  // Chunk 0 is the longest: every warpgroup walks this many blocks.
  const int iters = min(chunk, groups);
  const int stages_total = (iters + kU - 1) / kU;
  // The output tiles (RingTileWalk) and the CTA's ring stages over all its
  // tiles (`ring_stages`; the one-tile form walks one tile of stages_total
  // stages).
  const RingTileWalk<kPersistent, kBlockN, kNa> walk(p);
  const int cta_tiles = walk.count;
  const int ring_stages = cta_tiles * stages_total;
  auto tile_n0 = [&](int tile) { return walk.n0(tile); };
  auto tile_m0 = [&](int tile) { return walk.m0(tile); };
  auto cta_tile = [&](int i) { return walk.tile(i); };

  // Full: the activations' expect_tx arrival + one per producer thread (the
  // prepared weights' expect_tx arrival).
  InitRingWsBarriers<kRingStages>(bars, kPrepared ? 2 : 1 + 128, kConsumerThreads);
  __syncthreads();

  const int wg = warp >> 2;
  if (wg == 2) {
    // ---------------------------------------------------------- producer
    SetMaxRegistersDecrease<kRingWsProducerRegs>();
    const int pt = tid - kConsumerThreads;
    // The activations of ring stage `ring_t` = local stage t of its tile
    // (`ops`: the tile's first row): the ring tiles' fill (one bulk copy, or
    // one per chunk), announced on the stage's full barrier. No K-split over
    // CTAs here (the host's same rule). The one-tile form has ring_t == t.
    const bool stage_ordered = RingStageInterleaveChunk(kWgsK, chunk, groups) != 0;
    auto fill_stage = [&](const unsigned char* ops, int t, int ring_t) {
      const int s = ring_t & (kRingStages - 1);
      FillRingActivationStage<kWgsK, kU, kSubBytes>(a_ring + s * kWgsK * kU * kSubBytes, ops,
                                                    chunk, groups, t * kU, full_bar(s),
                                                    stage_ordered);
    };
    auto tile_ops = [&](int tile) {
      return p.a_ops + static_cast<int64_t>(tile_m0(tile)) * groups * 32;
    };
    if constexpr (kPrepared) {
      if (pt != 0) return;
      static_assert(kWBlockBytes == kPreparedBlockBytes, "a warpgroup's block is one image block");
      // Half h (the consumer warpgroup h's weights): its 64-row group, and
      // the K-blocks of its chunk (none for a group wholly past N: the
      // consumer multiplies whatever that part of the stage holds, and none
      // of those rows' outputs is stored). Set per tile.
      int group[2];
      int lo[2];
      int len_h[2];
      const unsigned char* ops = nullptr;
      auto set_tile = [&](int tile) {
        ops = tile_ops(tile);
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          group[h] = tile_n0(tile) / kPreparedGroupRows + h % kWgsN;
          lo[h] = min((h / kWgsN) * chunk, groups);
          len_h[h] = group[h] * kPreparedGroupRows < p.n ? min(lo[h] + chunk, groups) - lo[h] : 0;
        }
      };
      const uint32_t s_ring_shared = SharedAddress(smem + kPlan.b_scales);
      auto issue_weights = [&](int t, int ring_t) {
        const int s = ring_t & (kRingStages - 1);
        int nb[2];
        uint32_t bytes = 0;
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          nb[h] = max(0, min(kU, len_h[h] - t * kU));
          bytes += static_cast<uint32_t>(nb[h]) * (kPreparedBlockBytes + 4u * kPreparedBlockScaleFloats);
        }
        MbarrierArriveExpectTx(full_bar(s), bytes);
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          if (nb[h] == 0) continue;
          const int64_t b0 = PreparedBlockIndex(group[h], lo[h] + t * kU, groups);
          const uint32_t slot = static_cast<uint32_t>((s * 2 + h) * kU);
          BulkCopyToShared(w_ring + slot * kWBlockBytes, prepared.data + b0 * kPreparedBlockBytes,
                           static_cast<uint32_t>(nb[h]) * kPreparedBlockBytes, full_bar(s));
          BulkCopyToShared(s_ring_shared + slot * 4u * kPreparedBlockScaleFloats,
                           prepared.scales + b0 * kPreparedBlockScaleFloats,
                           static_cast<uint32_t>(nb[h]) * 4u * kPreparedBlockScaleFloats,
                           full_bar(s));
        }
      };
      set_tile(cta_tile(0));
      // Stage 0's weights before the wait for the quantizer (not its output),
      // its activations after it; then each stage once its slot is free.
      if (stages_total > 0) issue_weights(0, 0);
      GridDependencyWait();
      if (stages_total > 0) fill_stage(ops, 0, 0);
      int i = 0;  // the CTA's tile of ring stage ring_t (persistent)
#pragma unroll 1
      for (int ring_t = 1, t = 1; ring_t < ring_stages; ++ring_t, ++t) {
        if constexpr (kPersistent) {
          if (t == stages_total) {
            t = 0;
            set_tile(cta_tile(++i));
          }
        }
        if (ring_t >= kRingStages) {
          MbarrierWait(empty_bar(ring_t & (kRingStages - 1)),
                       static_cast<uint32_t>((ring_t >> kRingStagesLog2) - 1) & 1u);
        }
        issue_weights(t, ring_t);
        fill_stage(ops, t, ring_t);
      }
      return;
    }
    const int h = pt >> 6;  // the consumer warpgroup whose weights this thread converts
    const int r = pt & 63;  // its row there
    const int g_lo = min((h / kWgsN) * chunk, groups);
    const int len = min(g_lo + chunk, groups) - g_lo;
    constexpr int kBlockBytes = kPreshuffled ? 256 : 16;
    // This thread's weight row in a tile: its data from block g_lo on, its
    // scale bytes, whether it lies inside N, and whether every block of its
    // stages lies in its chunk and row (the CTA inside N, the chunk whole
    // stages): then a stage's copies and scale loads are constant offsets
    // from one address each, with no predicates. (The per-block checks,
    // selects and 64-bit adds were ~70 of the producer's ~265 instructions a
    // stage - Nsight Compute source view, 256x3072x1536, session 25 - and the
    // producer shares each scheduler with two consumer warps, which wait for
    // it at every warpgroup-wide wgmma.)
    const unsigned char* data_row = nullptr;
    const unsigned char* scale_row = nullptr;
    bool row_in = false;
    bool whole_stages = false;
    auto set_row = [&](int tile) {
      const int row = tile_n0(tile) + (h % kWgsN) * 64 + r;
      row_in = row < p.n;
      data_row = p.b_data + (row_in ? WeightBlockOffset(p.k, kPreshuffled, row, g_lo) : 0);
      scale_row = p.b_scales + (row_in ? WeightScaleOffset(p.k, kScalesShuffled16, row, 0) : 0u);
      whole_stages = row_in && len == stages_total * kU;
    };
    set_row(cta_tile(0));
    // Raw weights go through a staging ring of kRingWsRawStages stages by
    // cp.async (no registers held while they fly): this thread's row-block of
    // each block; its scale bytes (1-byte loads: an aligned word could end
    // past the scale buffer) one stage ahead in registers.
    const uint32_t raw_own = SharedAddress(smem + kPlan.b_raw) + static_cast<uint32_t>(pt) * 16u;
    auto scale_address = [&](int t, int u) {
      const int g4 = g_lo + t * kU;  // a multiple of 4
      return scale_row + (kScalesShuffled16 ? static_cast<uint32_t>(g4 >> 3) * 256u +
                                                  static_cast<uint32_t>((g4 >> 2) & 1) * 2u +
                                                  static_cast<uint32_t>(u) * 64u
                                            : static_cast<uint32_t>(g4 + u));
    };
    // Copies local stage t's blocks (of the row set_row last chose) into raw
    // slot ring_t % kRingWsRawStages (zeros past the chunk or N), one commit
    // group per stage (empty for t == stages_total: past the end).
    auto issue_raw = [&](int t, int ring_t, uint32_t (&scales)[kU]) {
      if (t < stages_total && whole_stages) {
        const int q = ring_t % kRingWsRawStages;
        const unsigned char* const d = data_row + static_cast<int64_t>(t * kU) * kBlockBytes;
        const unsigned char* const sc = scale_address(t, 0);
#pragma unroll
        for (int u = 0; u < kU; ++u) {
          const uint32_t slot = static_cast<uint32_t>(q * kU + u);
          CpAsync16(raw_own + slot * 128u * 16u, d + u * kBlockBytes, 16u);
          scales[u] = static_cast<uint32_t>(__ldg(sc + u * (kScalesShuffled16 ? 64 : 1)));
        }
      } else if (t < stages_total) {
        const int q = ring_t % kRingWsRawStages;
        const unsigned char* const d = data_row + static_cast<int64_t>(t * kU) * kBlockBytes;
#pragma unroll
        for (int u = 0; u < kU; ++u) {
          const bool ok = row_in && t * kU + u < len;
          const uint32_t slot = static_cast<uint32_t>(q * kU + u);
          CpAsync16(raw_own + slot * 128u * 16u, ok ? d + u * kBlockBytes : p.b_data, ok ? 16u : 0u);
          scales[u] = ok ? static_cast<uint32_t>(__ldg(scale_address(t, u))) : 0u;
        }
      }
      CpAsyncCommit();
    };
    const uint32_t w_own = w_ring + static_cast<uint32_t>(h) * kU * kWBlockBytes +
                           static_cast<uint32_t>(r >> 3) * 256u + static_cast<uint32_t>(r & 7) * 16u;
    float* const s_own = s_ring + h * kU * 64 + RingWsScaleIndex(r);
    // Converts ring stage ring_t from its raw slot (this thread's own copies:
    // complete after its cp.async wait) into ring slot ring_t % depth and
    // arrives on the stage's full barrier.
    // `scales`: the stage's scale bytes.
    auto convert_stage = [&](int ring_t, const uint32_t (&scales)[kU]) {
      const int s = ring_t & (kRingStages - 1);
      const int q = ring_t % kRingWsRawStages;
#pragma unroll
      for (int u = 0; u < kU; ++u) {
        const uint32_t slot = static_cast<uint32_t>(q * kU + u);
        const uint4 w = *reinterpret_cast<const uint4*>(smem + kPlan.b_raw + (slot * 128u + pt) * 16u);
        const Bytes8 x0 = Fp4x8ToShiftedE4m3(w.x);
        const Bytes8 x1 = Fp4x8ToShiftedE4m3(w.y);
        const Bytes8 x2 = Fp4x8ToShiftedE4m3(w.z);
        const Bytes8 x3 = Fp4x8ToShiftedE4m3(w.w);
        const uint32_t dst = w_own + static_cast<uint32_t>(s * 2 * kU + u) * kWBlockBytes;
        StoreShared128(dst, x0.lo, x1.lo, x2.lo, x3.lo);
        StoreShared128(dst + 128u, x0.hi, x1.hi, x2.hi, x3.hi);
        s_own[(s * 2 * kU + u) * 64] = StageScaleFromByte(scales[u]);
      }
      // The wgmma reads these bytes through the async proxy.
      FenceProxyAsyncShared();
      MbarrierArrive(full_bar(s));
    };
    const unsigned char* ops = nullptr;  // the current tile's activations
    static_assert(kRingWsRawStages == 2, "one stage in flight while one is converted");
    constexpr int kEarlyFills = 1;
    // The first tile's (persistent: the host plans stages_total >= the ring's
    // depth, so these are all the first tile's).
    const int early = min(kRingStages, stages_total);
    // The tile's stage t (ring stage base + t): stage t + 1's copies out (its
    // scale bytes into `next`; none past the tile), stage t's in, then
    // converted (its scale bytes in `cur`).
    auto step = [&](int t, int base, const uint32_t (&cur)[kU], uint32_t (&next)[kU]) {
      const int ring_t = base + t;
      issue_raw(t + 1, ring_t + 1, next);
      CpAsyncWait<1>();
      if (ring_t >= kRingStages) {
        // Slot ring_t % depth is free once every consumer thread released
        // ring stage ring_t - depth.
        MbarrierWait(empty_bar(ring_t & (kRingStages - 1)),
                     static_cast<uint32_t>((ring_t >> kRingStagesLog2) - 1) & 1u);
        if (pt == 0) fill_stage(ops, t, ring_t);
      }
      convert_stage(ring_t, cur);
      // The other first stages' activations once stage t's weights are out:
      // every CTA asks L2 for stage 0 alone first (one early stage instead of
      // two: 256x3072x1536 9.13 -> 9.05 us, session 21 call 1).
      if (pt == 0 && ring_t + kEarlyFills < early) {
        fill_stage(ops, ring_t + kEarlyFills, ring_t + kEarlyFills);
      }
    };
    uint32_t scales_a[kU];
    uint32_t scales_b[kU];
    // A persistent CTA's tiles one after another, each as the one-tile
    // kernel's (whose loop this is): the row and the activations set once a
    // tile keep the stage loop free of tile changes (a loop that switched rows
    // inside ran ~100 more instructions a stage, session 51 call 3: the
    // converting producer is the loop's bottleneck), at the price of the next
    // tile's first raw copies going out only after this tile's last stage.
#pragma unroll 1
    for (int i = 0; i < cta_tiles; ++i) {
      const int tile = cta_tile(i);
      const int base = i * stages_total;
      if constexpr (kPersistent) set_row(tile);
      ops = tile_ops(tile);
      // Stage 0's weights are requested before the wait for the quantizer
      // (they are not its output; it releases this kernel only after its own
      // wait for the kernel before it, which may have written them), stage
      // 0's activations right after it. (Converting stage 0 before the wait
      // held the fills back: entry -> ready 2.4K -> 3.3K cycles, session 18
      // call 2.)
      issue_raw(0, base, scales_a);
      if (i == 0) {
        GridDependencyWait();
        if (pt == 0) {
          for (int t = 0; t < min(kEarlyFills, stages_total); ++t) fill_stage(ops, t, t);
        }
      }
      // One copy of the step's code (the producer's code competes with the
      // consumers' loop for the instruction cache); the copy of the next
      // stage's scale bytes at the end of a step waits for their loads, by
      // then (after the wait for a free slot) long landed.
#pragma unroll 1
      for (int t = 0; t < stages_total; ++t) {
        step(t, base, scales_a, scales_b);
#pragma unroll
        for (int u = 0; u < kU; ++u) scales_a[u] = scales_b[u];
      }
    }
    return;
  }

  // ------------------------------------------------------------ consumers
  SetMaxRegistersIncrease<kRingWsConsumerRegs>();
  const int kz = wg / kWgsN;
  const int wn = wg % kWgsN;
  const int w4 = warp & 3;
  const int gid = lane >> 2;
  const int tig = lane & 3;
  const int g_lo = min(kz * chunk, groups);
  const int len = min(g_lo + chunk, groups) - g_lo;
  static_assert(WgmmaTileStoreSmem<kNa, kBlockN>::kBytes <= RingPartialBytes(kCfg),
                "the direct store's staging fits in the partials' space");
  // One output tile at (tile_n0(tile), tile_m0(tile)) whose stage t is ring
  // stage base + t; `first`: the CTA's first (the wait for the quantizer).
  // A persistent CTA checks each tile at its start: loading the next tile's
  // check before this tile's combine and testing it after was 3% slower on
  // the staged plans (session 51 calls 2 and 4; presumably the combine with
  // 18 more live registers), although the check's L2 round trips then idle
  // the tensor cores (the producer keeps filling the ring meanwhile).
  auto run_tile = [&](int tile, int base, bool first) {
    const int n0 = tile_n0(tile);
    const int m0 = tile_m0(tile);
    // The fast-form check's weight half: its loads in flight across the wait.
    const WeightScaleByteCheck<kConsumerThreads> weight_scales(p, n0, kBlockN, tid);
    // Fold flags and the exact loop's scales are the quantizer's output.
    if (first) {
      GridDependencyWait();
      StampPhase(p, kPhaseClockDependency);
    }
    bool cta_fast = RingTileFlagsAllFolded<kNa, kConsumerThreads>(p, m0, groups, tid);
    cta_fast = cta_fast && weight_scales.template AllAtMost<kFoldMaxWeightScaleByte>();
    cta_fast = cta_fast && chunk % kU == 0 && groups == kWgsK * chunk;
    cta_fast = NamedBarrierAnd<kConsumerThreads>(cta_fast);
    if (first) {
      MbarrierWait(full_bar(0), 0u);
      StampPhase(p, kPhaseClockReady);
    }

    const uint64_t desc_w0 =
        MatrixDescriptorNoSwizzle(w_ring + static_cast<uint32_t>(wg) * kU * kWBlockBytes, 128, 256);
    const uint64_t desc_a0 =
        MatrixDescriptorNoSwizzle(a_ring + static_cast<uint32_t>(kz) * kU * kSubBytes, 128, 256);
    const float* const sb_own = s_ring + wg * kU * 64 + w4 * 16 + 2 * gid;
    // Block pos of the tile's stage t (ring stage base + t): its wgmma from a
    // zero accumulator into d (its own commit group); the first block of a
    // stage waits for the stage.
    auto issue = [&](int t, int pos, float (&acc)[kAccRegs], float (&d)[kAccRegs]) {
      const int s = (base + t) & (kRingStages - 1);
      if (pos == 0) {
        MbarrierWait(full_bar(s), static_cast<uint32_t>((base + t) >> kRingStagesLog2) & 1u);
      }
      FenceRegisterArray(acc);
      WgmmaFence();
      WgmmaE4m3SmemZeroAcc<kNa>(
          d,
          MatrixDescriptorOffset(desc_w0, static_cast<uint32_t>(s * 2 * kU + pos) * kWBlockBytes),
          MatrixDescriptorOffset(desc_a0, static_cast<uint32_t>(s * kWgsK * kU + pos) * kSubBytes));
      WgmmaCommitGroup();
    };
    auto load_sb = [&](int t, int pos) {
      const int s = (base + t) & (kRingStages - 1);
      return *reinterpret_cast<const float2*>(sb_own + (s * 2 * kU + pos) * 64);
    };
    // A stage scale as the folded promotion's factor (with the shifted weight
    // encoding's 2^7, shifted_e4m3.h), as E8m0ToFloat(S), and whether S <=
    // kFoldMaxWeightScaleByte: the prepared copy's are E8m0ToFloat(S), a
    // converting producer's StageScaleFromByte(S).
    auto fold_factor = [](float stage) { return kPrepared ? stage * kShiftedE4m3Scale : stage; };
    auto e8m0_value = [](float stage) { return kPrepared ? stage : StageScaleToE8m0Float(stage); };
    // E8m0ToFloat(byte) <= 2^113 <=> byte <= 240 (NaN fails).
    auto scale_folds = [](float stage) {
      return kPrepared ? stage <= 0x1p113f : StageScaleFolds(stage);
    };
    // After the stage's last block (its wgmma waited for, its scales read):
    // every consumer thread arrives (its own reads ordered before the arrival).
    auto release = [&](int t) { MbarrierArrive(empty_bar((base + t) & (kRingStages - 1))); };
    auto write_partials = [&](const float (&acc)[kAccRegs]) {
      StampPhase(p, kPhaseClockMathDone);
      StampPhaseByThread(p, kPhaseClockMathDoneWg1, 128u);
      if constexpr (kDirectStore) {
        // Every consumer thread read the previous tile's staging before this
        // tile's fast-form check (NamedBarrierAnd: both warpgroups' threads).
        StoreWgmmaTileBf16<kNa, kBlockN, /*kChecked=*/true>(p, smem + kPlan.c_tile, acc, wn, w4,
                                                            lane, n0, m0);
        return;
      }
      // The partials alias the ring: every consumer warp is done with it (and
      // the producer wrote nothing after the last stage the consumers waited
      // for). Persistent: they have their own memory, which every consumer warp
      // has read for the previous tile's outputs once past this barrier.
      CombineBarrier<kConsumerThreads>();
      WriteRingPartials<kNa, kBlockN>(partials, acc, kz, wn * 64 + w4 * 16, gid, tig);
    };

    if (cta_fast) {
      // Every block folded, every chunk whole stages: two partial sets (block
      // j + 1's wgmma runs while block j is promoted), no per-block vote.
      float acc[kAccRegs];
#pragma unroll
      for (int i = 0; i < kAccRegs; ++i) acc[i] = 0.0f;
      float d0[kAccRegs];
      auto finish = [&](int t, int pos, float (&d)[kAccRegs], bool drain) {
        const float2 sb = load_sb(t, pos);
        if (drain) {
          WgmmaWaitGroup<0>();
        } else {
          WgmmaWaitGroup<1>();
        }
        FenceRegisterArray(d);
        // Never taken; keeps ptxas from pulling later blocks' work above the
        // promotion (wgmma_ring_gemm_body.h).
        if (t >= stages_total) return;
        if (pos == kU - 1) release(t);
        PromoteFoldedBlock(d, fold_factor(sb.x), fold_factor(sb.y), acc);
      };
      if constexpr (kNa == 192) {
        // One partial set: 96 accumulators and 96 partials a thread leave no
        // room for a second (session 19: a second set in flight hid nothing of
        // the promotion at n128 either). The blocks of a stage rolled: unrolled,
        // ptxas kept two blocks' partials live and spilled ~600 bytes.
#pragma unroll 1
        for (int t = 0; t < stages_total; ++t) {
#pragma unroll 1
          for (int v = 0; v < kU; ++v) {
            issue(t, v, acc, d0);
            finish(t, v, d0, true);
          }
        }
      } else {
        float d1[kAccRegs];
#pragma unroll 1
        for (int t = 0; t < stages_total; ++t) {
          issue(t, 0, acc, d0);
#pragma unroll
          for (int v = 0; v < kU; v += 2) {
            issue(t, v + 1, acc, d1);
            finish(t, v, d0, false);
            if (v + 2 < kU) issue(t, v + 2, acc, d0);
            finish(t, v + 1, d1, v + 2 == kU);
          }
        }
      }
      write_partials(acc);
    } else {
      // Any block: a vote per block picks the folded form or the exact
      // fallback (the ring tiles' exact loop); chunks of any length.
      float acc[kAccRegs];
#pragma unroll
      for (int i = 0; i < kAccRegs; ++i) acc[i] = 0.0f;
      float d0[kAccRegs];
      const unsigned char* const flag_row =
          p.a_fold_flags +
          static_cast<int64_t>(m0 / 8 + lane % (kNa / 8)) * RingFlagColumns(groups) + g_lo;
#pragma unroll 1
      for (int t = 0; t < stages_total; ++t) {
        const int j0 = t * kU;
        uint32_t flags = 0u;
        if (j0 < len) flags = __ldg(reinterpret_cast<const uint32_t*>(flag_row + j0));
#pragma unroll
        for (int pos = 0; pos < kU; ++pos) {
          const int j = j0 + pos;
          issue(t, pos, acc, d0);
          const float2 sb = load_sb(t, pos);
          const bool folded = (flags & (0xFFu << (8 * pos))) != 0u;
          const bool scales_fold = scale_folds(sb.x) && scale_folds(sb.y);
          const bool fast = __all_sync(0xFFFFFFFFu, scales_fold && folded);
          WgmmaWaitGroup<0>();
          FenceRegisterArray(d0);
          if (j >= iters) {  // CTA-uniform: the tail of the last stage
            // A persistent CTA's ring runs on: the stage is released all the same.
            if constexpr (kPersistent) {
              if (pos == kU - 1) release(t);
            }
            continue;
          }
          if (pos == kU - 1) release(t);
          // Past this warpgroup's chunk: no block (promoting +0 is not a no-op
          // on a -0 partial; wgmma_ring_gemm_body.h).
          if (j >= len) continue;
          if (fast) {
            PromoteFoldedBlock(d0, fold_factor(sb.x), fold_factor(sb.y), acc);
          } else {
            PromoteRingBlockExact<kNa>(d0, acc, p, g_lo + j, m0, tig, e8m0_value(sb.x),
                                       e8m0_value(sb.y));
          }
        }
      }
      write_partials(acc);
    }

    // ------------------------------------------------------------ combine + store
    if constexpr (!kDirectStore) {
      CombinePartialsAndStore<kConsumerThreads, kBlockN, kNa, kWgsK, /*kReleaseEarly=*/false,
                              /*kNamedBarrierThreads=*/kConsumerThreads>(p, partials, 1, n0, m0);
    }
  };
  if constexpr (kPersistent) {
#pragma unroll 1
    for (int i = 0; i < cta_tiles; ++i) run_tile(cta_tile(i), i * stages_total, i == 0);
  } else {
    run_tile(0, 0, true);
  }
  GridDependencyLaunchDependents();
  StampPhase(p, kPhaseClockEnd);
}

// kPersistent: the persistent form (HasRingWsPersistentForm; gridDim.x CTAs
// walk the one-tile grid's output tiles); kDirectStore: its direct stores.
template <TileConfigId kId, bool kPersistent = false, bool kDirectStore = false>
MXFP4_DEVICE_INLINE void WgmmaRingWsGemmBody(const GemmKernelArgs& p) {
  if (p.b_preshuffled) {
    if (p.b_scales_shuffled16) {
      WgmmaRingWsGemmBodyForLayout<kId, true, true, false, kPersistent, kDirectStore>(p);
    } else {
      WgmmaRingWsGemmBodyForLayout<kId, true, false, false, kPersistent, kDirectStore>(p);
    }
  } else if (p.b_scales_shuffled16) {
    WgmmaRingWsGemmBodyForLayout<kId, false, true, false, kPersistent, kDirectStore>(p);
  } else {
    WgmmaRingWsGemmBodyForLayout<kId, false, false, false, kPersistent, kDirectStore>(p);
  }
}

// The body reading the weight's prepared copy.
template <TileConfigId kId, bool kPersistent = false, bool kDirectStore = false>
MXFP4_DEVICE_INLINE void WgmmaRingWsPreparedGemmBody(const GemmKernelArgs& p,
                                                     const PreparedWeightArgs& prepared) {
  WgmmaRingWsGemmBodyForLayout<kId, false, false, /*kPrepared=*/true, kPersistent, kDirectStore>(
      p, prepared);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_WS_GEMM_BODY_H_
