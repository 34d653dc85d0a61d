// File: mxfp4/gpu/gemm/internal/weight_rows.h
//
// Weight addressing in either B layout for the kernels that load weights
// without the pipelined tile loaders: WeightBlockOffset / WeightScaleOffset
// for any (row, block) (wgmma_gemm_body.h's fill), and WeightRowPair, one
// lane's two rows n and n + 8 (the MMA's rows gid / gid + 8) straight into
// registers (stream_gemm_body.h).
//   preshuffled (16,16): block g of row n at (n / 16) * 16 * (k / 2)
//                        + (n % 16) * 16 + 256 * g;
//   natural:             block g of row n at n * (k / 2) + 16 * g;
//   scales shuffled16:   Shuffled16ScaleOffset (core/layouts.h) = a row part
//                        + (g / 8) * 256 + (g % 4) * 64 + ((g / 4) % 2) * 2;
//   scales natural:      n * (k / 32) + g.
// Rows at or beyond N read nothing and give zeros (weights and scale bytes).
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WEIGHT_ROWS_H_
#define MXFP4_GPU_GEMM_INTERNAL_WEIGHT_ROWS_H_

#include <cstdint>
#include <type_traits>

#include "mxfp4/gpu/gemm/internal/byte_compare.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// Byte offsets of block g of weight row n (packed E2M1, 16 bytes) and of its
// E8M0 scale, for any row (the fill loops of the wgmma body), in the layouts
// given (k: the weight's K), or in p's.
MXFP4_DEVICE_INLINE int64_t WeightBlockOffset(int32_t k, bool preshuffled, int n, int g) {
  const int64_t nn = n;
  const int64_t row_bytes = k >> 1;
  return preshuffled ? (nn >> 4) * 16 * row_bytes + (nn & 15) * 16 + int64_t{256} * g
                     : nn * row_bytes + int64_t{16} * g;
}
MXFP4_DEVICE_INLINE int64_t WeightBlockOffset(const GemmKernelArgs& p, int n, int g) {
  return WeightBlockOffset(p.k, p.b_preshuffled != 0, n, g);
}
// The scale offset is a row part plus this column part.
MXFP4_DEVICE_INLINE uint32_t WeightScaleColumnOffset(bool shuffled16, int g) {
  const uint32_t ug = static_cast<uint32_t>(g);
  return shuffled16 ? (ug >> 3) * 256u + (ug & 3u) * 64u + ((ug >> 2) & 1u) * 2u : ug;
}
MXFP4_DEVICE_INLINE uint32_t WeightScaleOffset(int32_t k, bool shuffled16, int n, int g) {
  const uint32_t un = static_cast<uint32_t>(n);
  const uint32_t groups = static_cast<uint32_t>(k >> 5);
  const uint32_t padded_groups = (groups + 7u) & ~7u;
  const uint32_t row = shuffled16
                           ? (un >> 5) * 32u * padded_groups + (un & 15u) * 4u + ((un >> 4) & 1u)
                           : un * groups;
  return row + WeightScaleColumnOffset(shuffled16, g);
}
MXFP4_DEVICE_INLINE uint32_t WeightScaleOffset(const GemmKernelArgs& p, int n, int g) {
  return WeightScaleOffset(p.k, p.b_scales_shuffled16 != 0, n, g);
}

// Read-only global loads at base + kOffset (an immediate of the load) that
// the compiler keeps in program order (volatile asm): an __ldg is an invariant
// load the compiler may hoist to the top of a loop step, keeping two batches
// live.
template <int kOffset>
MXFP4_DEVICE_INLINE uint32_t LoadGlobalU32InOrder(const unsigned char* base) {
  uint32_t v;
  asm volatile("ld.global.nc.u32 %0, [%1+%2];" : "=r"(v) : "l"(base), "n"(kOffset));
  return v;
}
template <int kOffset>
MXFP4_DEVICE_INLINE uint32_t LoadGlobalU8InOrder(const unsigned char* base) {
  uint32_t v;
  asm volatile("ld.global.nc.u8 %0, [%1+%2];" : "=r"(v) : "l"(base), "n"(kOffset));
  return v;
}

// Blocks of weight words a warp has in flight ahead of its math
// (streaming and wgmma ring bodies).
inline constexpr int kStreamBatchBlocks = 4;

