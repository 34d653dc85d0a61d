// File: mxfp4/gpu/gemm/internal/stream_gemm_body.h
//
// The CTA body of the streaming tiles (TileConfigDesc::stream_b; docs/paths.md
// "Streaming tiles"), used by the fused_quant and splitk_small_m kernels.
//
// Why a second body: for small M the pipelined body (tile_gemm_body.h) is
// latency-bound. Every stage waits for a cp.async round trip and two CTA
// barriers before its few MMAs, and B makes a detour through shared memory
// and ldmatrix. Here:
//   - each warp owns 16 weight rows and one K-chunk and loads its weight
//     words (the 4 bytes lane (gid, t) needs per row and block: elements
//     8t..8t+7) and scale bytes straight into registers, a batch ahead of
//     the math; in both B layouts a warp's 4-byte loads of one row half
//     cover 128 contiguous (preshuffled) or 8 x 16 (natural) bytes;
//   - the CTA quantizes the bf16 A rows of its whole K-range (warps_k chunks)
//     into fp16 operands in shared memory once, while the first weight
//     batches are in flight: one barrier before the math, none inside it;
//   - the warps_k chunk partials of a CTA (and of the CTAs of a (1, 1, S)
//     cluster) are combined in chunk order, ((p0 + p1) + p2) + ..., through
//     shared / distributed shared memory.
//
// Contract (block_fma with a K-split, docs/accumulation.md): chunk c covers
// blocks [c * chunk, min((c + 1) * chunk, k/32)), each accumulated from +0.0f
// as acc = fmaf(P, fl(sa * sb), acc) with P from MmaF16Block (exact), then the
// chunk partials are added in increasing c. Chunk c of CTA z is warp c % warps_k
// of cluster rank z = c / warps_k.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_STREAM_GEMM_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_STREAM_GEMM_BODY_H_

#include <cstdint>
#include <type_traits>

#include "mxfp4/gpu/gemm/device_block_quantize.h"
#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/bulk_weight_chunk.h"
#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/phase_clock.h"
#include "mxfp4/gpu/gemm/internal/scale_fold.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/gemm/internal/weight_rows.h"

