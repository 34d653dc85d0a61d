// File: mxfp4/gpu/gemm/internal/wgmma_ring_ws_int8_body.h
//
// The integer-accumulation form of the warp-specialized ring tiles
// (docs/paths.md "Integer accumulation"): with the weight's int8 prepared
// image and the quantizer's int8 activations
// (int8_accumulation.h: 2 x value x 2^(S - ref) per row), a CTA whose rows
// pass Int8TileIsExact accumulates every block of its K-range with s8 wgmmas
// in s32 - exactly, with no per-block promotion - and scales each sum once by
// 2^(refA + refB - 256) at the end: the block_fma contract's bits, because
// under that condition the contract rounds nothing (int8_accumulation_test
// proves it against the emulator on the CPU). A CTA whose rows do not pass
// (a NaN scale, a spread above 3, a sum that could exceed 2^24 units, a
// chunk that is not whole stages) runs the converting ws body
// (wgmma_ring_ws_gemm_body.h) on the packed weight and the E4M3 activations,
// which the quantizer writes as well.
//
// The decision: each thread reads at most one weight row's summary (before
// the grid-dependency wait: not the quantizer's output) and, after it, one
// activation row's summary and sum of squares (the persistent form: one row
// of each of the CTA's tiles, below); the CTA reduces them (largest
// spread, smallest / largest ref, largest squared norm, any invalid row) in
// shared memory. The per-row factors 2^(ref - 128) stay there for the
// epilogue (the region of the converting body's stage scales, which this
// path does not use). (Issuing the first weight stages before the wait, with
// a drain where the activations then fail, was measured in session 49: ~0.5
// µs at M <= 256, where the E4M3 copy stays faster, ~1% at 4096^3; and
// racecheck reported the drained copies against the converting body's
// stores. Not kept: docs/paths-history.md "Measured (2026-12-04, session 49)".)
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_WS_INT8_BODY_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_WS_INT8_BODY_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/gpu/gemm/internal/wgmma_ring_ws_gemm_body.h"