// One batch: per block, this lane's word of rows gid / gid + 8 and their
// scale bytes.
struct StreamBatch {
  uint32_t w_row[kStreamBatchBlocks];
  uint32_t w_row8[kStreamBatchBlocks];
  uint32_t s_row[kStreamBatchBlocks];
  uint32_t s_row8[kStreamBatchBlocks];
};

// kContestLayout: the weight is known (at compile time) to be preshuffled
// (16,16) with shuffled16 scales, the original system's layouts, so the
// offsets need no run-time layout selects (a tenth fewer instructions in a
// K = 512 streaming CTA); otherwise the layouts come from p.
template <bool kContestLayout>
class WeightRowPair {
 public:
  // Unset (no row): assign a constructed pair before loading.
  WeightRowPair() = default;
  // Rows n and n + 8 of p's weight (n % 16 < 8). Rows at or beyond N read
  // nothing and give zeros. Row n + 8 is an offset from row n (the same
  // 16-row group of the preshuffled data and of the shuffled16 scales: a
  // constant in the contest layouts), so only row n's address math runs.
  // Measured (H200, session 14, with the tiled bulk A): 32x2880x512 3.74 ->
  // 3.68 us, 32x4096x512 3.85 -> 3.79 (graph replay); session 13's loss on
  // 16x2112x7168 (a schedule change in the bulk tile, which has no rows) is
  // gone with that tile's new A copies (8.92 -> 8.89 us).
  MXFP4_DEVICE_INLINE WeightRowPair(const GemmKernelArgs& p, int n)
      : in_{n < p.n, n + 8 < p.n},
        block_bytes_(Preshuffled(p) ? 256 : 16),
        last_block_((p.k >> 5) - 1),
        s_shuffled_(ScalesShuffled16(p)),
        // Natural layouts with row n + 8 beyond N: its loads are off.
        data_row8_(Preshuffled(p) ? 128 : 8 * (p.k >> 1)),
        scales_row8_(ScalesShuffled16(p) ? 32 : 8 * (p.k >> 5)),
        data_(p.b_data + (in_[0] ? WeightBlockOffset(p.k, Preshuffled(p), n, 0) : 0)),
        // Column part of block 0 is 0: this is the row part.
        scales_(p.b_scales + (in_[0] ? WeightScaleOffset(p.k, s_shuffled_, n, 0) : 0u)) {}

  // Bytes 4 * word .. 4 * word + 3 of block g of rows n and n + 8, and their
  // scale bytes; zeros unless `ok` (g may then lie beyond K: it is clamped).
  // The loads are predicated rather than selected afterwards: a select right
  // after a load made the warp wait for it there, and a batch loaded ahead of
  // the math was no longer in flight during it.
  MXFP4_DEVICE_INLINE void Load(int g, int word, bool ok, uint32_t& w_row, uint32_t& w_row8,
                                uint32_t& s_row, uint32_t& s_row8) const {
    const int gc = min(g, last_block_);
    const unsigned char* d = data_ + static_cast<int64_t>(gc) * block_bytes_ + 4 * word;
    const unsigned char* s = scales_ + WeightScaleColumnOffset(s_shuffled_, gc);
    w_row = 0u;
    w_row8 = 0u;
    s_row = 0u;
    s_row8 = 0u;
    if (ok && in_[0]) {
      w_row = __ldg(reinterpret_cast<const uint32_t*>(d));
      s_row = __ldg(s);
    }
    if (ok && in_[1]) {
      w_row8 = __ldg(reinterpret_cast<const uint32_t*>(d + data_row8_));
      s_row8 = __ldg(s + scales_row8_);
    }
  }