namespace mxfp4::gpu::gemm_internal {

// The fused streaming tiles' activation scales in shared memory: the fp32
// scale, or in the *_fold tiles the scale byte: their fast math never reads
// it and the exact fallback decodes it, so the quantizer saves E8m0ToFloat's
// five instructions an item. Measured (H100, session 68, hot graph replay, 3
// calls of 3-5 rounds): the k4 fold tile 763 -> 748 executed instructions a
// warp, 32x4096x512 3.354 -> 3.326 us, 32x2880x512 3.242 -> 3.218; its math
// phase ~20 cycles longer, the k2 twin level.
template <bool kFoldA>
using FusedAScale = std::conditional_t<kFoldA, uint8_t, float>;
template <bool kFoldA>
MXFP4_DEVICE_INLINE FusedAScale<kFoldA> FusedAScaleOf(uint32_t scale_byte) {
  if constexpr (kFoldA) {
    return static_cast<uint8_t>(scale_byte);
  } else {
    return quant::E8m0ToFloat(scale_byte);
  }
}

// QuantizeFusedRowItems(): the fused streaming tiles' quantization of one
// quad's items: row `src` (bf16, this lane's 8 elements of block j_first),
// blocks j_first + i * kItemStep below cta_blocks, kItemsPerPass loads in
// flight per pass, EVEN rule, one 16-byte operand store per lane and the
// scale (lane 0 of the quad; FusedAScale) - into every CTA of the quantization cluster
// (kQuantCluster > 1: the first pass waits for the cluster's CTAs to run
// before its first remote store; a warp with no pass waits all the same).
// after_first_loads() runs once, right after the first pass's loads are
// issued (at once for a warp with no pass), so that the caller's work in it
// overlaps their latency.
// Every item of a pass is quantized (zeros past cta_blocks) and only the
// stores are predicated: with an exit per item the compiler ran the items'
// dependency chains (max, shuffles, scale, conversion) one after another.
// The loop bounds are warp-uniform: the warp's quads start on blocks
// j_first - lane_block + (0 or 0..7).
// kFoldA: blocks whose scale byte folds are stored times sa
// (FoldQuarterF16x2); all_folded turns false at a stored block of a
// row within M that does not fold.
// A peer's copies go by st.async, completing on its exchange barrier
// (`exchange_bar`, this CTA's address; QuantExchangeBytes): no release fence
// before the operands are complete (a release arrive's GPU-scope fence cost
// the two-CTA chain ~0.4 us, session 71).
template <int kItemsPerPass, int kItemStep, int kBlockM, int kQuantCluster, bool kFoldA,
          typename AfterFirstLoads>
MXFP4_DEVICE_INLINE void QuantizeFusedRowItems(const uint16_t* src, unsigned char* dst,
                                               FusedAScale<kFoldA>* dst_scale, int j_first,
                                               int lane_block, int cta_blocks, bool row_in, int tig,
                                               int cluster_rank, uint32_t exchange_bar,
                                               bool& all_folded,
                                               AfterFirstLoads&& after_first_loads) {
  constexpr int kPassBlocks = kItemsPerPass * kItemStep;
  // j - lane_block is the same in all the warp's quads (uniform exits).
  if (j_first - lane_block >= cta_blocks) {  // no pass
    after_first_loads();
    if constexpr (kQuantCluster > 1) ClusterWait();  // the first pass's wait
  }
  for (int j = j_first; j - lane_block < cta_blocks; j += kPassBlocks) {
    uint4 v[kItemsPerPass];
#pragma unroll
    for (int i = 0; i < kItemsPerPass; ++i) {
      v[i] = make_uint4(0u, 0u, 0u, 0u);
      if (row_in && j + i * kItemStep < cta_blocks) {
        v[i] = __ldg(reinterpret_cast<const uint4*>(src + i * kItemStep * 32));
      }
    }
    if (j == j_first) after_first_loads();
    if constexpr (kQuantCluster > 1) {
      if (j == j_first) ClusterWait();  // the first pass: before its remote stores
    }
    // The pass's block scales first, then one encoder for all its blocks
    // (quant::QuarterAbs: a branch per block serialized their chains).
    quant::QuarterAbs q[kItemsPerPass];
    bool shift_ok = true;
#pragma unroll
    for (int i = 0; i < kItemsPerPass; ++i) {
      const uint32_t x[4] = {v[i].x, v[i].y, v[i].z, v[i].w};
      q[i] = quant::QuarterAbsAndScale(x);
      shift_ok = shift_ok && q[i].shift_ok;
    }
    auto encode_and_store = [&](auto shifted_tag) {
#pragma unroll
      for (int i = 0; i < kItemsPerPass; ++i) {
        const uint32_t x[4] = {v[i].x, v[i].y, v[i].z, v[i].w};
        uint32_t hv[4];
        if constexpr (decltype(shifted_tag)::value) {
          quant::EncodeQuarterShifted(x, q[i], hv);
        } else {
          quant::EncodeQuarterMultiplied(x, q[i].scale, hv);
        }
        if constexpr (kFoldA) {
          if (!FoldQuarterF16x2(hv, q[i].scale)) {
            if (row_in && j + i * kItemStep < cta_blocks) all_folded = false;
          }
        }
        if (j + i * kItemStep < cta_blocks) {
          const uint4 h = make_uint4(hv[0], hv[1], hv[2], hv[3]);
          const FusedAScale<kFoldA> scale = FusedAScaleOf<kFoldA>(q[i].scale);
          unsigned char* const d = dst + i * kItemStep * kBlockM * 64;
          FusedAScale<kFoldA>* const ds = dst_scale + i * kItemStep * kBlockM;
          if constexpr (kQuantCluster > 1) {
            static_assert(sizeof(scale) == 4, "a 4-byte st.async");
            const uint32_t d_addr = SharedAddress(d);
            const uint32_t s_addr = SharedAddress(ds);
#pragma unroll
            for (int c = 0; c < kQuantCluster; ++c) {
              if (c == cluster_rank) {
                *reinterpret_cast<uint4*>(d) = h;
                if (tig == 0) *ds = scale;
              } else {
                const uint32_t peer = static_cast<uint32_t>(c);
                const uint32_t bar = MapSharedRank(exchange_bar, peer);
                StoreAsyncToPeer(MapSharedRank(d_addr, peer),
                                 make_float4(__uint_as_float(h.x), __uint_as_float(h.y),
                                             __uint_as_float(h.z), __uint_as_float(h.w)),
                                 bar);
                if (tig == 0) {
                  StoreAsyncToPeerB32(MapSharedRank(s_addr, peer), __float_as_uint(scale), bar);
                }
              }
            }
          } else {
            *reinterpret_cast<uint4*>(d) = h;
            if (tig == 0) *ds = scale;
          }
        }
      }
    };
    if (__all_sync(0xFFFFFFFFu, shift_ok)) {
      encode_and_store(std::true_type{});
    } else {
      encode_and_store(std::false_type{});
    }
    src += kPassBlocks * 32;
    dst += kPassBlocks * kBlockM * 64;
    dst_scale += kPassBlocks * kBlockM;
  }
}

// The body; kContestLayout: B is preshuffled with shuffled16 scales (known
// at compile time: WeightRowPair). kPushedPair: the form launched for
// two-CTA K-split clusters of a tile that CombinesByPushedPair (rank 0
// pushes its sums into rank 1's c_receive tile, CombinePushedPair), a kernel
// of its own so that every other launch keeps the chained combine's code:
// with both combines in one kernel (session 74's u) the one-CTA bulk shapes
// were 2-4.5% slower. kPushedRanks: the form launched for K-split clusters
// of more than two CTAs where PushesRanks (CombinePushedRanks), a kernel of
// its own for the same reason (in the one kernel with the one-CTA launches
// 16x3072x1536 lost 3%, session 76).

// The bytes a CTA of a quantization cluster of kQuantCluster receives from
// its peers (QuantizeFusedRowItems' st.async): rank r quantizes the blocks
// j < cta_blocks with (j / kBlockStep) % kQuantCluster == r, every row of
// each, 64 operand bytes and a 4-byte scale a row.
template <int kBlockM, int kBlockStep, int kQuantCluster>
MXFP4_DEVICE_INLINE uint32_t QuantExchangeBytes(int cta_blocks, int rank) {
  constexpr int kRound = kBlockStep * kQuantCluster;
  const int own = cta_blocks / kRound * kBlockStep +
                  min(max(cta_blocks % kRound - rank * kBlockStep, 0), kBlockStep);
  return static_cast<uint32_t>(cta_blocks - own) * kBlockM * (64u + 4u);
}
template <TileConfigId kId, bool kClusterSplit, bool kContestLayout, bool kPushedPair = false,
          bool kPushedRanks = false>
MXFP4_DEVICE_INLINE void StreamGemmBodyForLayout(const GemmKernelArgs& p) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  static_assert(kCfg.stream_b && kCfg.frags_n == 1 && kCfg.warps_m == 1, "streaming tile");
  static_assert(!kPushedPair || (kClusterSplit && CombinesByPushedPair(kCfg)),
                "the pushed pair is a two-CTA K-split form");
  static_assert(!kPushedRanks || (kClusterSplit && !kPushedPair && CombinesByPushedRanks(kCfg)),
                "the pushed ranks are a K-split form of more than two CTAs");
  // A in shared memory as fp16 of value/2 (times sa in the *_fold tiles,
  // below), or (bulk prequantized tiles) as E5M2 of value/2 - the fp16's
  // high byte -, placed into fp16 pairs at the MMA (MmaOperands::kE5m2).
  constexpr bool kE5m2A = kCfg.operands == MmaOperands::kE5m2;
  static_assert(kCfg.operands != MmaOperands::kE4m3, "streaming tiles: fp16 or E5M2 A");
  static_assert(!kE5m2A || BulkATiled(kCfg), "E5M2 A: bulk prequantized tiles only");
  constexpr int kOpRowBytes = kCfg.op_row_bytes();
  constexpr bool kPrequant = kCfg.a_source == ASource::kPrequantized;
  constexpr bool kBulk = kCfg.bulk_b;
  constexpr int kWarpsN = kCfg.warps_n;
  constexpr int kWarpsK = kCfg.warps_k;
  constexpr int kFragsM = kCfg.frags_m;
  constexpr int kThreads = kCfg.threads();
  constexpr int kBlockN = kCfg.block_n();
  constexpr int kBlockM = kCfg.block_m();
  constexpr int kQuads = kThreads / 4;
  constexpr int kU = kStreamBatchBlocks;
  static_assert((kBlockM & (kBlockM - 1)) == 0, "block_m must be a power of two");
  // *_fold streaming tiles fold sa into their fp16 operands (scale_fold.h);
  // a batch whose weight scale bytes are all in 1..240, in a CTA whose every
  // stored A block folded, promotes with fmaf(P * sa, sb, acc) and no sa
  // load. Only where the math saved outweighs the quantizer's extra work
  // (H100, session 64, K = 512: n64_m16 math 2010 -> 1643 cycles against
  // quantization +150, 32x4096x512 3.66 -> 3.48 us; the m8 / m16 n32 tiles
  // were level or up to 1.5% slower, split-K n16_m8_k8 10% slower;
  // docs/paths.md "Folded activation scales").
  constexpr bool kFoldA = kCfg.fold_a_scale;
  static_assert(!kFoldA || (!kPrequant && !kBulk && !kE5m2A && kCfg.quant_cluster == 1),
                "the streaming fold: fused fp16 register-streaming tiles without a quantization "
                "cluster (the quantizing CTA's vote covers the whole A tile)");
  [[maybe_unused]] bool a_folded = true;

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  const SmemPlan plan = MakeStreamSmemPlan(kCfg, p.blocks_per_split);
  unsigned char* const a_ops = smem + plan.a_ops;  // [cta block][row][32 halves]
  // [cta block][row]: fp32, or the scale bytes in the fold tiles (FusedAScale).
  FusedAScale<kFoldA>* const a_scales =
      reinterpret_cast<FusedAScale<kFoldA>*>(smem + plan.a_op_scales);
  float* const partials = reinterpret_cast<float*>(smem + plan.c_tile);  // [warp_k][m][n + 4]
  // kPushedPair: rank 1 of the two-CTA K-split cluster receives rank 0's
  // sums (CombinePushedPair) in the plan's c_receive tile. Its address is
  // recomputed where it is used, from a fresh blocks_per_split: variant s
  // held it across the math, whose registers then fell 109 -> 97 in the
  // bulk tile.
  auto receive_offset = [&] {
    int blocks_per_split = p.blocks_per_split;
    asm volatile("" : "+r"(blocks_per_split));
    return MakeStreamSmemPlan(kCfg, blocks_per_split, /*split_cluster=*/2).c_receive;
  };
  auto receive_bar = [&](uint32_t offset) {
    return SharedAddress(smem + offset + PushedReceiveTileBytes(kBlockM, kBlockN));
  };
  // kPushedRanks: each partial goes to its chunk's owner
  // (CombinePushedRanks), into the launch plan's c_receive.
  auto ranks_receive_offset = [&] {
    int blocks_per_split = p.blocks_per_split;
    asm volatile("" : "+r"(blocks_per_split));
    return MakeStreamSmemPlan(kCfg, blocks_per_split).total;  // MakeLaunchSmemPlan's c_receive
  };
  auto ranks_receive_bar = [&](uint32_t offset) {
    return SharedAddress(smem + offset +
                         PushedRanksReceiveBytes(kBlockM, kBlockN, p.splits));
  };

