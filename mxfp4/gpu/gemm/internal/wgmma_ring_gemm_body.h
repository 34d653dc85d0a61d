// File: mxfp4/gpu/gemm/internal/wgmma_ring_gemm_body.h
//
// The CTA body of the e4m3 wgmma ring tiles (TileConfigDesc::wgmma_ring;
// docs/paths.md "e4m3 wgmma ring tiles"), path quant_then_mma, for M >= 64.
//
// Why: the mma.sync bodies run M >= 64 at ~45% of the mma.sync f16 rate and
// the f16 wgmma tiles spend most of their time filling the CTA's whole
// K-range into shared memory (docs/paths.md "Phase clocks"). Here one
// wgmma m64n<block_m>k32 e4m3 instruction forms the exact partial P of a
// whole 32-element block for 64 weight rows x block_m activation rows, and
// nothing but a ring of stages goes through shared memory:
//   - QuantizeAOperand (wgmma order) writes A as E4M3 operands of value/2
//     with the block scale folded in where exact (scale_fold.h), in the
//     no-swizzle K-major core-matrix order of a wgmma B operand (each 8
//     elements' even ones first, then the odd ones: the weights' order), per row tile
//     of block_m rows, so consecutive K-blocks of the tile's rows are one
//     contiguous run (block_m * 32 bytes each), and one fold flag byte per 8
//     rows and block ([8-row group][RingFlagColumns]);
//   - kRingStageBlocks blocks per chunk go into a stage of a RingStages()-deep
//     ring, a "full" mbarrier per stage, by one bulk copy per stage (A in the
//     stage order, ring_stage_order.h: the k4 tiles without a K split over
//     CTAs) or one per chunk; a stage is
//     refilled by the consumer warp whose release (after the stage's last
//     block) completes its count (a shared counter), so there is no producer
//     warp and a CTA of 8 warps may use 255 registers per thread;
//   - warpgroup w (4 warps) owns 64 weight rows and one K-split chunk
//     (chunks start on multiples of 4 blocks); its lanes load their weight
//     words straight from global memory into registers a stage ahead
//     (AlignedWeightRowPair: the body is compiled per weight layout, so a
//     stage's loads are constant offsets from one address per row), convert
//     them to the E4M3 A fragment (Fp4x8ToShiftedE4m3: value x 2^-6, shifts
//     and masks; the promotion takes the 2^-7 back), issue the
//     wgmma from a zero accumulator into one of two partial sets (block j + 1's
//     wgmma runs while block j is promoted), release the stage, and promote
//     acc = fmaf(P', sb, acc) (the folded fast form) or the exact fallback
//     P = P' / sa, acc = fmaf(P, fl(sa * sb), acc) with the scales read from
//     global memory;
//   - each CTA checks once whether all of its blocks take the fast form (its
//     rows' weight scale bytes <= 240, its row tile's fold flags all set) and
//     then runs a loop without per-block votes, flag loads or fallback code;
//     otherwise a loop that votes per block (fold flags loaded with the
//     weights: as 16-byte bulk copies they made the ring crawl) with one
//     partial set.
// Decode kernels (kMmaRows 8 / 16 / 32: M <= 8 / 16 / 32 with 64-row
// tiles): every loop's wgmma covers only the first kMmaRows activation rows,
// and the stages hold only those (the quantizer's row tile is kMmaRows).
// Contract (block_fma with a K-split over the warps_k warpgroups and, with
// p.splits > 1, over a (1, 1, p.splits) cluster of CTAs, or over p.splits
// independent CTAs of the tile, kGridSplit): warpgroup kz of cluster rank
// (or split) r owns chunk c = r * warps_k + kz, blocks [c * chunk,
// min((c + 1) * chunk, k/32)) (empty chunks contribute +0); the chunk
// partials are added in increasing c by CombinePartialsAndStore (or
// CombineThroughWorkspace); clusters of more than two CTAs sum each rank's
// chunks first (CombinePushedRanks: GemmPlan::split_group) and, split over
// the grid too, each cluster's ranks next (CombinePushedRanksThroughWorkspace:
// GemmPlan::split_outer_group).
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_GEMM_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_GEMM_BODY_H_

#include <cstdint>
#include <type_traits>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/combine_through_workspace.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/phase_clock.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_prefetch.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ops.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_pieces.h"
#include "mxfp4/gpu/gemm/internal/wgmma_tile_store.h"