namespace mxfp4::gpu::gemm_internal {

// A CTA's Int8TileRows in kInt8TileWords shared words (max spread, min ref,
// max ref, any invalid row, max squared norm; InitInt8TileWord(words, i) for each i
// < kInt8TileWords first, or for i < c x kInt8TileWords of c consecutive
// sets): each thread adds at most one row's summary (and its sum of squares,
// where the operand has them: AddSumSq), each warp with rows
// reduces them and its lane 0 folds them into the words.
inline constexpr int kInt8TileWords = 5;
MXFP4_DEVICE_INLINE void InitInt8TileWord(uint32_t* words, int i) {
  words[i] = i % kInt8TileWords == 1 ? 0xFFu : 0u;
}
MXFP4_DEVICE_INLINE void AddRowsToInt8TileWords(uint32_t* words, const Int8TileRows& t,
                                                bool warp_has_rows) {
  const uint32_t v[kInt8TileWords] = {
      __reduce_max_sync(0xFFFFFFFFu, t.max_spread), __reduce_min_sync(0xFFFFFFFFu, t.min_ref),
      __reduce_max_sync(0xFFFFFFFFu, t.max_ref), __reduce_or_sync(0xFFFFFFFFu, t.invalid ? 1u : 0u),
      __reduce_max_sync(0xFFFFFFFFu, t.max_norm_sq)};
  if (warp_has_rows && (threadIdx.x & 31u) == 0u) {
    atomicMax(&words[0], v[0]);
    atomicMin(&words[1], v[1]);
    atomicMax(&words[2], v[2]);
    atomicOr(&words[3], v[3]);
    atomicMax(&words[4], v[4]);
  }
}
MXFP4_DEVICE_INLINE void AddRowToInt8TileWords(uint32_t* words, bool has_row, uint32_t info,
                                               uint32_t sumsq, bool warp_has_rows) {
  Int8TileRows t;
  if (has_row) {
    t.Add(info);
    t.AddSumSq(sumsq);
  }
  AddRowsToInt8TileWords(words, t, warp_has_rows);
}
MXFP4_DEVICE_INLINE Int8TileRows Int8TileRowsFromWords(const uint32_t* words) {
  Int8TileRows t;
  t.max_spread = words[0];
  t.min_ref = words[1];
  t.max_ref = words[2];
  t.invalid = words[3] != 0u;
  t.max_norm_sq = words[4];
  return t;
}

// kPersistent (HasRingWsPersistentForm; a kernel of its own): gridDim.x CTAs
// walk the one-tile grid's output tiles (RingTileWalk), the ring running on
// across them as in wgmma_ring_ws_gemm_body.h's persistent form. The
// decision is then the CTA's, over the rows of all its tiles together (a
// summary of more rows passes only where each tile's would: every bound of
// Int8TileIsExact is monotone in the rows), and a CTA that fails runs the
// converting body's persistent form over the same tiles. Each tile's factors
// are loaded at its start and written to shared memory after its math (the
// previous tile's are read until its combine's first barrier).
template <TileConfigId kId, bool kPersistent = false>
MXFP4_DEVICE_INLINE void WgmmaRingWsInt8GemmBody(const GemmKernelArgs& p,
                                                 const Int8OperandArgs& q) {
  constexpr TileConfigDesc kCfg = GetTileConfig(kId);
  static_assert(HasRingWsInt8Form(kCfg), "an integer form of a ws tile");
  static_assert(!kPersistent || HasRingWsPersistentForm(kCfg), "a persistent form");
  constexpr int kWgsN = kCfg.warps_n / 4;
  constexpr int kWgsK = kCfg.warps_k;
  static_assert(kWgsN * kWgsK == 2, "two consumer warpgroups");
  constexpr int kNa = kCfg.block_m();
  constexpr int kBlockN = kCfg.block_n();
  constexpr int kConsumerThreads = 256;
  constexpr int kThreads = kConsumerThreads + 128;
  static_assert(kCfg.threads() == kThreads, "2 consumer + 1 producer warpgroup");
  static_assert(!kPersistent || kNa + kBlockN <= kConsumerThreads,
                "a consumer thread per factor of a tile");
  constexpr int kAccRegs = kNa / 2;
  constexpr uint32_t kSubBytes = kNa * 32;
  constexpr uint32_t kWBlockBytes = 64 * 32;
  static_assert(kWBlockBytes == kPreparedBlockBytes, "a warpgroup's block is one image block");
  constexpr int kU = kRingStageBlocks;
  constexpr SmemPlan kPlan = MakeRingSmemPlan(kCfg, 0, 0, kPersistent);
  constexpr int kRingStages = RingStages(kCfg, 0, 0, kPersistent);
  constexpr int kRingStagesLog2 = __builtin_ctz(kRingStages);
  // Scratch in the stage-scale region: the factors and the reduction words.
  static_assert(
      (kNa + kBlockN) * 4 + 2 * kInt8TileWords * 4 <= kRingStages * kRingWsScaleStageBytes,
      "the factors fit the stage-scale region");

  StampPhase(p, kPhaseClockEntry);
  extern __shared__ __align__(128) unsigned char smem[];
  float* const factor_a = reinterpret_cast<float*>(smem + kPlan.b_scales);    // [kNa]
  float* const factor_b = factor_a + kNa;                                     // [kBlockN]
  uint32_t* const a_words = reinterpret_cast<uint32_t*>(factor_b + kBlockN);  // the tile's rows
  uint32_t* const b_words = a_words + kInt8TileWords;
  const int tid = static_cast<int>(threadIdx.x);
  const int lane = tid & 31;
  const int warp = __shfl_sync(0xFFFFFFFFu, tid >> 5, 0);
  const RingTileWalk<kPersistent, kBlockN, kNa> walk(p);
  const int groups = p.k >> 5;
  const int chunk = p.blocks_per_split;

  if (tid < 2 * kInt8TileWords) InitInt8TileWord(a_words, tid);
  if constexpr (kPersistent) {
    // The rows of all the CTA's tiles: threads tid < kBlockN a weight row of
    // each tile (before the wait: not the quantizer's output), the next kNa
    // threads an activation row of each (after it).
    Int8TileRows w_rows;
    if (tid < kBlockN) {
#pragma unroll 4
      for (int i = 0; i < walk.count; ++i) {
        const int n = walk.n0(walk.tile(i)) + tid;
        if (n < p.n) w_rows.Add(__ldg(q.w_row_info + n));
      }
    }
    __syncthreads();  // the words' initial values
    AddRowsToInt8TileWords(b_words, w_rows, warp < kBlockN / 32);
    GridDependencyWait();
    StampPhase(p, kPhaseClockDependency);
    Int8TileRows a_rows;
    const int r = tid - kBlockN;
    if (r >= 0 && r < kNa) {
#pragma unroll 4
      for (int i = 0; i < walk.count; ++i) {
        const int m = walk.m0(walk.tile(i)) + r;
        if (m < p.m) {
          a_rows.Add(q.a_row_info[m]);
          a_rows.AddSumSq(q.a_row_sumsq[m]);
        }
      }
    }
    AddRowsToInt8TileWords(a_words, a_rows, warp >= kBlockN / 32 && warp < (kBlockN + kNa) / 32);
  } else {
    const int n0 = walk.n0(0);
    const int m0 = walk.m0(0);
    // The weights' summaries are not the quantizer's output: read and reduced
    // before the wait (the words' reads come after the __syncthreads below).
    const bool w_row = tid < kBlockN && n0 + tid < p.n;
    const uint32_t w_info = w_row ? __ldg(q.w_row_info + n0 + tid) : kInt8RowInfoInvalid;
    if (tid < kBlockN) factor_b[tid] = __uint_as_float(Int8RefFactorBits(Int8RowRef(w_info)));
    __syncthreads();  // the words' initial values
    AddRowToInt8TileWords(b_words, w_row, w_info, 0u, warp < (kBlockN + 31) / 32);
    GridDependencyWait();
    StampPhase(p, kPhaseClockDependency);
    const bool a_row = tid < kNa && m0 + tid < p.m;
    const uint32_t a_info = a_row ? q.a_row_info[m0 + tid] : kInt8RowInfoInvalid;
    const uint32_t a_sumsq = a_row ? q.a_row_sumsq[m0 + tid] : 0u;
    if (tid < kNa) factor_a[tid] = __uint_as_float(Int8RefFactorBits(Int8RowRef(a_info)));
    AddRowToInt8TileWords(a_words, a_row, a_info, a_sumsq, warp < (kNa + 31) / 32);
  }
  __syncthreads();
  // Whole stages in every chunk: the loop below has no tail (a stage slot
  // past a chunk would hold the previous stage's bytes).
  const bool exact =
      chunk % kU == 0 && groups == kWgsK * chunk &&
      Int8TileIsExact(groups, Int8TileRowsFromWords(a_words), Int8TileRowsFromWords(b_words));
  if (!exact) {
    // Every thread has read the words (the converting body's barrier
    // initialization and its __syncthreads come before any of its stage
    // writes).
    WgmmaRingWsGemmBody<kId, kPersistent>(p);
    return;
  }

  if (tid == 0 && q.int8_ctas != nullptr) atomicAdd(q.int8_ctas, 1u);
  const uint32_t a_ring = SharedAddress(smem + kPlan.a_stages);
  const uint32_t w_ring = SharedAddress(smem + kPlan.b_stages);
  float* const partials = reinterpret_cast<float*>(smem + kPlan.c_tile);
  const uint32_t bars = SharedAddress(smem + kPlan.barriers);
  auto full_bar = [bars](int s) { return bars + 8u * static_cast<uint32_t>(s); };
  auto empty_bar = [bars](int s) { return bars + 8u * static_cast<uint32_t>(kRingStages + s); };
  const int stages_total = chunk / kU;
  // Full: the weights' and the activations' expect_tx arrivals.
  InitRingWsBarriers<kRingStages>(bars, 2, kConsumerThreads);
  __syncthreads();

  const int wg = warp >> 2;
  if (wg == 2) {
    // ---------------------------------------------------------- producer
    // One thread copies each stage: both warpgroups' int8 weight blocks (one
    // image run each) and the int8 activations (the ring tiles' fill); ring
    // stage ring_t is stage t of the CTA's tile i (persistent: the next
    // tile's first stages as soon as their slots are free).
    SetMaxRegistersDecrease<kRingWsProducerRegs>();
    if (tid != kConsumerThreads) return;
    const unsigned char* ops = nullptr;
    int group[2];
    int lo[2];
    bool in_n[2];
    auto set_tile = [&](int tile) {
      ops = q.a_i8 + static_cast<int64_t>(walk.m0(tile)) * groups * 32;
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        group[h] = walk.n0(tile) / kPreparedGroupRows + h % kWgsN;
        lo[h] = (h / kWgsN) * chunk;
        // A 64-row group wholly past N: nothing copied (its outputs are not
        // stored; the consumer multiplies whatever the slot holds).
        in_n[h] = group[h] * kPreparedGroupRows < p.n;
      }
    };
    set_tile(walk.tile(0));
    int i = 0;
#pragma unroll 1
    for (int ring_t = 0, t = 0; ring_t < walk.count * stages_total; ++ring_t, ++t) {
      if constexpr (kPersistent) {
        if (t == stages_total) {
          t = 0;
          set_tile(walk.tile(++i));
        }
      }
      const int s = ring_t & (kRingStages - 1);
      if (ring_t >= kRingStages) {
        MbarrierWait(empty_bar(s), static_cast<uint32_t>((ring_t >> kRingStagesLog2) - 1) & 1u);
      }
      MbarrierArriveExpectTx(
          full_bar(s),
          static_cast<uint32_t>((in_n[0] ? 1 : 0) + (in_n[1] ? 1 : 0)) * kU * kPreparedBlockBytes);
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        if (!in_n[h]) continue;
        const int64_t b0 = PreparedBlockIndex(group[h], lo[h] + t * kU, groups);
        BulkCopyToShared(w_ring + static_cast<uint32_t>((s * 2 + h) * kU) * kWBlockBytes,
                         q.w_data + b0 * kPreparedBlockBytes, kU * kPreparedBlockBytes,
                         full_bar(s));
      }
      FillRingActivationStage<kWgsK, kU, kSubBytes>(a_ring + s * kWgsK * kU * kSubBytes, ops, chunk,
                                                    groups, t * kU, full_bar(s),
                                                    /*stage_ordered=*/false);
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
  const uint64_t desc_w0 =
      MatrixDescriptorNoSwizzle(w_ring + static_cast<uint32_t>(wg) * kU * kWBlockBytes, 128, 256);
  const uint64_t desc_a0 =
      MatrixDescriptorNoSwizzle(a_ring + static_cast<uint32_t>(kz) * kU * kSubBytes, 128, 256);
  auto release = [&](int ring_t) { MbarrierArrive(empty_bar(ring_t & (kRingStages - 1))); };
#pragma unroll 1
  for (int i = 0; i < walk.count; ++i) {
    const int tile = walk.tile(i);
    const int n0 = walk.n0(tile);
    const int m0 = walk.m0(tile);
    const int base = i * stages_total;
    // Persistent: this thread's factor of the tile (an activation row for
    // tid < kNa, a weight row for the next kBlockN), stored after the math.
    uint32_t factor_bits = 0u;
    if constexpr (kPersistent) {
      if (tid < kNa) {
        const uint32_t info = m0 + tid < p.m ? q.a_row_info[m0 + tid] : kInt8RowInfoInvalid;
        factor_bits = Int8RefFactorBits(Int8RowRef(info));
      } else if (tid < kNa + kBlockN) {
        const int n = n0 + tid - kNa;
        const uint32_t info = n < p.n ? __ldg(q.w_row_info + n) : kInt8RowInfoInvalid;
        factor_bits = Int8RefFactorBits(Int8RowRef(info));
      }
    }
    int32_t acc[kAccRegs];
#pragma unroll
    for (int j = 0; j < kAccRegs; ++j) acc[j] = 0;
    // Each stage's four wgmmas accumulate into acc behind the previous
    // stage's (one commit group a stage); a stage is released once its group
    // retired.
#pragma unroll 1
    for (int t = 0; t < stages_total; ++t) {
      const int ring_t = base + t;
      const int s = ring_t & (kRingStages - 1);
      MbarrierWait(full_bar(s), static_cast<uint32_t>(ring_t >> kRingStagesLog2) & 1u);
      if (ring_t == 0) StampPhase(p, kPhaseClockReady);
      FenceRegisterArray(acc);
      WgmmaFence();
#pragma unroll
      for (int pos = 0; pos < kU; ++pos) {
        WgmmaS8SmemAcc<kNa>(
            acc,
            MatrixDescriptorOffset(desc_w0, static_cast<uint32_t>(s * 2 * kU + pos) * kWBlockBytes),
            MatrixDescriptorOffset(desc_a0,
                                   static_cast<uint32_t>(s * kWgsK * kU + pos) * kSubBytes));
      }
      WgmmaCommitGroup();
      if (t > 0) {
        WgmmaWaitGroup<1>();
        release(ring_t - 1);
      }
    }
    WgmmaWaitGroup<0>();
    FenceRegisterArray(acc);
    if (stages_total > 0) release(base + stages_total - 1);
    if constexpr (kPersistent) {
      // Every consumer is past the previous tile's factor reads (its
      // combine's first barrier); the barrier below publishes these, and the
      // previous tile's partials are read by then too.
      if (tid < kNa + kBlockN) factor_a[tid] = __uint_as_float(factor_bits);
      CombineBarrier<kConsumerThreads>();
    }

    // The sums as values: s32 -> fp32 (exact: |sum| <= 2^24), x 2^(refB - 128),
    // x 2^(refA - 128) (both exact under Int8TileIsExact); then the ring
    // tiles' combine (p0 + p1 of two exact partials is exact) and store.
    const int n_local = wn * 64 + w4 * 16 + gid;
    const float fb0 = factor_b[n_local];
    const float fb8 = factor_b[n_local + 8];
    float out[kAccRegs];
#pragma unroll
    for (int c = 0; c < kNa / 8; ++c) {
      const float fa0 = factor_a[8 * c + 2 * tig];
      const float fa1 = factor_a[8 * c + 2 * tig + 1];
      out[4 * c] = __fmul_rn(__fmul_rn(__int2float_rn(acc[4 * c]), fb0), fa0);
      out[4 * c + 1] = __fmul_rn(__fmul_rn(__int2float_rn(acc[4 * c + 1]), fb0), fa1);
      out[4 * c + 2] = __fmul_rn(__fmul_rn(__int2float_rn(acc[4 * c + 2]), fb8), fa0);
      out[4 * c + 3] = __fmul_rn(__fmul_rn(__int2float_rn(acc[4 * c + 3]), fb8), fa1);
    }
    StampPhase(p, kPhaseClockMathDone);
    StampPhaseByThread(p, kPhaseClockMathDoneWg1, 128u);
    // One-tile: the partials alias the ring, and every consumer is past its
    // last wait once here.
    if constexpr (!kPersistent) CombineBarrier<kConsumerThreads>();
    WriteRingPartials<kNa, kBlockN>(partials, out, kz, wn * 64 + w4 * 16, gid, tig);
    CombinePartialsAndStore<kConsumerThreads, kBlockN, kNa, kWgsK, /*kReleaseEarly=*/false,
                            /*kNamedBarrierThreads=*/kConsumerThreads>(p, partials, 1, n0, m0);
  }
  GridDependencyLaunchDependents();
  StampPhase(p, kPhaseClockEnd);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_RING_WS_INT8_BODY_H_