  const int tid = static_cast<int>(threadIdx.x);
  if constexpr (HasStreamLayoutKernels(kCfg)) AssumeLaunchIndexRanges<kThreads>(tid);
  const int lane = tid & 31;
  const int warp = tid >> 5;
  const int gid = lane >> 2;
  const int tig = lane & 3;
  const int warp_n = warp % kWarpsN;
  const int warp_k = warp / kWarpsN;
  const int n0 = static_cast<int>(blockIdx.x) * kBlockN;
  const int m0 = static_cast<int>(blockIdx.y) * kBlockM;
  const int rank = static_cast<int>(blockIdx.z);
  // kPushedPair kernels run only two-CTA K-split clusters (LaunchesPushedPair).
  // The prequantized tiles arm their receive barrier once their copies are in
  // flight (below): armed here, rank 1's thread 0 initialized it before its
  // warp's weight copies (H100, session 76: 16x2112x7168 7.81 -> 7.74 us,
  // math 5687 -> 5634 cycles). The fused tiles arm here: after their
  // quantization the arming delays their math (1x2048x4096 5.18 -> 5.22).
  constexpr bool kArmAfterCopies = kPrequant;
  if constexpr (kPushedPair && !kArmAfterCopies) {
    ArmPushedReceive<kBlockN, kBlockM>(rank, receive_bar(receive_offset()));
  }
  // kPushedRanks kernels run only where PushesRanks (LaunchesPushedRanks).
  auto arm_pushed_ranks = [&] {
    if constexpr (kPushedRanks) {
      ArmPushedRanks<kBlockN, kBlockM>(p.splits, rank,
                                                ranks_receive_bar(ranks_receive_offset()));
    }
  };
  if constexpr (!kArmAfterCopies) arm_pushed_ranks();
  const int groups = p.k >> 5;
  const int chunk = p.blocks_per_split;
  const int cta_g0 = min(rank * kWarpsK * chunk, groups);
  const int cta_blocks = min(cta_g0 + kWarpsK * chunk, groups) - cta_g0;
  const int g_lo = min((rank * kWarpsK + warp_k) * chunk, groups);
  // A warp whose 16 rows all lie beyond N has nothing to do (uniform).
  const int row0 = n0 + warp_n * 16;
  const int g_hi = row0 < p.n ? min(g_lo + chunk, groups) : g_lo;