  // Blocks g4 .. g4 + 3 (g4 a multiple of 4) into b, as Load(g4 + u, word,
  // u < valid, ...): within an aligned group of 4 every block's word and scale
  // byte is a constant step from block g4's (data: block_bytes, scales
  // shuffled16: 64, natural: 1), so a batch costs one address per kind
  // rather than each block's clamp and layout arithmetic.
  MXFP4_DEVICE_INLINE void Load4Aligned(int g4, int word, int valid, StreamBatch& b) const {
    const unsigned char* d = data_ + static_cast<int64_t>(g4) * block_bytes_ + 4 * word;
    const unsigned char* s = scales_ + WeightScaleColumnOffset(s_shuffled_, g4);
    // Formed here, once: otherwise each predicated load below formed its own
    // (a 64-bit add per load; Nsight Compute source view, session 13). Only
    // where the steps are constants: elsewhere it cost registers (spills).
    if constexpr (kContestLayout) asm volatile("" : "+l"(d), "+l"(s));
    const int s_step = s_shuffled_ ? 64 : 1;
#pragma unroll
    for (int u = 0; u < kStreamBatchBlocks; ++u) {
      b.w_row[u] = 0u;
      b.w_row8[u] = 0u;
      b.s_row[u] = 0u;
      b.s_row8[u] = 0u;
      if (u < valid && in_[0]) {
        b.w_row[u] = __ldg(reinterpret_cast<const uint32_t*>(d + u * block_bytes_));
        b.s_row[u] = __ldg(s + u * s_step);
      }
      if (u < valid && in_[1]) {
        b.w_row8[u] = __ldg(reinterpret_cast<const uint32_t*>(d + data_row8_ + u * block_bytes_));
        b.s_row8[u] = __ldg(s + scales_row8_ + u * s_step);
      }
    }
  }

 private:
  static MXFP4_DEVICE_INLINE bool Preshuffled(const GemmKernelArgs& p) {
    return kContestLayout || p.b_preshuffled != 0;
  }
  static MXFP4_DEVICE_INLINE bool ScalesShuffled16(const GemmKernelArgs& p) {
    return kContestLayout || p.b_scales_shuffled16 != 0;
  }

  bool in_[2];
  int block_bytes_;
  int last_block_;
  bool s_shuffled_;
  int data_row8_;
  int scales_row8_;
  const unsigned char* data_;
  const unsigned char* scales_;
};

// WeightScaleByteCheck<kThreads>: whether every E8M0 scale byte of weight
// rows [n0, n0 + rows) (all K-blocks) is <= max_byte, this thread's share of
// them (tid of kThreads; a CTA combines with __syncthreads_and), in two
// steps: the constructor issues the thread's first kEarlyWords 16-byte loads,
// AllAtMost() gives the verdict (loading any further words), so the loads can
// be in flight across other work (the ring body: across the wait for the
// quantizer and its first fills).
// The rows' scales are one contiguous range in both layouts (n0 and rows
// multiples of 32): natural, rows [n0, min(n0 + rows, N)) x k/32 bytes;
// shuffled16, 32-row groups of 32 * padded groups bytes up to N rounded up to
// 32 (the storage has 256-row padding; a large byte in its padding only
// costs the fast form, never correctness).
template <int kThreads>
class WeightScaleByteCheck {
 public:
  static constexpr int kEarlyWords = 4;

  MXFP4_DEVICE_INLINE WeightScaleByteCheck(const GemmKernelArgs& p, int n0, int rows, int tid)
      : tid_(tid) {
    const int64_t groups = p.k >> 5;
    const int64_t n_end = n0 + rows;
    int64_t begin = 0;
    int64_t end = 0;
    if (p.b_scales_shuffled16) {
      const int64_t padded_groups = (groups + 7) & ~int64_t{7};
      const int64_t n_stored = (static_cast<int64_t>(p.n) + 31) / 32 * 32;
      begin = n0 * padded_groups;
      end = (n_end < n_stored ? n_end : n_stored) * padded_groups;
    } else {
      begin = n0 * groups;
      end = (n_end < p.n ? n_end : static_cast<int64_t>(p.n)) * groups;
    }
    base_ = p.b_scales + begin;
    bytes_ = end - begin;
    vector_ = ((reinterpret_cast<uintptr_t>(base_) | static_cast<uintptr_t>(bytes_)) & 15u) == 0;
    const uint4* const words = reinterpret_cast<const uint4*>(base_);
#pragma unroll
    for (int e = 0; e < kEarlyWords; ++e) {
      const int64_t i = tid + static_cast<int64_t>(e) * kThreads;
      early_[e] = make_uint4(0u, 0u, 0u, 0u);  // zero bytes pass
      if (vector_ && i < bytes_ / 16) early_[e] = __ldg(words + i);
    }
  }