namespace mxfp4::gpu::gemm_internal {

// This lane's part of a block's wgmma A fragment (64 weight rows, E4M3 of
// E2M1 value x 2^-6, even elements then odd ones: Fp4x8ToShiftedE4m3): its
// words of rows gid and gid + 8 (wgmma register order).
struct RingWeightFragment {
  uint32_t a[4];
};
MXFP4_DEVICE_INLINE RingWeightFragment ConvertRingWeights(uint32_t w_row, uint32_t w_row8) {
  const Bytes8 r = Fp4x8ToShiftedE4m3(w_row);
  const Bytes8 r8 = Fp4x8ToShiftedE4m3(w_row8);
  return {{r.lo, r8.lo, r.hi, r8.hi}};
}

// Issues one block's wgmma from a zero accumulator into d (its own commit
// group). The accumulator fence keeps the previous promotion's FFMAs above
// the wgmma (else ptxas sees accumulator reads inside its pipeline stage and
// serializes every wgmma, C7514).
template <int kNa, int kAccRegs, int kDRegs>
MXFP4_DEVICE_INLINE void IssueRingBlock(const RingWeightFragment& w, uint64_t desc,
                                        float (&acc)[kAccRegs], float (&d)[kDRegs]) {
  FenceRegisterArray(acc);
  WgmmaFence();
  WgmmaE4m3RegAZeroAcc<kNa>(d, w.a, desc);
  WgmmaCommitGroup();
}

// The body for one weight layout (compile-time: constant load offsets) and
// K-split form (kCluster: over a (1, 1, p.splits) cluster as well; a kernel
// of its own, so that the cluster-free kernels keep their registers: with a
// runtime cluster size the 128-register tiles spilled more and ran 2-3%
// slower, session 17 call 6). kMmaRows (the decode kernels, M <= 8, 16 or
// 32 with 64-row tiles; 0 otherwise): every loop's wgmma covers only the
// first kMmaRows activation rows (m64n8k32 / m64n16k32 / m64n32k32) and
// promotes only their columns; the other columns stay +0 (rows beyond M,
// never stored), and a stage holds blocks of kMmaRows rows (the quantizer
// writes A per row tile of kMmaRows: RingOperandTileRows).
// Kernels of their own: branching on the rows inside one kernel made the
// 64-row form 1-2.5% slower (more code, other registers; session 28 call 3).
// kMaxStagesOrZero: the ring's depth cap of a decode kernel of its own
// (RingLongDecode), 0 for the default. kGridSplit: K split over p.splits
// independent CTAs of the tile as well (gridDim.z; HasRingGridSplitForm), on
// the deep decode ring of a kernel without a cluster; with kPushedRanks,
// over p.splits / ranks clusters of the tile (HasRingClusterGridSplitForm).
// kPushedRanks: a cluster kernel of more than two CTAs (RingPushesRanks)
// that combines by CombinePushedRanks, its receive area after its plan where
// it fits (RingReceiveAfterPlan), else over the ring; a kernel of its own, so
// that the cluster kernels of two CTAs keep their code.
template <TileConfigId kId, bool kPreshuffled, bool kScalesShuffled16, bool kCluster,
          int kMmaRowsOrZero, int kMaxStagesOrZero, bool kGridSplit, bool kPushedRanks>
MXFP4_DEVICE_INLINE void WgmmaRingGemmBodyForLayout(const GemmKernelArgs& p) {
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
  constexpr int kMmaRows = kMmaRowsOrZero == 0 ? kNa : kMmaRowsOrZero;
  static_assert(kMmaRows == kNa ||
                    (kNa == 64 && (kMmaRows == 8 || kMmaRows == 16 || kMmaRows == 32)),
                "a decode form of a 64-row tile");
  constexpr int kBlockN = kCfg.block_n();
  static_assert(!kGridSplit || (!kCluster && kMaxStagesOrZero == 0 &&
                                HasRingGridSplitForm(kCfg, kMmaRowsOrZero)) ||
                    (kPushedRanks && kMmaRowsOrZero == 0 &&
                     HasRingClusterGridSplitForm(kCfg, kNa, kMaxClusterRanks)),
                "a grid split: the k4 decode kernels without a cluster or the long ring, or "
                "the 64-row k4 kernel's pushing clusters");
  // K split over CTAs (blockIdx.z), in a cluster or not.
  constexpr bool kSplitOverCtas = kCluster || kGridSplit;
  constexpr int kConsumerWarps = kCfg.warps_n * kCfg.warps_k;
  constexpr int kThreads = kCfg.threads();
  constexpr int kAccRegs = kNa / 2;
  // One block of the tile's operand rows: a decode form's A is written per
  // row tile of kMmaRows rows (RingOperandTileRows), so its stages copy only
  // the rows its wgmma reads (with all 64, A's copies out of L2 were twice the
  // weights' bytes at M = 1).
  static_assert(RingDecodeMmaRows(kCfg, kMmaRows) == (kMmaRows < kNa ? kMmaRows : 0),
                "the quantizer's row tile is the decode form's");
  constexpr uint32_t kSubBytes = kMmaRows * 32;
  constexpr int kU = kStreamBatchBlocks;
  constexpr int kStageBlocks = kRingStageBlocks;
  static_assert(kStageBlocks == kU, "a weight batch is a ring stage");
  // Two warpgroups (255 registers each) overlap block j + 1's wgmma with block
  // j's promotion in two partial sets; four (128 registers) keep one set.
  constexpr bool kOverlap = kThreads <= 256;
  // The k4 decode kernels' ring holds more of their narrow stages (the launch
  // sizes shared memory by this plan: LaunchRingDecodeKernel).
  constexpr int kRingRows = RingDeepDecodeRows(kCfg, kMmaRowsOrZero, kCluster);
  static_assert(kMaxStagesOrZero == 0 || kRingRows != 0, "a depth cap of a k4 decode kernel");
  constexpr SmemPlan kPlan = MakeRingSmemPlan(kCfg, kRingRows, kMaxStagesOrZero);
  static_assert(kPlan.total <= static_cast<uint32_t>(kMaxDynamicSmem), "shared memory");
  constexpr int kRingStages = RingStages(kCfg, kRingRows, kMaxStagesOrZero);
  static_assert(kRingStages >= 2 && (kRingStages & (kRingStages - 1)) == 0, "ring depth");
  constexpr int kRingStagesLog2 = __builtin_ctz(kRingStages);
  static_assert(!kPushedRanks || (kCluster && kWgsK > 1), "a K-split cluster's combine");
  // kPushedRanks: CombinePushedRanks' receive area over the ring, its barrier
  // in the barriers' alignment slack (RingReceiveFits, on the tile's own ring).
  static_assert(!kPushedRanks ||
                    (kRingRows == 0 && kMaxStagesOrZero == 0 && RingReceiveFits(kCfg, kMmaRows)),
                "the receive area fits the ring, its barrier the slack");

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  unsigned char* const ring = smem + kPlan.a_stages;  // [stage][kz][block][kSubBytes]
  float* const partials = reinterpret_cast<float*>(smem + kPlan.c_tile);
  const uint32_t bars = SharedAddress(smem + kPlan.barriers);
  auto full_bar = [bars](int s) { return bars + 8u * static_cast<uint32_t>(s); };
  const uint32_t receive_bar = full_bar(kRingStages);  // kPushedRanks

  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid & 31;
  // Broadcast from lane 0: the compiler then knows the warp index (and the
  // warpgroup's descriptors, stage addresses) to be warp-uniform and keeps
  // them in uniform registers (each block's wgmma descriptor was built in
  // vector registers and moved over with R2UR).
  const int warp = __shfl_sync(0xFFFFFFFFu, tid >> 5, 0);
  const int gid = lane >> 2;
  const int tig = lane & 3;
  const int n0 = static_cast<int>(blockIdx.x) * kBlockN;
  const int m0 = static_cast<int>(blockIdx.y) * kNa;
  const int groups = p.k >> 5;
  const int chunk = p.blocks_per_split;
  // This CTA's first chunk: its rank in the K-split cluster or its split (0
  // without one).
  const int c0 = kSplitOverCtas ? static_cast<int>(blockIdx.z) * kWgsK : 0;
  // Chunk 0 is the longest: every warpgroup walks this many blocks (a shorter
  // trailing chunk idles through its last ones, so the ring stays in step).
  const int iters = min(chunk, groups);

  // A stage holds kStageBlocks consecutive K-blocks of every chunk; stage t
  // (blocks 4t .. 4t + 3 of each chunk) lives in slot t % kRingStages and is
  // refilled (stage t + kRingStages) by the warp whose release of stage t
  // completes its count: no producer warp, so a CTA is 2 warpgroups
  // (2 warps per scheduler: up to 255 registers per thread). One wait and one
  // release per stage, not per block: a synchronization per block cost as much
  // as the block's math (wgmma_step_benchmark).
  unsigned* const releases = reinterpret_cast<unsigned*>(smem + kPlan.a_scales);
  // This row tile's A: [block][kSubBytes], consecutive blocks contiguous;
  // from this CTA's first chunk on (fills then address the CTA's chunks as
  // without a cluster: no extra register live across the loop).
  const unsigned char* const ops = p.a_ops + static_cast<int64_t>(m0) * groups * 32 +
                                   static_cast<int64_t>(c0) * chunk * kSubBytes;
  const int groups_left = groups - c0 * chunk;  // blocks from the CTA's first chunk on
  const int stages_total = (iters + kStageBlocks - 1) / kStageBlocks;
  const uint32_t ring_base = SharedAddress(ring);
  // A stage one run of A (the quantizer's stage order; the host's same rule,
  // never with a K split over CTAs: a compile-time false there, since a runtime
  // test cost those kernels ~1%, session 42 call 4).
  const bool stage_ordered =
      !kSplitOverCtas && RingStageInterleaveChunk(kWgsK, chunk, groups) != 0;
  auto fill = [&](int t) {  // one thread
    const int s = t & (kRingStages - 1);
    FillRingActivationStage<kWgsK, kStageBlocks, kSubBytes>(
        ring_base + s * kWgsK * kStageBlocks * kSubBytes, ops, chunk, groups_left,
        t * kStageBlocks, full_bar(s), stage_ordered);
  };
  // One stage's barrier a thread: each init compiles to a shared exchange and
  // a fence, run once per CTA from a cold instruction cache (a loop of
  // kRingStages in thread 0 was ~100 of the kernel's ~550 once-per-warp
  // instructions: session 21's source views).
  static_assert(kRingStages <= kThreads, "one thread per stage");
  if (tid < kRingStages) {
    MbarrierInitCount(full_bar(tid), 1);
    releases[tid] = 0u;
    MbarrierInitFence();
  }
  // The K-split cluster's CTAs and this CTA's rank in it (kPushedRanks): a
  // grid split of clusters has gridDim.z = clusters x ranks.
  constexpr bool kClustersOverGrid = kGridSplit && kPushedRanks;
  const int split_ranks = kClustersOverGrid ? static_cast<int>(ClusterCtaCount()) : p.splits;
  const int split_rank = kClustersOverGrid ? static_cast<int>(blockIdx.z) % split_ranks
                                           : static_cast<int>(blockIdx.z);
  if constexpr (kPushedRanks) {
    static_assert(kRingStages < kThreads, "a thread of its own");
    if (tid == kRingStages) {
      InitPushedRanksReceive<kBlockN, kMmaRows>(split_ranks, split_rank, receive_bar);
    }
  }
  __syncthreads();
  // With a cluster: every rank's barriers are initialized before any rank's
  // first fill (the wait is just before it, by when every peer has long
  // arrived). Not needed for correctness - a rank's copies complete on its
  // own barriers only - but without it racecheck paired rank r's init with
  // rank 0's copy at the same CTA-local offset and reported a hazard in about
  // a third of its runs (sessions 23-25). Relaxed: a release arrive cost 3-5%
  // on every cluster shape, this one <= 1% but on 128x2048x2048 (+4%;
  // docs/paths-history.md "Measured (2026-12-01, session 25)").
  if constexpr (kCluster) ClusterArriveRelaxed();

  const int wg = warp >> 2;
  const int kz = wg / kWgsN;
  // ------------------------------------------------------------ main loop
  const int wn = wg % kWgsN;
  const int row0 = n0 + wn * 64 + (warp & 3) * 16;
  // g_lo is a multiple of kRingChunkAlignBlocks (the planner rounds ring
  // chunks), so every loop step starts on one: constant load offsets.
  static_assert(kRingChunkAlignBlocks == kU, "a loop step is an aligned chunk");
  const int g_lo = min((c0 + kz) * chunk, groups);
  const int len = min(g_lo + chunk, groups) - g_lo;
  const AlignedWeightRowPair<kPreshuffled, kScalesShuffled16> rows(p, row0 + gid, tig);
  // The loop step at j0: blocks j0 .. j0 + kU - 1.
  auto load_batch = [&](int j0, StreamBatch& b) { rows.Load4(g_lo + j0, len - j0, b); };
  // Fold flags: [8-row group][RingFlagColumns] bytes; lane l reads group
  // l % (kNa / 8) of the tile (the warp's lanes cover them all; a vote
  // combines), 4 blocks per 4-byte load. Blocks past the chunk are never read
  // (they are not promoted).
  const unsigned char* const flag_row =
      p.a_fold_flags + static_cast<int64_t>(m0 / 8 + lane % (kNa / 8)) * RingFlagColumns(groups) +
      g_lo;
  auto load_flags = [&](int j0, uint32_t& f) {
    f = 0u;
    if (j0 < len) f = __ldg(reinterpret_cast<const uint32_t*>(flag_row + j0));
  };
  // The first batch (weights are not the quantizer's: before the wait; the
  // quantizer releases this kernel only after its own wait for the kernel
  // before it, which may have written them). A
  // whole first step takes the fast loop's unchecked loads (a quarter of the
  // predicated Load4's instructions: one-shot code costs ~3 cycles an
  // instruction, docs/paths-history.md "Learned in session 8"); rows at or beyond N
  // then hold row n's (or row 0's) bytes instead of zeros, which neither loop
  // stores.
  // A whole step's words and scale bytes from block g on, unchecked (the step
  // lies inside the chunk).
  auto load_step_unchecked = [&](int g, StreamBatch& b) {
    using Rows = AlignedWeightRowPair<kPreshuffled, kScalesShuffled16>;
    const typename Rows::StepAddresses a = rows.Step(g);
#pragma unroll
    for (int u = 0; u < kU; ++u) {
      Rows::LoadWordsUnchecked(a, u, b.w_row[u], b.w_row8[u]);
      Rows::LoadScalesUnchecked(a, u, b.s_row[u], b.s_row8[u]);
    }
  };
  StreamBatch cur;
  if (len >= kU) {
    load_step_unchecked(g_lo, cur);
  } else {
    load_batch(0, cur);
  }
  // Weight steps in flight in the fast loop (`cur`, `ahead`, `further`,
  // taken in turn): the M <= 16 decode kernels keep two - with one their loop
  // waited on its weight words (session 34, Nsight Compute on 1x8192x22016;
  // call 9: 16x16384x16384 57.7 -> 52.0 us, 1x8192x22016 42.5 -> 40.6,
  // others within 2%; the 32-row ones lost up to 1.56x: registers) - and the
  // long-chunk M <= 8 kernel (RingLongDecode) kLongDecodeStepsAhead = 3
  // (session 38 call 2, three rounds: 1x8192x22016 38.96 -> 37.36 us,
  // 8x8192x22016 39.01 -> 37.45, 1x5120x17920 28.25 -> 27.82, its other shapes
  // within 1%; four lost up to 3%; three on every M <= 8 k4 kernel and the
  // two-warpgroup ones cost up to 6% where chunks are shorter, call 1:
  // 1x8192x8192 13.0 -> 13.8). Unused batches stay +0 and are never read.
  constexpr int kStepsAhead = kMaxStagesOrZero != 0 ? kLongDecodeStepsAhead
                              : kMmaRows <= 16      ? 2
                                                    : 1;
  [[maybe_unused]] StreamBatch ahead{};
  [[maybe_unused]] StreamBatch further[kStepsAhead > 2 ? kStepsAhead - 2 : 1]{};
  if constexpr (kStepsAhead >= 2) {
    if (len >= 2 * kU) load_step_unchecked(g_lo + kU, ahead);
  }
#pragma unroll
  for (int i = 2; i < kStepsAhead; ++i) {
    if (len >= (i + 1) * kU) load_step_unchecked(g_lo + i * kU, further[i - 2]);
  }
  // The weight half of the fast-form check (below): its loads now, in flight
  // across the wait for the quantizer and the first fills. (Examined before
  // the wait, it ran ~0.7K cycles past the quantizer's end and the fills
  // waited for it; examined after the fills, its load latency came after
  // theirs, before the fold flags' own.)
  const WeightScaleByteCheck<kThreads> weight_scales(p, n0, kBlockN, tid);
  // Everything read of A (ring, fold flags, the fallback's scales) is the
  // preceding quantizer's output.
  GridDependencyWait();
  StampPhase(p, kPhaseClockDependency);
  // Stages 0 and 1 now, one per warp (a fill is ~20 instructions of address
  // math per copy: from one thread they held the first wgmma back); the
  // other first stages after stage 0 has landed (below).
  constexpr int kEarlyStages = 2;
  // The first fills come from the second warpgroup's warps (rotated by 4).
  // Measured (H200, session 9, phase clocks): entry -> ready 2.65K -> 2.38K
  // cycles (m128), 2.72K -> 2.50K (m64); the first warpgroup had finished
  // its math ~0.57K (m128) cycles after the second, now ~0.19K before it.
  const int filler = (warp + 4) % kConsumerWarps;
  if constexpr (kCluster) ClusterWait();
  if (lane == 0) {
    for (int t = filler; t < min(kEarlyStages, stages_total); t += kConsumerWarps) fill(t);
  }
  // GemmOptions::cold_weights: the CTA's whole weight tile into L2 behind the
  // first fills (the 64x64 k2 tile's M > 32 form over all of K: the planner
  // sets the flag only for it, GemmPlan::prefetches_weight; the other ring
  // forms gained nothing cold, session 45).
  if constexpr (!kSplitOverCtas && kMmaRows == kNa && TakesColdWeightPrefetch(kId)) {
    if (p.prefetch_weight_tile != 0) {
      PrefetchWeightTileToL2<kScalesShuffled16>(p, n0, kBlockN, tid);
    }
  }
  // Whether the whole CTA can take the fast form (every block folded, every
  // weight scale byte <= 240; scale_fold.h): then its loop has no per-block
  // vote, flag loads or fallback code (a third smaller: fewer instruction
  // cache misses). Checked while the first stages are in flight: the fold
  // flags of the tile's 8-row groups for all blocks (the padding columns read
  // as folded), then the weight scales loaded before the wait.
  bool cta_fast = RingTileFlagsAllFolded<kNa, kThreads>(p, m0, groups, tid);
  cta_fast = cta_fast && weight_scales.template AllAtMost<kFoldMaxWeightScaleByte>();
  // Where the chunks are not whole ring steps (K-blocks not a multiple of 4 x
  // warpgroups x cluster, e.g. K = 2880), a CTA whose blocks all fold takes
  // the partial loop. Not on the four-warpgroup (k4) tiles: they sit at the
  // 128-register cap, and a third loop moved their fast loop's spills, 2-5%
  // slower on every shape they run (session 33 call 1: 1x8192x8192 15.8 ->
  // 16.5 us, 64x4096x4096 c2 10.4 -> 10.75); auto keeps off-step K on the k2
  // tile. (Their code here kept session 33's PTX until session 58: the
  // warp-uniform vote below, theirs since sessions 58-60, cut their spills.)
  constexpr bool kPartialLoop = kWgsK < 4;
  // The vote warp-uniform (WarpUniform): the loops lose their R2URs (ptxas
  // keeps the wgmma descriptors in uniform registers). Sessions 57-59 took it
  // form by form (the n64 m8 forms and the k2 m16 one without a cluster lost
  // 1-2% with it); those losses came from the release's atomic, which ptxas
  // made warp-aggregated in warp-uniform code: with the elected releasing
  // lane (`release` below) every form is faster with it (session 60 calls 2-3,
  // H100: 64x7168x2048 7.80 -> 7.55 us, 16x7168x2048 6.27 -> 6.03, 8x2048x22016
  // 26.97 -> 24.85, 8x7168x4096 8.13 -> 8.04).
  auto cta_vote = [](bool v) { return WarpUniform(__syncthreads_and(v)) != 0; };
  [[maybe_unused]] bool cta_folds = false;
  if constexpr (kPartialLoop) {
    cta_folds = cta_vote(cta_fast);
    cta_fast = cta_folds;
  }
  // The fast loop has no tail: every chunk of the CTA is whole stages of
  // equal length (split over CTAs, later ones' chunks may be short or empty).
  if constexpr (kSplitOverCtas) {
    cta_fast = cta_fast && chunk % kU == 0 && (c0 + kWgsK) * chunk <= groups;
  } else {
    cta_fast = cta_fast && chunk % kU == 0 && groups == kWgsK * chunk;
  }
  if constexpr (!kPartialLoop) cta_fast = cta_vote(cta_fast);
  // The other first stages once stage 0 has landed: every CTA asks L2 for
  // its first stages alone first.
  MbarrierWait(full_bar(0), 0u);
  StampPhase(p, kPhaseClockReady);
  if (lane == 0) {
    for (int t = kEarlyStages + filler; t < min(kRingStages, stages_total); t += kConsumerWarps) {
      fill(t);
    }
  }

  // Both loops: slot 0 of this warpgroup's chunk, the stage release, and the
  // accumulator's way out (through shared memory, so the two loops share no
  // register state but `cur`: a shared accumulator made ptxas spill).
  const uint64_t desc_own =
      MatrixDescriptorNoSwizzle(ring_base + kz * kStageBlocks * kSubBytes, 128, 256);
  // After a stage's last block the stage is free once every consumer warp's
  // wgmma has read it; the warp that completes the count refills it. Relaxed
  // on purpose: the stage's only readers are the wgmma, complete at the
  // wait_group before. (A partial last stage is never released: nothing
  // follows it.)
  // The releasing lane by elect.sync, not `lane == 0`: in this warp-uniform
  // code ptxas made lane 0's atomicAdd warp-aggregated (ElectOneSync).
  auto release = [&](int t) {
    __syncwarp();
    if (ElectOneSync()) {
      const int s = t & (kRingStages - 1);
      if (atomicAdd(&releases[s], 1u) == kConsumerWarps - 1) {
        releases[s] = 0u;
        if (t + kRingStages < stages_total) fill(t + kRingStages);
      }
    }
  };
  // Without a K-split, a lone CTA's tile inside C (bf16, N % 8 == 0) is
  // stored from the accumulators (wgmma_tile_store.h); any other through the
  // partials.
  static_assert(WgmmaTileStoreSmem<kNa, kBlockN>::kBytes <= RingPartialBytes(kCfg),
                "the direct store's staging fits in the partials' space");
  const bool direct_store =
      kWgsK == 1 && WgmmaTileStoresDirect<kNa, kBlockN>(p, kCluster ? p.splits : 1, n0, m0);
  auto write_partials = [&](const float (&acc)[kAccRegs]) {
    StampPhase(p, kPhaseClockMathDone);
    StampPhaseByThread(p, kPhaseClockMathDoneWg1, 128u);
    if (direct_store) {
      StoreWgmmaTileBf16<kNa, kBlockN>(p, smem + kPlan.c_tile, acc, wn, warp & 3, lane, n0, m0);
    } else {
      WriteRingPartials<kNa, kBlockN, kMmaRows>(partials, acc, kz, wn * 64 + (warp & 3) * 16,
                                                gid, tig);
    }
  };
  static_assert(kU % 2 == 0, "blocks alternate between d0 and d1");

  // ------------------------------------------------------------ fast loop
  // Every block of the CTA takes the folded form and every chunk is `iters`
  // blocks of whole stages (groups == kWgsK * chunk; checked below): no tail
  // blocks, no per-block vote, flag or fallback code, and weight loads with
  // no predicate. Each of `cur`'s registers is reloaded with the next step's
  // block as soon as this step has used it (no second batch, no copies at
  // the back edge); the last step reloads its own blocks. Per block: the
  // conversion, one wgmma from a zero accumulator, the promotion.
  // 2 warpgroups keep two partial sets (block j + 1's wgmma runs while block
  // j is promoted), 4 one. No wgmma stays in flight across the back edge
  // (ptxas serializes every wgmma when one does, C7514).
  // The wgmma's N is kMmaRows (the decode kernels: fewer than kNa).
  auto fast_loop = [&]() {
    constexpr int kDRegs = kMmaRows / 2;
    float acc[kAccRegs];
#pragma unroll
    for (int i = 0; i < kAccRegs; ++i) acc[i] = 0.0f;
    float d0[kDRegs];  // write-only wgmma outputs: no initialization
    [[maybe_unused]] float d1[kDRegs];
    using Rows = AlignedWeightRowPair<kPreshuffled, kScalesShuffled16>;
    using Step = typename Rows::StepAddresses;
    // Block pos of stage t (this warpgroup's blocks 4t + pos; pos a constant
    // of the unrolled step); `next` = the next step's weight addresses.
    auto issue = [&](int t, int pos, StreamBatch& b, const Step& next, float (&d)[kDRegs]) {
      const int s = t & (kRingStages - 1);
      if (pos == 0) MbarrierWait(full_bar(s), static_cast<uint32_t>(t >> kRingStagesLog2) & 1u);
      const RingWeightFragment w = ConvertRingWeights(b.w_row[pos], b.w_row8[pos]);
      Rows::LoadWordsUnchecked(next, pos, b.w_row[pos], b.w_row8[pos]);
      const uint64_t desc = MatrixDescriptorOffset(
          desc_own, static_cast<uint32_t>((s * kWgsK * kStageBlocks + pos) * kSubBytes));
      IssueRingBlock<kMmaRows>(w, desc, acc, d);
    };
    // Waits for the block's wgmma (the next block's may stay in flight unless
    // `drain`), releases the stage after its last block, promotes.
    auto finish = [&](int t, int pos, StreamBatch& b, const Step& next, float (&d)[kDRegs],
                      bool drain) {
      if (drain) {
        WgmmaWaitGroup<0>();
      } else {
        WgmmaWaitGroup<1>();
      }
      FenceRegisterArray(d);  // reads of d stay below the wait
      // Never taken (t < stages_total here), but ptxas does not schedule
      // across a branch: without it, it pulled later blocks' work above the
      // promotion (n64 tiles 225 instead of 172 registers, spills in the
      // m128 tile).
      if (t >= stages_total) return;
      if (pos == kStageBlocks - 1) release(t);
      const float sb_row = FoldedWeightScaleShifted(b.s_row[pos]);
      const float sb_row8 = FoldedWeightScaleShifted(b.s_row8[pos]);
      Rows::LoadScalesUnchecked(next, pos, b.s_row[pos], b.s_row8[pos]);
      PromoteFoldedBlock(d, sb_row, sb_row8, acc);
    };
    // Loop step j0 from batch b, reloading b with the step at `next`.
    auto step = [&](int j0, StreamBatch& b, const Step& next) {
      const int t = j0 / kU;
      if constexpr (kOverlap) {
        issue(t, 0, b, next, d0);
#pragma unroll
        for (int v = 0; v < kU; v += 2) {
          issue(t, v + 1, b, next, d1);
          finish(t, v, b, next, d0, false);
          if (v + 2 < kU) issue(t, v + 2, b, next, d0);
          finish(t, v + 1, b, next, d1, v + 2 == kU);
        }
      } else {
#pragma unroll
        for (int v = 0; v < kU; ++v) {
          issue(t, v, b, next, d0);
          finish(t, v, b, next, d0, true);
        }
      }
    };
    // The step ahead_steps after j0's, or the chunk's last one (reloaded,
    // never used).
    auto step_after = [&](int j0, int ahead_steps) {
      return rows.Step(g_lo + min(j0 + ahead_steps * kU, len - kU));
    };
    if constexpr (kStepsAhead >= 3) {
      // Runs of kStepsAhead steps (cur, ahead, further[0], ...; each
      // reloaded kStepsAhead steps on), then the last steps from cur, the
      // batches moved down after each (the copies wait for loads the next
      // step needs anyway).
      constexpr int kS = kStepsAhead;
      int j0 = 0;
#pragma unroll 1
      for (; j0 + (kS - 1) * kU < iters; j0 += kS * kU) {
        step(j0, cur, step_after(j0, kS));
        step(j0 + kU, ahead, step_after(j0, kS + 1));
#pragma unroll
        for (int i = 2; i < kS; ++i) step(j0 + i * kU, further[i - 2], step_after(j0, kS + i));
      }
#pragma unroll 1
      for (; j0 < iters; j0 += kU) {
        step(j0, cur, step_after(j0, kS));
        cur = ahead;
        ahead = further[0];
#pragma unroll
        for (int i = 2; i < kS - 1; ++i) further[i - 2] = further[i - 1];
      }
    } else if constexpr (kStepsAhead == 2) {
      // Pairs of steps (cur, then ahead; each reloaded two steps on), then
      // an odd last step from cur.
      int j0 = 0;
#pragma unroll 1
      for (; j0 + kU < iters; j0 += 2 * kU) {
        step(j0, cur, step_after(j0, 2));
        step(j0 + kU, ahead, step_after(j0, 3));
      }
#pragma unroll 1
      for (; j0 < iters; j0 += kU) step(j0, cur, step_after(j0, 2));
    } else {
#pragma unroll 1
      for (int j0 = 0; j0 < iters; j0 += kU) step(j0, cur, step_after(j0, 1));
    }
    write_partials(acc);
  };

  // ------------------------------------------------------------ partial loop
  // Every block of the CTA folds but its chunks are not whole, equal ring
  // steps. While this warpgroup's next step is whole, the fast loop's steps
  // (unchecked loads of the next step into `cur` as it is used); from the
  // step before the first partial one on, the exact loop's form without its
  // votes: checked loads (nothing read past the chunk), one block at a time,
  // blocks past the chunk issuing their wgmma on chunk 0's operands (a wgmma
  // on a branch serializes every wgmma, C7518) and never promoted.
  auto partial_loop = [&]() {
    constexpr int kDRegs = kMmaRows / 2;
    float acc[kAccRegs];
#pragma unroll
    for (int i = 0; i < kAccRegs; ++i) acc[i] = 0.0f;
    float d0[kDRegs];  // write-only wgmma outputs: no initialization
    [[maybe_unused]] float d1[kDRegs];
    using Rows = AlignedWeightRowPair<kPreshuffled, kScalesShuffled16>;
    using Step = typename Rows::StepAddresses;
    const uint64_t desc_first = MatrixDescriptorNoSwizzle(ring_base, 128, 256);
    // Block j (pos = j % kU) from `cur`: past the chunk on chunk 0's operand.
    auto issue = [&](int j, int pos, float (&d)[kDRegs]) {
      const int t = j / kU;
      const int s = t & (kRingStages - 1);
      if (pos == 0) MbarrierWait(full_bar(s), static_cast<uint32_t>(t >> kRingStagesLog2) & 1u);
      const RingWeightFragment w = ConvertRingWeights(cur.w_row[pos], cur.w_row8[pos]);
      const uint64_t desc = MatrixDescriptorOffset(
          j < len ? desc_own : desc_first,
          static_cast<uint32_t>((s * kWgsK * kStageBlocks + pos) * kSubBytes));
      IssueRingBlock<kMmaRows>(w, desc, acc, d);
    };
    // Waits for block j's wgmma (the next block's may stay in flight unless
    // `drain`), releases the stage after its last block, promotes.
    auto finish = [&](int j, int pos, float (&d)[kDRegs], bool drain) {
      if (drain) {
        WgmmaWaitGroup<0>();
      } else {
        WgmmaWaitGroup<1>();
      }
      FenceRegisterArray(d);  // reads of d stay below the wait
      if (pos == kStageBlocks - 1) release(j / kU);
      if (j >= len) return;  // past the chunk (warp-uniform): no block
      PromoteFoldedBlock(d, FoldedWeightScaleShifted(cur.s_row[pos]),
                         FoldedWeightScaleShifted(cur.s_row8[pos]), acc);
    };
    // Steps [0, fast_end), whose next step is whole too: as the fast loop,
    // each of `cur`'s registers reloaded with the next step's block once used.
    const int fast_end = len / kU * kU - kU;
#pragma unroll 1
    for (int j0 = 0; j0 < fast_end; j0 += kU) {
      const Step next = rows.Step(g_lo + j0 + kU);
      auto issue_reload = [&](int v, float (&d)[kDRegs]) {
        issue(j0 + v, v, d);
        Rows::LoadWordsUnchecked(next, v, cur.w_row[v], cur.w_row8[v]);
      };
      auto finish_reload = [&](int v, float (&d)[kDRegs], bool drain) {
        finish(j0 + v, v, d, drain);
        Rows::LoadScalesUnchecked(next, v, cur.s_row[v], cur.s_row8[v]);
      };
      if constexpr (kOverlap) {
        issue_reload(0, d0);
#pragma unroll
        for (int v = 0; v < kU; v += 2) {
          issue_reload(v + 1, d1);
          finish_reload(v, d0, false);
          if (v + 2 < kU) issue_reload(v + 2, d0);
          finish_reload(v + 1, d1, v + 2 == kU);
        }
      } else {
#pragma unroll
        for (int v = 0; v < kU; ++v) {
          issue_reload(v, d0);
          finish_reload(v, d0, true);
        }
      }
    }
    // The rest: checked loads of the next step, one block at a time.
    StreamBatch next;
#pragma unroll 1
    for (int j0 = max(fast_end, 0); j0 < iters; j0 += kU) {
      load_batch(j0 + kU, next);
#pragma unroll
      for (int v = 0; v < kU; ++v) {
        issue(j0 + v, v, d0);
        finish(j0 + v, v, d0, true);
      }
      cur = next;
    }
    write_partials(acc);
  };

  // ------------------------------------------------------------ exact loop
  // Any block: a vote per block (fold flags and weight scale bytes) picks the
  // folded form or the exact fallback; chunks of any length (a shorter
  // trailing chunk idles through its last blocks: wgmmas on chunk 0's
  // operands, never promoted). One partial set; the next step's batch is in
  // flight meanwhile.
  auto exact_loop = [&]() {
    float acc[kAccRegs];
#pragma unroll
    for (int i = 0; i < kAccRegs; ++i) acc[i] = 0.0f;
    uint32_t flags_cur = 0u;
    load_flags(0, flags_cur);
    float d0[kMmaRows / 2];  // the decode forms: their rows only (as the fast loop)

    const uint64_t desc_first = MatrixDescriptorNoSwizzle(ring_base, 128, 256);
    // Issues block j's wgmma into d (after its stage has landed). Blocks at or
    // beyond `iters` (the tail of the last batch) issue one too, on a stage
    // they do not wait for, and are never promoted: a wgmma and its waits on a
    // branch make ptxas serialize every wgmma (C7518).
    // `pos` = j % kStageBlocks, a constant of the unrolled loop (j0 is a
    // multiple of kU = kStageBlocks): the first block of a stage waits.
    auto issue = [&](int j, int pos, uint32_t w_row, uint32_t w_row8, float (&d)[kMmaRows / 2]) {
      const int t = j / kStageBlocks;
      const int s = t & (kRingStages - 1);
      if (pos == 0) {
        // Beyond the last stage, wait for the slot's last completed phase
        // (returns at once; a fresh slot's "phase -1" counts as completed).
        const int phases =
            s < stages_total ? ((stages_total - 1 - s) >> kRingStagesLog2) + 1 : 0;
        const uint32_t parity =
            static_cast<uint32_t>(t < stages_total ? t >> kRingStagesLog2 : phases + 1) & 1u;
        MbarrierWait(full_bar(s), parity);
      }
      const RingWeightFragment w = ConvertRingWeights(w_row, w_row8);
      // A warpgroup past its chunk (zero weights) reads chunk 0's block (an
      // operand in shared memory that has landed); its P is never promoted.
      const uint64_t desc = MatrixDescriptorOffset(
          j < len ? desc_own : desc_first,
          static_cast<uint32_t>((s * kWgsK * kStageBlocks + pos) * kSubBytes));
      IssueRingBlock<kMmaRows>(w, desc, acc, d);
    };
    // Waits for block j's wgmma, releases its stage and promotes d.
    // `flags`: the fold flag bytes of the block's batch (= its stage), this
    // block's at byte pos.
    auto finish = [&](int j, int pos, uint32_t s_row, uint32_t s_row8, uint32_t flags,
                      float (&d)[kMmaRows / 2]) {
      const bool folded = (flags & (0xFFu << (8 * pos))) != 0u;
      const bool scales_fold =
          s_row <= kFoldMaxWeightScaleByte && s_row8 <= kFoldMaxWeightScaleByte;
      const bool fast = __all_sync(0xFFFFFFFFu, scales_fold && folded);
      WgmmaWaitGroup<0>();
      FenceRegisterArray(d);  // reads of d stay below the wait
      if (j >= iters) return;  // CTA-uniform
      if (pos == kStageBlocks - 1) release(j / kStageBlocks);
      // Past the chunk (warp-uniform): no block. Promoting its P = +0 was not
      // a no-op: fmaf(+0, sb, -0) is +0, and a chunk partial can be -0 (every
      // block term a negative product that underflows, e.g. P = -0.25 with
      // sa * sb = 2^-149), which the contract keeps.
      if (j >= len) return;
      if (fast) {
        PromoteFoldedBlock(d, FoldedWeightScaleShifted(s_row), FoldedWeightScaleShifted(s_row8),
                           acc);
      } else {
        PromoteRingBlockExact<kMmaRows>(d, acc, p, g_lo + j, m0, tig, quant::E8m0ToFloat(s_row),
                                        quant::E8m0ToFloat(s_row8));
      }
    };
    // Per loop step one stage of kU blocks from `cur`; `next` (the following
    // step's weights, predicated: nothing beyond the chunk) is in flight
    // meanwhile. Blocks past `iters` run as no-ops (the tail).
    StreamBatch next;
    uint32_t flags_next = 0u;
#pragma unroll 1
    for (int j0 = 0; j0 < iters; j0 += kU) {
      load_batch(j0 + kU, next);
      load_flags(j0 + kU, flags_next);
#pragma unroll
      for (int v = 0; v < kU; ++v) {
        issue(j0 + v, v, cur.w_row[v], cur.w_row8[v], d0);
        finish(j0 + v, v, cur.s_row[v], cur.s_row8[v], flags_cur, d0);
      }
      cur = next;
      flags_cur = flags_next;
    }
    write_partials(acc);
  };
  if (cta_fast) {
    fast_loop();
  } else if (kPartialLoop && cta_folds) {
    partial_loop();
  } else {
    exact_loop();
  }

  // ------------------------------------------------------------ combine + store
  // The next call's quantizer (programmatic) is released after the stores:
  // measured (H200, session 10, two A/B pairs in one call) 64x7168x2048 8.86 /
  // 8.82 against 8.99 / 8.97 us, 256x3072x1536 unchanged (10.46 / 10.43
  // against 10.43 / 10.42); the streaming tiles keep the early release
  // (16x2112x7168 lost 0.36 us with it late).
  // A decode kernel combines only its kMmaRows rows (M <= kMmaRows, one row
  // tile): the partials hold those alone (write_partials).
  // kPushedRanks: the receive area after the plan where it fits (the
  // launch's MakeLaunchSmemPlan adds it), else over the ring.
  constexpr bool kAfterPlan = RingReceiveAfterPlan(kCfg);
  constexpr PushedReceive kReceive =
      kAfterPlan ? PushedReceive::kPublished : PushedReceive::kInRing;
  [[maybe_unused]] const float* const receive =
      reinterpret_cast<const float*>(kAfterPlan ? smem + kPlan.total : ring);
  if constexpr (kClustersOverGrid) {
    CombinePushedRanksThroughWorkspace<kThreads, kBlockN, kMmaRows, kWgsK, kReceive>(
        p, partials, receive, receive_bar, split_ranks, split_rank, n0, m0);
  } else if constexpr (kGridSplit) {
    CombineThroughWorkspace<kThreads, kBlockN, kMmaRows, kWgsK>(p, partials, n0, m0);
  } else if constexpr (kPushedRanks) {
    CombinePushedRanks<kThreads, kBlockN, kMmaRows, kWgsK, kReceive>(
        p, partials, receive, receive_bar, split_ranks, split_rank, n0, m0);
  } else if (!direct_store) {
    CombinePartialsAndStore<kThreads, kBlockN, kMmaRows, kWgsK, /*kReleaseEarly=*/false,
                            /*kNamedBarrierThreads=*/0, /*kPullAcrossRanks=*/kCluster>(
        p, partials, kCluster ? p.splits : 1, n0, m0);
  }
  GridDependencyLaunchDependents();
  StampPhase(p, kPhaseClockEnd);
}

// kMmaRows: the fast loop's wgmma N (0: the tile's activation rows);
// kMaxStages: the ring's depth cap (0: the default; RingLongDecode);
// kGridSplit: K split over independent CTAs too; kPushedRanks: clusters of
// more than two CTAs that push (RingPushesRanks).
template <TileConfigId kId, bool kCluster = false, int kMmaRows = 0, int kMaxStages = 0,
          bool kGridSplit = false, bool kPushedRanks = false>
MXFP4_DEVICE_INLINE void WgmmaRingGemmBody(const GemmKernelArgs& p) {
  if (p.b_preshuffled) {
    if (p.b_scales_shuffled16) {
      WgmmaRingGemmBodyForLayout<kId, true, true, kCluster, kMmaRows, kMaxStages, kGridSplit,
                                 kPushedRanks>(p);
    } else {
      WgmmaRingGemmBodyForLayout<kId, true, false, kCluster, kMmaRows, kMaxStages, kGridSplit,
                                 kPushedRanks>(p);
    }
  } else if (p.b_scales_shuffled16) {
    WgmmaRingGemmBodyForLayout<kId, false, true, kCluster, kMmaRows, kMaxStages, kGridSplit,
                               kPushedRanks>(p);
  } else {
    WgmmaRingGemmBodyForLayout<kId, false, false, kCluster, kMmaRows, kMaxStages, kGridSplit,
                               kPushedRanks>(p);
  }
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_GEMM_BODY_H_