  // ------------------------------------------------------------ weight stream
  // Rows row0 + gid and row0 + gid + 8 (the MMA's rows gid / gid + 8); set
  // before the first weight load (issue_weights, below, where the weights
  // follow the first A loads).
  WeightRowPair<kContestLayout> rows;
  // Chunks of whole loop steps start every batch on a multiple of 4 blocks
  // (the K = 512 fused tiles: chunks of 4): constant steps between the
  // blocks' addresses (Load4Aligned); otherwise each block's own.
  auto load_batch = [&](int g, StreamBatch& b) {
    if (chunk % kU == 0) {
      rows.Load4Aligned(g, tig, g_hi - g, b);
      return;
    }
#pragma unroll
    for (int u = 0; u < kU; ++u) {
      rows.Load(g + u, tig, g + u < g_hi, b.w_row[u], b.w_row8[u], b.s_row[u], b.s_row8[u]);
    }
  };

  [[maybe_unused]] StreamBatch cur;
  [[maybe_unused]] BulkWeightChunk bulk;
  // Fused tiles issue their first weight batch after the first A loads
  // (issue_weights, below): A is on the way to the math (loads,
  // quantization, stores, barrier), the weights only at the math. Measured
  // (H200, session 9): stream_n32_m8_k4 on 4x2880x512 math 1154 -> 1092
  // cycles, 3.19 -> 3.11 us. The quantization-cluster tiles lost with it then
  // (_c2 entry -> ready 3.94K -> 4.13K cycles) but gained in session 12, once
  // the weights' address math no longer ran before the A loads (below):
  // stream_n32_m32_k4_c4 on 32x2880x512 entry -> ready 3.68K -> 3.48K
  // cycles, 3.84 -> 3.82 us (--only), 3.92 -> 3.90 (contest).
  constexpr bool kWeightsAfterA = !kBulk && !kPrequant;
  // The register-streaming tiles set their rows here (the bulk tiles read
  // their weights from shared memory: no rows). For the fused-A tiles
  // (fused_quant, splitk_small_m; their kernels leave the grid-dependency
  // wait to this body) that is before the wait: register math from the
  // kernel arguments, under the tail of the kernel before (session 43 call 6).
  if constexpr (!kBulk) rows = WeightRowPair<kContestLayout>(p, row0 + gid);
  // Their first batch follows the first A loads; its block passes through an
  // empty asm (with a memory clobber): otherwise the compiler hoisted the
  // batch's address math (loop-invariant) above the quantization loop (with
  // the rows' math then: ~130 instructions per warp before the first A load,
  // Nsight Compute source view, 32x4096x512, session 12).
  auto issue_weights = [&] {
    if constexpr (kWeightsAfterA) {
      int g = g_lo;
      asm volatile("" : "+r"(g)::"memory");
      load_batch(g, cur);
    }
  };
  // Nothing global is read or written before the wait (gemm.h "Stream
  // order"): the bulk fused tiles copy weights next.
  if constexpr (!kPrequant && kBulk) GridDependencyWait();
  if constexpr (kBulk) {
    bulk = IssueBulkWeightChunk(p, smem, plan, warp, row0, g_lo, g_hi - g_lo, chunk);
  } else if constexpr (!kWeightsAfterA) {
    load_batch(g_lo, cur);
  }