  // kMaxByte >= 0x80 (the fold limit is 240): one branch-free pass,
  // BytesAboveMarks (three instructions a word; this runs once per CTA from a
  // cold instruction cache).
  template <uint32_t kMaxByte>
  MXFP4_DEVICE_INLINE bool AllAtMost() const {
    if (vector_) {
      uint32_t above = 0u;
      auto add_word = [&above](const uint4& w) {
        above |= BytesAboveMarks<kMaxByte>(w.x) | BytesAboveMarks<kMaxByte>(w.y) |
                 BytesAboveMarks<kMaxByte>(w.z) | BytesAboveMarks<kMaxByte>(w.w);
      };
#pragma unroll
      for (int e = 0; e < kEarlyWords; ++e) add_word(early_[e]);
      const uint4* const words = reinterpret_cast<const uint4*>(base_);
#pragma unroll 1
      for (int64_t i = tid_ + static_cast<int64_t>(kEarlyWords) * kThreads; i < bytes_ / 16;
           i += kThreads) {
        add_word(__ldg(words + i));
      }
      return (above & 0x80808080u) == 0u;
    }
    bool ok = true;
#pragma unroll 1
    for (int64_t i = tid_; i < bytes_; i += kThreads) ok = ok && __ldg(base_ + i) <= kMaxByte;
    return ok;
  }

 private:
  int tid_;
  const unsigned char* base_;
  int64_t bytes_;
  bool vector_;
  uint4 early_[kEarlyWords];
};

// AlignedWeightRowPair<kPreshuffled, kScalesShuffled16>: WeightRowPair for
// the ring tiles, with the layout known at compile time and blocks taken
// kStreamBatchBlocks = 4 at a time from g4, a multiple of 4: block g4 + u of
// a row is then a constant offset from block g4 in every layout (data: 256 u
// preshuffled, 16 u natural; scales shuffled16: u * 64, natural: u), so a
// batch costs one address per row instead of the address math of every
// block (about a third of the ring loop's instructions, Nsight Compute
// source view).
template <bool kPreshuffled, bool kScalesShuffled16>
class AlignedWeightRowPair {
 public:
  static constexpr int kBlockBytes = kPreshuffled ? 256 : 16;
  // Row n + 8 from StepAddresses::data8 / scales8: the constant part of the
  // offset (the original layouts) - the rest is in the address.
  static constexpr int kRow8DataOffset = kPreshuffled ? 128 : 0;
  static constexpr int kRow8ScaleOffset = kScalesShuffled16 ? 32 : 0;

  // Rows n and n + 8 of p's weight (n % 16 < 8), this lane's `word` (0..3)
  // of each block. Row n + 8 is an offset from row n: a constant in the
  // original layouts (the same 16-row group of the preshuffled data and of
  // the shuffled16 scales), so one pointer per kind stays live, not two.
  MXFP4_DEVICE_INLINE AlignedWeightRowPair(const GemmKernelArgs& p, int n, int word)
      : in_{n < p.n, n + 8 < p.n},
        data_(p.b_data + (in_[0] ? WeightBlockOffset(p, n, 0) : 0) + 4 * word),
        scales_(p.b_scales + (in_[0] ? WeightScaleOffset(p, n, 0) : 0u)),
        // Row n + 8 beyond N in natural layouts: no offset (Load4 predicates
        // it off; the unchecked loads read row n again, never stored).
        data_row8_(kPreshuffled ? 128 : (in_[1] ? 8 * (p.k >> 1) : 0)),
        scales_row8_(kScalesShuffled16 ? 32 : (in_[1] ? 8 * (p.k >> 5) : 0)) {}

  // Blocks g4 + u (u < 4) into b, as WeightRowPair::Load with ok = u < valid
  // (zeros otherwise, nothing read).
  MXFP4_DEVICE_INLINE void Load4(int g4, int valid, StreamBatch& b) const {
    static_assert(kStreamBatchBlocks == 4, "a batch is the 4 blocks of a scale word column");
    const StepAddresses a = Step(g4);
#pragma unroll
    for (int u = 0; u < kStreamBatchBlocks; ++u) {
      const int w_off = u * kBlockBytes;
      const int s_col = kScalesShuffled16 ? u * 64 : u;
      const bool ok = u < valid;
      b.w_row[u] = 0u;
      b.w_row8[u] = 0u;
      b.s_row[u] = 0u;
      b.s_row8[u] = 0u;
      if (ok && in_[0]) {
        b.w_row[u] = __ldg(reinterpret_cast<const uint32_t*>(a.data + w_off));
        b.s_row[u] = __ldg(a.scales + s_col);
      }
      if (ok && in_[1]) {
        b.w_row8[u] =
            __ldg(reinterpret_cast<const uint32_t*>(a.data8 + kRow8DataOffset + w_off));
        b.s_row8[u] = __ldg(a.scales8 + kRow8ScaleOffset + s_col);
      }
    }
  }