  // ------------------------------------------------------------ A -> operands
  // Bulk prequantized tiles: A is tile-major in the workspace
  // ([row tile][block][kBlockM rows][64 B], BulkATiled), so each K-warp
  // chunk's piece of A (the weight chunk's pieces, kBulkPieces) is one bulk
  // copy into the layout below, on an mbarrier of its own that the chunk's
  // warps wait for with the weight piece. Every copy costs the copy engine
  // time: before, one copy per row of the CTA's K-range on one barrier that
  // held every warp until all of A had landed (16x2112x7168 9.08 us, now
  // 8.30; per-row copies per piece: 11.5). Scales as [cta block][row] by
  // cp.async.
  constexpr bool kBulkA = BulkATiled(kCfg);
  // [warp_k][kBulkPieces] mbarriers after the weight chunks'.
  const uint32_t a_bars = SharedAddress(smem + plan.barriers) +
                          (kCfg.warps_n * kWarpsK + warp_k) * kBulkPieces * 8u;
  if constexpr (kBulkA) {
    // Lane 0 of the warp_n == 0 warp of each K-warp issues its chunk's
    // pieces (after the grid dependency: A is the preceding quantizer's
    // output); the piece geometry is the weight chunk's (bulk.pieces,
    // piece_blocks), the same for every warp of the chunk. That warp waits
    // for every piece itself, so no copy is in flight when the CTA exits.
    GridDependencyWait();
    if (warp_n == 0 && lane == 0) {
      for (int q = 0; q < kBulkPieces; ++q) MbarrierInit(a_bars + 8u * q);
      MbarrierInitFence();
      constexpr uint32_t kBlockBytes = kBlockM * kOpRowBytes;
      const unsigned char* const src =
          p.a_ops + (static_cast<int64_t>(blockIdx.y) * groups + g_lo) * kBlockBytes;
      unsigned char* const dst = a_ops + (g_lo - cta_g0) * kBlockBytes;
#pragma unroll 1
      for (int q = 0; q < bulk.pieces; ++q) {
        const int u0 = q * bulk.piece_blocks;
        const uint32_t bytes =
            static_cast<uint32_t>(min(bulk.piece_blocks, bulk.blocks - u0)) * kBlockBytes;
        const uint32_t bar = a_bars + 8u * q;
        MbarrierArriveExpectTx(bar, bytes);
        BulkCopyToShared(SharedAddress(dst + u0 * kBlockBytes), src + u0 * kBlockBytes, bytes, bar);
      }
    }
    // The scales (kBlockM floats per block: small runs, cheaper as 16-byte
    // cp.async from every thread than as bulk copies, which the copy engine
    // serializes).
    constexpr int kPieces = kBlockM / 4;
    const float* src = p.a_scales + static_cast<int64_t>(cta_g0) * p.a_rows_padded + m0 +
                       (tid % kPieces) * 4;
    for (int j = tid / kPieces; j < cta_blocks; j += kThreads / kPieces) {
      CpAsync16(SharedAddress(a_scales + j * kBlockM + (tid % kPieces) * 4),
                src + static_cast<int64_t>(j) * p.a_rows_padded, 16u);
    }
    CpAsyncCommit();
    CpAsyncWait<0>();
  } else if constexpr (kPrequant) {
    // Prequantized (QuantizeAOperand, the preceding kernel: programmatic
    // dependent launch): wait for it only now that the first weight batch is
    // in flight, then copy the CTA's items (64-byte operand rows as four
    // 16-byte cp.async, fp32 scales) into the same layout. The workspace has
    // a_rows_padded >= m0 + block_m rows (zeros beyond M).
    GridDependencyWait();
    // A thread keeps one (row, 16-byte piece) and steps over blocks, so the
    // addresses only advance by constants.
    constexpr int kPiecesPerBlock = kBlockM * 4;
    static_assert(kThreads % kPiecesPerBlock == 0 && kThreads % kBlockM == 0,
                  "prequantized fill mapping");
    {
      const int row = (tid >> 2) % kBlockM;
      const int q = tid & 3;
      constexpr int kStep = kThreads / kPiecesPerBlock;
      const unsigned char* src =
          p.a_ops +
          (static_cast<int64_t>(m0 + row) * p.k + static_cast<int64_t>(cta_g0) * 32) * 2 + q * 16;
      for (int j = tid / kPiecesPerBlock; j < cta_blocks; j += kStep) {
        CpAsync16(SharedAddress(a_ops + (j * kBlockM + row) * 64 + q * 16), src + j * 64, 16u);
      }
    }
    CpAsyncCommit();
    {
      const int row = tid % kBlockM;
      constexpr int kStep = kThreads / kBlockM;
      const float* src = p.a_scales + static_cast<int64_t>(cta_g0) * p.a_rows_padded + m0 + row;
      for (int j = tid / kBlockM; j < cta_blocks; j += kStep) {
        a_scales[j * kBlockM + row] = src[static_cast<int64_t>(j) * p.a_rows_padded];
      }
    }
    CpAsyncWait<0>();
  } else {
    // Fused: each quad owns one row of the tile and every kBlockStep-th
    // block of the CTA's K-range (the mapping below): one address per lane
    // that advances by constants, 16-byte loads (a pass's loads all in
    // flight first), the EVEN quantizer (device_block_quantize.h), one
    // 16-byte store per lane. (The first form computed a (block, row) item's
    // addresses per item: ~1400 instructions per warp before the math on
    // 32x2880x512, Nsight Compute source view.) Rows beyond M are quantized
    // from zeros (or, a warp per row, only zeroed) and never stored in C.
    // With a quantization cluster (kCfg.quant_cluster = C CTAs along N, the
    // same A rows and K-range), CTA rank r quantizes the blocks
    // r * kBlockStep + (the quad's offset) + i * kBlockStep * C and stores
    // each result into all C CTAs' shared memory (the quantization was ~2/3
    // of a 32-row tile's time before its math: one CTA per SM quantized
    // 32 x 512).
    constexpr int kQuantCluster = kCfg.quant_cluster;
    static_assert(kQuantCluster == 1 || !kClusterSplit, "one cluster kind per launch");
    static_assert(kQuads % kBlockM == 0 && kBlockM % 8 == 0,
                  "a warp's quads share their blocks, or a warp owns a row (uniform exits)");
    constexpr int kBlockStep = kQuads / kBlockM;
    constexpr int kItemStep = kBlockStep * kQuantCluster;  // blocks between a quad's items
    // Items per quad when the CTA's K-range is 16 blocks (K = 512).
    constexpr int kShortItems = kItemStep >= 8 ? 2 : (kItemStep >= 2 ? 16 / kItemStep : 8);
    [[maybe_unused]] int cluster_rank = 0;
    [[maybe_unused]] uint32_t exchange_bar = 0;
    if constexpr (kQuantCluster > 1) {
      cluster_rank = static_cast<int>(cooperative_groups::this_cluster().block_rank());
      exchange_bar = SharedAddress(smem + plan.total);  // MakeLaunchSmemPlan's barriers
      if (tid == 0) {
        MbarrierInit(exchange_bar);
        MbarrierInitFence();
        MbarrierArriveExpectTx(
            exchange_bar, QuantExchangeBytes<kBlockM, kBlockStep, kQuantCluster>(cta_blocks,
                                                                                cluster_rank));
      }
      // Peers' shared memory may be written only once every CTA of the
      // cluster runs (and its exchange barrier is initialized): arrive now,
      // wait before the first store below.
      ClusterArriveRelaxed();
    }
    // A warp per row where the CTA has a multiple of kBlockM warps (its 8
    // quads on 8 consecutive blocks), so that a row past M is a whole warp
    // that only stores zeros (M = 4 in an 8-row tile: half the quantization
    // skipped); else a warp's 8 quads are 8 rows of one block.
    constexpr bool kRowPerWarp = (kThreads / 32) % kBlockM == 0;
    const int quad = tid >> 2;
    const int row = kRowPerWarp ? warp % kBlockM : quad % kBlockM;
    const int lane_block = kRowPerWarp ? lane >> 2 : 0;
    const int j_first = cluster_rank * kBlockStep +
                        (kRowPerWarp ? lane_block + 8 * (warp / kBlockM) : quad / kBlockM);
    const bool row_in = m0 + row < p.m;
    const uint16_t* const src = p.a_bf16 + static_cast<int64_t>(row_in ? m0 + row : 0) * p.k +
                                static_cast<int64_t>(cta_g0 + j_first) * 32 + tig * 8;
    unsigned char* const dst = a_ops + (j_first * kBlockM + row) * 64 + tig * 16;
    FusedAScale<kFoldA>* const dst_scale = a_scales + j_first * kBlockM + row;
    if constexpr (!kBulk) GridDependencyWait();  // the fused-A tiles' wait (above)
    if (kRowPerWarp && kQuantCluster == 1 && !row_in) {  // warp-uniform
      issue_weights();
      // Zeros for the row's operands (never read into a stored output, but
      // shared memory holds no stale bits).
      for (int j = j_first; j - lane_block < cta_blocks; j += kItemStep) {
        if (j < cta_blocks) {
          *reinterpret_cast<uint4*>(dst + (j - j_first) * kBlockM * 64) = make_uint4(0, 0, 0, 0);
          if (tig == 0) dst_scale[(j - j_first) * kBlockM] = 0;
        }
      }
    } else if constexpr (kShortItems < 8) {
      // K = 512 (16 blocks) in one pass of kShortItems loads; longer K-ranges
      // (the splitk tiles' chunks) in passes of 8 loads in flight.
      if (cta_blocks - (j_first - lane_block) > kShortItems * kItemStep) {  // warp-uniform
        QuantizeFusedRowItems<8, kItemStep, kBlockM, kQuantCluster, kFoldA>(
            src, dst, dst_scale, j_first, lane_block, cta_blocks, row_in, tig, cluster_rank,
            exchange_bar, a_folded, issue_weights);
      } else {
        QuantizeFusedRowItems<kShortItems, kItemStep, kBlockM, kQuantCluster, kFoldA>(
            src, dst, dst_scale, j_first, lane_block, cta_blocks, row_in, tig, cluster_rank,
            exchange_bar, a_folded, issue_weights);
      }
    } else {
      QuantizeFusedRowItems<8, kItemStep, kBlockM, kQuantCluster, kFoldA>(
          src, dst, dst_scale, j_first, lane_block, cta_blocks, row_in, tig, cluster_rank,
          exchange_bar, a_folded, issue_weights);
    }
    if constexpr (kQuantCluster > 1) {
      // The peers' operands are here once the exchange barrier completes
      // (this CTA's own, at the CTA barrier below); every peer waits for its
      // own, so none exits while another still stores into it.
      MbarrierWaitCluster(exchange_bar, 0u);
    }
  }
  if constexpr (kPushedPair && kArmAfterCopies) {
    ArmPushedReceive<kBlockN, kBlockM>(rank, receive_bar(receive_offset()));
  }
  if constexpr (kArmAfterCopies) arm_pushed_ranks();
  if constexpr (kBulk) bulk.StoreScales();
  [[maybe_unused]] bool cta_a_folded = false;
  if constexpr (kFoldA) {
    cta_a_folded = __syncthreads_and(a_folded ? 1 : 0) != 0;
  } else {
    __syncthreads();
  }
  StampPhase(p, kPhaseClockReady);

  // ------------------------------------------------------------ math
  float acc[kFragsM][4];
#pragma unroll
  for (int mt = 0; mt < kFragsM; ++mt) {
#pragma unroll
    for (int i = 0; i < 4; ++i) acc[mt][i] = 0.0f;
  }
  // kFast (fold tiles): every A block folded and sb <= 2^113, so
  // fmaf(P * sa, sb, acc) is the contract's fmaf(P, fl(sa * sb), acc).
  // Otherwise a folded block is unfolded first (UnfoldFactor: exact).
  auto compute_block = [&](int gg, uint32_t w_row, uint32_t w_row8, float sb_row, float sb_row8,
                           auto fast_tag) {
    constexpr bool kFast = decltype(fast_tag)::value;
    uint32_t h_row[4], h_row8[4];
    Fp4x8ToF16x8(w_row, h_row);
    Fp4x8ToF16x8(w_row8, h_row8);
    const int item0 = (gg - cta_g0) * kBlockM;
#pragma unroll
    for (int mt = 0; mt < kFragsM; ++mt) {
      const int a_off = (item0 + mt * 8 + gid) * kOpRowBytes;
      uint32_t x[4];
      if constexpr (kE5m2A) {
        // Session 70 (H100): the E4M3 form's F2FP conversions here cost the
        // tile 2% (12x2880x4096 7.736 -> 7.610 us as E5M2, math 7244 -> 6767).
        const uint2 xv = *reinterpret_cast<const uint2*>(a_ops + a_off + tig * 8);
        E5m2x4ToF16x2x2(xv.x, x[0], x[1]);
        E5m2x4ToF16x2x2(xv.y, x[2], x[3]);
      } else {
        const uint4 xv = *reinterpret_cast<const uint4*>(a_ops + a_off + tig * 16);
        x[0] = xv.x;
        x[1] = xv.y;
        x[2] = xv.z;
        x[3] = xv.w;
      }
      float d[4];
      MmaF16Block(h_row, h_row8, x, d);
      if constexpr (kFast) {
        acc[mt][0] = __fmaf_rn(d[0], sb_row, acc[mt][0]);
        acc[mt][1] = __fmaf_rn(d[1], sb_row, acc[mt][1]);
        acc[mt][2] = __fmaf_rn(d[2], sb_row8, acc[mt][2]);
        acc[mt][3] = __fmaf_rn(d[3], sb_row8, acc[mt][3]);
        continue;
      }
      float2 sa;
      if constexpr (kFoldA) {
        // The rows' scale bytes (adjacent: rows 2 tig, 2 tig + 1), decoded.
        const uint32_t bytes =
            *reinterpret_cast<const uint16_t*>(a_scales + item0 + mt * 8 + 2 * tig);
        sa = make_float2(quant::E8m0ToFloat(bytes & 0xFFu), quant::E8m0ToFloat(bytes >> 8));
        const float u0 = UnfoldFactor(sa.x);
        const float u1 = UnfoldFactor(sa.y);
        d[0] = __fmul_rn(d[0], u0);
        d[1] = __fmul_rn(d[1], u1);
        d[2] = __fmul_rn(d[2], u0);
        d[3] = __fmul_rn(d[3], u1);
      } else {
        sa = *reinterpret_cast<const float2*>(a_scales + item0 + mt * 8 + 2 * tig);
      }
      acc[mt][0] = __fmaf_rn(d[0], __fmul_rn(sb_row, sa.x), acc[mt][0]);
      acc[mt][1] = __fmaf_rn(d[1], __fmul_rn(sb_row, sa.y), acc[mt][1]);
      acc[mt][2] = __fmaf_rn(d[2], __fmul_rn(sb_row8, sa.x), acc[mt][2]);
      acc[mt][3] = __fmaf_rn(d[3], __fmul_rn(sb_row8, sa.y), acc[mt][3]);
    }
  };
  if constexpr (kBulk) {
    // Piece by piece as the bulk copies land; the loop body reads one block.
    // Blocks of the loop in flight: the math phase is bound by the chain
    // weight/A load -> conversion -> two HMMAs, so more blocks unrolled hide
    // more of it, up to the registers a tile has. Measured (H200, session 24,
    // gemm_paths_benchmark --only, hot graph replay; unrolled 2 before):
    // streamq_n32_m16_k8_bulk by 4 16x2112x7168 8.06 -> 7.84 us (by 8: 8.35),
    // the E4M3-A tile by 8 16x7168x4096 15.64 -> 14.71 (by 4: 15.08), the
    // 8-row tiles by 8 4x4096x4096 7.55 -> 7.44; by 4 the 64-row tiles spill.
    // The E5M2-A tile (session 70, H100, 5 rounds) by 4 rather than 8, as the
    // fp16 one: 16x1536x8192 8.978 -> 8.840 us, 12x2880x4096 7.662 -> 7.600,
    // level at 16x2880x4096 and 9x1200x12288 (its E4M3 form had taken 8).
    constexpr int kBulkUnroll = kFragsM == 1 ? 8 : (kFragsM <= 4 ? 4 : 2);
    const bool in_row = row0 + gid < p.n;
    const bool in_row8 = row0 + gid + 8 < p.n;
#pragma unroll 1
    for (int q = 0; q < bulk.pieces; ++q) {
      bulk.WaitPiece(q);
      if constexpr (kBulkA) MbarrierWait(a_bars + 8u * q, 0u);
      const int u_end = min((q + 1) * bulk.piece_blocks, bulk.blocks);
#pragma unroll(kBulkUnroll)
      for (int u = q * bulk.piece_blocks; u < u_end; ++u) {
        uint32_t w_row, w_row8;
        float2 sb;
        bulk.Read(u, gid, tig, w_row, w_row8, sb);
        // Natural-layout rows beyond N were never copied.
        compute_block(g_lo + u, in_row ? w_row : 0u, in_row8 ? w_row8 : 0u, sb.x, sb.y,
                      std::false_type{});
      }
    }
  } else {
    // One batch of blocks g .. g + kU - 1 (kFull: all below g_hi, no checks).
    auto run_batch_at = [&](int g, auto full_tag) {
      constexpr bool kFull = decltype(full_tag)::value;
      auto run_batch = [&](auto fast_tag) {
        // The fast batches' bytes are 1..240: E8m0ToFloat is the shift alone.
        constexpr bool kFastBatch = decltype(fast_tag)::value;
#pragma unroll
        for (int u = 0; u < kU; ++u) {
          if (kFull || g + u < g_hi) {
            const float s_row =
                kFastBatch ? __uint_as_float(cur.s_row[u] << 23) : quant::E8m0ToFloat(cur.s_row[u]);
            const float s_row8 = kFastBatch ? __uint_as_float(cur.s_row8[u] << 23)
                                            : quant::E8m0ToFloat(cur.s_row8[u]);
            compute_block(g + u, cur.w_row[u], cur.w_row8[u], s_row, s_row8, fast_tag);
          }
        }
      };
      bool fast = false;
      if constexpr (kFoldA) {
        // max(S - 1) over the batch (unsigned: S = 0 wraps) <= 239: 1 <= S <= 240.
        uint32_t s_max = 0;
#pragma unroll
        for (int u = 0; u < kU; ++u) {
          if (kFull || g + u < g_hi) s_max = max(s_max, max(cur.s_row[u] - 1u, cur.s_row8[u] - 1u));
        }
        fast = __all_sync(0xFFFFFFFFu, cta_a_folded && s_max < kFoldMaxWeightScaleByte);
      }
      if (fast) {  // warp-uniform
        run_batch(std::true_type{});
      } else {
        run_batch(std::false_type{});
      }
    };
    // A chunk of exactly one batch (K = 512 on the k4 tiles; warp-uniform)
    // runs without the loop, the next batch's selects or the per-block bound
    // checks - in the fused kernels and the fold tiles' split-K kernels (the
    // split-K n16_m8_k8 tile was 1.2% slower with it: 8x512x3072). Measured
    // (H100, session 69, hot graph replay, 5 rounds): the k4 fold tile 748 ->
    // 680 executed instructions a warp, math 1707 -> 1389 cycles, 32x4096x512
    // 3.310 -> 3.156 us, 32x2880x512 3.198 -> 3.046; stream_n32_m8_k4 math
    // 1108 -> 787, 4x2880x512 2.298 -> 2.108, 1x2880x512 2.252 -> 2.072;
    // 16x4096x512 3.202 -> 3.134; the c4 tile 32x2048x512 3.792 -> 3.636
    // (each kernel's code grows by 440-970 instructions, no spills).
    constexpr bool kOneBatchForm = kFoldA || !kClusterSplit;
    const bool one_full_batch = kOneBatchForm && g_hi - g_lo == kU;
    // The fused k2 fold tile's chunk of exactly two batches (K = 512: 8
    // blocks a K-warp) runs unrolled, the second batch loaded before the
    // first's math. Measured (H100, session 70, hot graph replay, 5 rounds):
    // math 2797 -> 2111 cycles, 32x7168x512 5.270 -> 4.986 us, 24x7168x512
    // 5.176 -> 4.888, 32x14336x512 9.346 -> 8.740 (+2000 instructions of
    // code). Not in the k4 fold tile (its fused chunks are one batch) nor in
    // the split-K kernels (not measured).
    constexpr bool kTwoBatchForm = kFoldA && !kClusterSplit && kWarpsK == 2;
    const bool two_full_batches = kTwoBatchForm && g_hi - g_lo == 2 * kU;
    if (one_full_batch) {
      run_batch_at(g_lo, std::true_type{});
    } else if (two_full_batches) {
      StreamBatch second;
      load_batch(g_lo + kU, second);
      run_batch_at(g_lo, std::true_type{});
      cur = second;
      run_batch_at(g_lo + kU, std::true_type{});
    } else {
#pragma unroll 1
      for (int g = g_lo; g < g_hi; g += kU) {
        // The next batch only if there is one (warp-uniform): its address math
        // was ~150 instructions per warp, a sixth of a K = 512 CTA's (its loads
        // are predicated: blocks at or beyond g_hi load nothing).
        const bool more = g + kU < g_hi;
        StreamBatch next;
        if (more) load_batch(g + kU, next);
        run_batch_at(g, std::false_type{});
        // The fold tiles leave before the copy (no selects after the last
        // batch: the k2 fold tile 32x7168x512 5.350 -> 5.262 us); the other
        // streaming tiles were 1-1.5% slower that way (H100, session 69).
        if constexpr (kFoldA) {
          if (!more) break;
          cur = next;
        } else {
          if (more) cur = next;
        }
      }
    }
  }