  // The fast ring loop's loads: block g4 + u (g4 a multiple of 4, g4 + 3 <
  // k/32) with no predicate. A row at or beyond N reads row 0's (or row n's)
  // bytes, whose results are never stored (CombinePartialsAndStore clips to
  // N). Step(g4) takes the step's addresses once; each load is then one
  // instruction with a constant offset, one word or scale pair at a time, so
  // the caller can reload a register as soon as the previous step has used it.
  struct StepAddresses {
    const unsigned char* data;     // row n, block g4
    const unsigned char* data8;    // row n + 8 (preshuffled: = data, offset 128)
    const unsigned char* scales;   // row n's scale byte of block g4
    const unsigned char* scales8;  // row n + 8's (shuffled16: = scales, offset 32)
  };
  MXFP4_DEVICE_INLINE StepAddresses Step(int g4) const {
    const unsigned char* const d = data_ + static_cast<int64_t>(g4) * kBlockBytes;
    const unsigned char* const s = scales_ + ScaleOffset4(g4);
    return {d, kPreshuffled ? d : d + data_row8_, s, kScalesShuffled16 ? s : s + scales_row8_};
  }
  // u: a constant once the caller's loop is unrolled (WithBlockConstant's
  // switch folds away; the offsets must be immediates of the loads).
  MXFP4_DEVICE_INLINE static void LoadWordsUnchecked(const StepAddresses& a, int u,
                                                     uint32_t& w_row, uint32_t& w_row8) {
    WithBlockConstant(u, [&](auto k) { LoadWords<decltype(k)::value>(a, w_row, w_row8); });
  }
  MXFP4_DEVICE_INLINE static void LoadScalesUnchecked(const StepAddresses& a, int u,
                                                      uint32_t& s_row, uint32_t& s_row8) {
    WithBlockConstant(u, [&](auto k) { LoadScales<decltype(k)::value>(a, s_row, s_row8); });
  }

 private:
  // f(std::integral_constant<int, u>) for block u of a step (0..3).
  template <typename F>
  MXFP4_DEVICE_INLINE static void WithBlockConstant(int u, F&& f) {
    static_assert(kStreamBatchBlocks == 4, "blocks 0..3 of a step");
    switch (u) {
      case 0: f(std::integral_constant<int, 0>{}); break;
      case 1: f(std::integral_constant<int, 1>{}); break;
      case 2: f(std::integral_constant<int, 2>{}); break;
      default: f(std::integral_constant<int, 3>{}); break;
    }
  }

  template <int kU>
  MXFP4_DEVICE_INLINE static void LoadWords(const StepAddresses& a, uint32_t& w_row,
                                            uint32_t& w_row8) {
    w_row = LoadGlobalU32InOrder<kU * kBlockBytes>(a.data);
    w_row8 = LoadGlobalU32InOrder<kU * kBlockBytes + kRow8DataOffset>(a.data8);
  }
  template <int kU>
  MXFP4_DEVICE_INLINE static void LoadScales(const StepAddresses& a, uint32_t& s_row,
                                             uint32_t& s_row8) {
    constexpr int kColumn = kScalesShuffled16 ? kU * 64 : kU;
    s_row = LoadGlobalU8InOrder<kColumn>(a.scales);
    s_row8 = LoadGlobalU8InOrder<kColumn + kRow8ScaleOffset>(a.scales8);
  }

  // Scale column of block g4 (a multiple of 4); block g4 + u is u * 64
  // (shuffled16) or u further.
  // shuffled16: (g / 8) * 256 + (g % 4) * 64 + ((g / 4) % 2) * 2.
  static MXFP4_DEVICE_INLINE uint32_t ScaleOffset4(int g4) {
    return kScalesShuffled16
               ? static_cast<uint32_t>(g4 >> 3) * 256u + static_cast<uint32_t>((g4 >> 2) & 1) * 2u
               : static_cast<uint32_t>(g4);
  }

  bool in_[2];
  const unsigned char* data_;
  const unsigned char* scales_;
  int data_row8_;    // bytes from row n's data to row n + 8's
  int scales_row8_;  // and between their scale bytes
};

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WEIGHT_ROWS_H_