  // ------------------------------------------------------------ combine + store
  StampPhase(p, kPhaseClockMathDone);
  constexpr int kCStride = kBlockN + 4;
  constexpr int kPartialFloats = kBlockM * kCStride;
#pragma unroll
  for (int mt = 0; mt < kFragsM; ++mt) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int nl = warp_n * 16 + gid + (i >> 1) * 8;
      const int ml = mt * 8 + 2 * tig + (i & 1);
      partials[warp_k * kPartialFloats + ml * kCStride + nl] = acc[mt][i];
    }
  }
  if constexpr (kPushedPair) {
    // The pushed combine alone: no other combine's code in this kernel (with
    // CombinePartialsAndStore's run-time choice it held all of them: 4656 PTX
    // instructions in streamq_n32_m16_k8_bulk's, 3128 without; session 75).
    GridDependencyLaunchDependents();  // as CombinePartialsAndStore does first
    const uint32_t receive = receive_offset();
    CombinePushedPair<kThreads, kBlockN, kBlockM, kWarpsK>(
        p, partials, reinterpret_cast<const float*>(smem + receive), receive_bar(receive), rank,
        n0, m0);
  } else if constexpr (kPushedRanks) {
    GridDependencyLaunchDependents();  // as CombinePartialsAndStore does first
    const uint32_t receive = ranks_receive_offset();
    CombinePushedRanks<kThreads, kBlockN, kBlockM, kWarpsK>(
        p, partials, reinterpret_cast<const float*>(smem + receive), ranks_receive_bar(receive),
        p.splits, rank, n0, m0);
  } else {
    CombinePartialsAndStore<kThreads, kBlockN, kBlockM, kWarpsK>(
        p, partials, kClusterSplit ? p.splits : 1, n0, m0);
  }
  StampPhase(p, kPhaseClockEnd);
}

// The original system's layouts (preshuffled B, shuffled16 scales) get a body
// of their own (kContestLayout), every other combination the run-time form.
// StreamGemmBody holds both, chosen at run time, in one kernel and one
// register allocation. The fold tiles' fused and split-K kernels instead
// take the form as a template argument, chosen on the host
// (HasStreamLayoutKernels, IsContestBLayout: tile_config.h), so that each
// kernel holds one body. Measured (H100, session 66, hot graph replay), both changes
// together - per-layout kernels and the index assumptions above: the k4 fold
// tile 32x4096x512 3.42 -> 3.35 us, 32x2880x512 3.34 -> 3.24 (ptxas: 128
// registers and 8 bytes of spills with both bodies, 125 and none for the
// contest body alone). Apart, neither pays: per-layout kernels alone made
// every streaming tile's math 60-110 cycles slower (32x4096x512 3.41 ->
// 3.43, 16x4096x512 3.26 -> 3.36), the assumptions alone gained the fold
// tile ~1% and cost streamq_n32_m16_k8_bulk 4% (16x2112x7168). So both, in
// the fold tiles alone.
template <TileConfigId kId, bool kClusterSplit, bool kPushedPair = false,
          bool kPushedRanks = false>
MXFP4_DEVICE_INLINE void StreamGemmBody(const GemmKernelArgs& p) {
  if (IsContestBLayout(p)) {
    StreamGemmBodyForLayout<kId, kClusterSplit, true, kPushedPair, kPushedRanks>(p);
  } else {
    StreamGemmBodyForLayout<kId, kClusterSplit, false, kPushedPair, kPushedRanks>(p);
  }
}

// The streaming body of a fused or split-K kernel whose template argument
// kContestLayout says which form it holds (HasStreamLayoutKernels tiles; the
// others hold both and take kContestLayout = false).
template <TileConfigId kId, bool kClusterSplit, bool kContestLayout, bool kPushedPair = false,
          bool kPushedRanks = false>
MXFP4_DEVICE_INLINE void StreamGemmBodyOfKernel(const GemmKernelArgs& p) {
  if constexpr (HasStreamLayoutKernels(GetTileConfig(kId))) {
    StreamGemmBodyForLayout<kId, kClusterSplit, kContestLayout, kPushedPair, kPushedRanks>(p);
  } else {
    StreamGemmBody<kId, kClusterSplit, kPushedPair, kPushedRanks>(p);
  }
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_STREAM_GEMM_BODY_H_
