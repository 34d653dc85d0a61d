// File: mxfp4/gpu/gemm/internal/int8_accumulation.h
//
// Integer accumulation of MXFP4 block terms, host and device, so that a CPU
// test (int8_accumulation_test) proves it against the emulator in CI. The ws
// tiles' integer form (wgmma_ring_ws_int8_body.h; docs/paths.md "Integer
// accumulation") and the quantizer's and PrepareWeight's int8 forms use it.
//
// The block_fma contract rounds once per block: acc = fmaf(P_g, s_g, acc).
// For one output (m, n), let refA / refB be the smallest scale bytes of its
// rows over the K-blocks summed, u = 2^(refA + refB - 256), and encode each
// E2M1 element as the integer 2 x value x 2^(S - ref) (S its block's scale
// byte; at most 12 x 2^3 = 96 in magnitude when S - ref <= 3, so int8). Then
// block g's term P_g x s_g is exactly (the int8 dot product of block g) x u,
// and whenever every running sum stays within 2^24 u no fmaf rounds: the
// contract's result is the exact sum, which an s8 tensor-core product
// accumulates in s32 over all blocks at once, scaled by u at the end.
// IntegerAccumulationIsExact() states when that holds for a tile; it holds
// for any split of the blocks too (every partial and every combination of
// partials is a sum of a subset of the terms), so the emulator's bits for any
// KSplit are the same.

#ifndef MXFP4_GPU_GEMM_INTERNAL_INT8_ACCUMULATION_H_
#define MXFP4_GPU_GEMM_INTERNAL_INT8_ACCUMULATION_H_

#include <cmath>
#include <cstdint>

#include "mxfp4/gpu/gemm/internal/shifted_e4m3.h"
#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// The largest shift S - ref an int8 element can carry: 12 << 3 = 96 < 128.
inline constexpr int kInt8MaxShift = 3;
// |dot4| of one block: 32 products of at most 12 x 12.
inline constexpr int64_t kMaxBlockDot4 = 32 * 12 * 12;
// Exact integers in an fp32 significand.
inline constexpr int64_t kFp32ExactIntegers = int64_t{1} << 24;

// PTX prmt.b32, default mode: byte i of the result is byte sel[4i+2:4i] of
// {b, a} (a = bytes 0..3); if sel bit 4i+3 is set, that byte's sign bit is
// replicated over the result byte instead. The host form is the reference the
// CPU test runs; the device form is the same instruction as mma_ops.h's
// Prmt (device only).
MXFP4_HOST_DEVICE inline uint32_t PermuteBytes(uint32_t a, uint32_t b, uint32_t sel) {
#if defined(MXFP4_GPU_DEVICE_PASS)
  uint32_t d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(sel));
  return d;
#else
  const uint64_t src = (static_cast<uint64_t>(b) << 32) | a;
  uint32_t d = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t n = (sel >> (4 * i)) & 0xFu;
    uint32_t byte = static_cast<uint32_t>(src >> (8 * (n & 7u))) & 0xFFu;
    if ((n & 8u) != 0u) byte = (byte & 0x80u) != 0u ? 0xFFu : 0x00u;
    d |= byte << (8 * i);
  }
  return d;
#endif
}

// Lookup tables of one shift t in 0..kInt8MaxShift: byte j of lo/hi is the
// int8 of +-(2 x |value| of magnitude code j) x 2^t, codes 0..3 in lo, 4..7 in hi
// (2 x |value| = 0, 1, 2, 3 | 4, 6, 8, 12). The negative tables are the
// positive bytes negated; shifting a word moves each byte's top bits into the
// next byte, which the per-byte mask clears (the positive bytes have none).
struct Int8Tables {
  uint32_t pos_lo, pos_hi, neg_lo, neg_hi;
};
MXFP4_HOST_DEVICE inline Int8Tables ShiftedInt8Tables(uint32_t shift) {
  const uint32_t byte_mask = ((0xFFu << shift) & 0xFFu) * 0x01010101u;
  Int8Tables t;
  t.pos_lo = 0x03020100u << shift;
  t.pos_hi = 0x0C080604u << shift;
  t.neg_lo = (0xFDFEFF00u << shift) & byte_mask;
  t.neg_hi = (0xF4F8FAFCu << shift) & byte_mask;
  return t;
}

// 8 E2M1 codes (nibble j of `w` = element j, the fp4x2 packing read as a
// little-endian word) as int8 2 x value x 2^t in element order: lo = elements
// 0..3 (byte j = element j), hi = 4..7. Per 4 codes: the positive and the
// negative lookup of the magnitude, the sign bits spread to byte masks (the
// sign-replicating selectors: element 2i's sign bit is bit 7 of byte i of
// w << 4, element 2i + 1's of byte i of w), one select. -0 (code 8) gives 0.
// 11 instructions per 8 codes on the device (the shifted E4M3 takes 7).
MXFP4_HOST_DEVICE inline Bytes8 Fp4x8ToShiftedInt8(uint32_t w, const Int8Tables& t) {
  const uint32_t mag = w & 0x77777777u;
  const uint32_t mag_hi = mag >> 16;
  const uint32_t w4 = w << 4;
  const uint32_t sign_lo = PermuteBytes(w4, w, 0xD9C8u);
  const uint32_t sign_hi = PermuteBytes(w4, w, 0xFBEAu);
  Bytes8 r;
  r.lo = (PermuteBytes(t.pos_lo, t.pos_hi, mag) & ~sign_lo) |
         (PermuteBytes(t.neg_lo, t.neg_hi, mag) & sign_lo);
  r.hi = (PermuteBytes(t.pos_lo, t.pos_hi, mag_hi) & ~sign_hi) |
         (PermuteBytes(t.neg_lo, t.neg_hi, mag_hi) & sign_hi);
  return r;
}

// The conditions of IntegerAccumulationIsExact other than the bound on the
// sums: the int8 encoding and the range of u (below).
MXFP4_HOST_DEVICE inline bool Int8SpreadsAndRefsAreExact(int spread_a, int spread_b,
                                                         int ref_sum_min, int ref_sum_max) {
  if (spread_a < 0 || spread_b < 0 || spread_a > kInt8MaxShift || spread_b > kInt8MaxShift) {
    return false;
  }
  return ref_sum_min >= 130 && ref_sum_max <= 359 && ref_sum_min <= ref_sum_max;
}

// Whether integer accumulation reproduces block_fma for every output of a
// tile summing `groups` blocks, given over the tile's rows the largest scale
// spread (largest minus smallest byte over the blocks) of an activation row
// and of a weight row, and the smallest and largest refA + refB (each row's
// smallest byte). The caller excludes NaN scales (0xFF). Conditions:
//   - both spreads <= kInt8MaxShift (the int8 encoding);
//   - groups x 4608 x 2^(spread_a + spread_b) <= 2^24: every running sum (and
//     every partial of a split) is an integer multiple of u of at most 2^24 u,
//     exact in fp32 (the worst case; Int8TileIsExact also accepts a bound
//     from the rows' norms);
//   - 130 <= refA + refB: u = 2^(refA + refB - 256) >= 2^-126 is normal and
//     so is every scale product s = 2^(Sa + Sb - 254) (the contract rounds s
//     first);
//   - refA + refB <= 359: 2^24 u <= 2^127, no sum and no s overflows (Sa + Sb
//     <= refA + refB + 6).
MXFP4_HOST_DEVICE inline bool IntegerAccumulationIsExact(int64_t groups, int spread_a, int spread_b,
                                                         int ref_sum_min, int ref_sum_max) {
  if (groups < 0 || !Int8SpreadsAndRefsAreExact(spread_a, spread_b, ref_sum_min, ref_sum_max)) {
    return false;
  }
  return (groups * kMaxBlockDot4) << (spread_a + spread_b) <= kFp32ExactIntegers;
}

// The fp32 bits of u = 2^(ref_sum - 256) for 130 <= ref_sum <= 359 (a normal
// number): the factor that turns an output's s32 sum into its value.
MXFP4_HOST_DEVICE inline uint32_t IntegerSumUnitBits(int ref_sum) {
  return static_cast<uint32_t>(ref_sum - 256 + 127) << 23;
}

// ---------------------------------------------------------------------------
// Row summaries: what an operand row (an activation row over K, or a weight
// row) tells a tile about itself, 32 bits a row: bits 0-7 its reference
// `ref`, bits 8-15 its `spread` or one of two marks, bits 16-31 a norm bound.
//   - Blocks whose 32 codes are all +-0 ("zero blocks") add +-0 to the
//     contract's sum whatever their scale, as long as the scale product
//     stays finite (0 x inf = NaN): they are left out of ref and spread, and
//     a zero block's byte must be <= max(127, the row's largest non-zero
//     byte), which with the tile condition keeps every product finite
//     (Sa + Sb <= 381 < 127 + 254 + 1). (The quantizer gives an all-zero
//     block S = 0.)
//   - ref = the smallest byte of the row's non-zero blocks, spread = largest
//     - smallest, at most kInt8MaxShift; the int8 element is then
//     2 x value x 2^(S - ref) (a zero block encodes as zeros at any shift).
//   - norm: ceil(sqrt(sum of the row's int8 elements squared)), at most
//     0xFFFF (saturated). By Cauchy-Schwarz every sum of products of a subset
//     of an activation row's and a weight row's elements is at most normA x
//     normB in magnitude, which bounds every running sum in units far below
//     the worst case (standard-normal rows at K = 4096: norms ~400).
//   - kInt8RowZero: no non-zero block and every byte <= 127: every output of
//     the row is +0 in the contract and in the integer sum; the tile check
//     skips the row. Norm 0.
//   - kInt8RowInvalid: a NaN scale (0xFF) anywhere, a spread above
//     kInt8MaxShift, or a zero block's byte too large: no int8 form (a tile
//     with such a row takes the E4M3 loops). Rows past the matrix (padding)
//     carry it too; tiles skip them. All other bits set.
inline constexpr uint8_t kInt8RowZero = 0xFE;
inline constexpr uint8_t kInt8RowInvalid = 0xFF;
inline constexpr uint32_t kInt8MaxNorm = 0xFFFF;

MXFP4_HOST_DEVICE inline uint32_t Int8RowInfo(uint32_t ref, uint32_t spread_or_mark,
                                              uint32_t norm = 0) {
  return (ref & 0xFFu) | ((spread_or_mark & 0xFFu) << 8) | ((norm & 0xFFFFu) << 16);
}
inline constexpr uint32_t kInt8RowInfoInvalid = 0xFFFFFF00u;
static_assert((kInt8RowInfoInvalid >> 8 & 0xFFu) == kInt8RowInvalid, "the invalid mark");

// The fields of a row summary.
MXFP4_HOST_DEVICE inline uint32_t Int8RowRef(uint32_t info) { return info & 0xFFu; }
MXFP4_HOST_DEVICE inline uint32_t Int8RowMark(uint32_t info) { return (info >> 8) & 0xFFu; }
MXFP4_HOST_DEVICE inline uint32_t Int8RowNorm(uint32_t info) { return info >> 16; }
// Whether the row has an int8 form (not a mark): its elements are encoded.
MXFP4_HOST_DEVICE inline bool Int8RowEncodes(uint32_t info) {
  return Int8RowMark(info) <= static_cast<uint32_t>(kInt8MaxShift);
}

// The sum over 8 E2M1 codes (nibble j = element j) of (2 x value)^2: a
// block's sum of squares at shift 0 is that of its four words (<= 4608).
// Byte j of the tables is the square of magnitude code j (0 1 4 9 | 16 36 64
// 144); the device sums the bytes with one dp4a a half.
MXFP4_HOST_DEVICE inline uint32_t Fp4x8SumSquares(uint32_t w) {
  const uint32_t mag = w & 0x77777777u;
  const uint32_t lo = PermuteBytes(0x09040100u, 0x90402410u, mag);
  const uint32_t hi = PermuteBytes(0x09040100u, 0x90402410u, mag >> 16);
#if defined(MXFP4_GPU_DEVICE_PASS)
  uint32_t d;
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(lo), "r"(0x01010101u), "r"(0u));
  asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(hi), "r"(0x01010101u), "r"(d));
  return d;
#else
  uint32_t d = 0;
  for (int i = 0; i < 4; ++i) d += ((lo >> (8 * i)) & 0xFFu) + ((hi >> (8 * i)) & 0xFFu);
  return d;
#endif
}

// Saturating arithmetic of sums of squares (uint32; 0xFFFFFFFF = "too large",
// a norm bound of 0xFFFF). A row with an int8 form never saturates below
// K = 466,000 (a block adds at most 4608 x 4^3).
MXFP4_HOST_DEVICE inline uint32_t Int8SumSqAdd(uint32_t x, uint32_t y) {
  const uint32_t s = x + y;
  return s < x ? 0xFFFFFFFFu : s;
}
// x 4^d: a term moved from shift 0 to shift d (d > kInt8MaxShift only in rows
// with no int8 form, where any large value will do).
MXFP4_HOST_DEVICE inline uint32_t Int8SumSqShift(uint32_t x, uint32_t d) {
  if (x == 0u) return 0u;
  if (d > static_cast<uint32_t>(kInt8MaxShift) || x > (0xFFFFFFFFu >> (2 * d))) {
    return 0xFFFFFFFFu;
  }
  return x << (2 * d);
}

// ceil(sqrt(sumsq)), saturated at kInt8MaxNorm: the integer the float square
// root lands next to, corrected (exact on host and device, fast math or not).
MXFP4_HOST_DEVICE inline uint32_t Int8NormBound(uint32_t sumsq) {
  uint32_t r = static_cast<uint32_t>(sqrtf(static_cast<float>(sumsq)));
  while (static_cast<uint64_t>(r) * r < sumsq) ++r;
  while (r > 0u && static_cast<uint64_t>(r - 1u) * (r - 1u) >= sumsq) --r;
  return r < kInt8MaxNorm ? r : kInt8MaxNorm;
}

// The activations' summaries travel as two words a row (the quantizer sums
// the squares after its cluster barrier, when the row's ref is known: no
// serial combine on its critical path): the info with norm 0, and the row's
// sum of squares at ref (0 for a row with no int8 form), which the GEMM adds
// to its tile as a squared norm (Int8TileRows::AddSumSq).

// Accumulates a row's blocks in any order; Info() is the row's summary. The
// sum of squares is an exact integer (so the GPU's summaries equal the CPU's
// whatever the order of the adds), in units of the scan's own nonzero_min:
// block_sumsq x 4^(S - nonzero_min), rescaled when nonzero_min drops.
struct Int8RowScan {
  uint32_t nonzero_min = 0xFF;  // over non-zero blocks
  uint32_t nonzero_max = 0;
  uint32_t zero_max = 0;        // over zero blocks
  uint32_t sumsq = 0;           // at nonzero_min, saturating
  bool nan = false;
  bool any_nonzero = false;
  // block_sumsq: the block's sum of (2 x value)^2 at shift 0 (0 for a zero
  // block; Fp4x8SumSquares over its words).
  MXFP4_HOST_DEVICE void Add(uint32_t scale_byte, bool zero_block, uint32_t block_sumsq) {
    if (scale_byte == 0xFFu) nan = true;
    if (zero_block) {
      zero_max = zero_max > scale_byte ? zero_max : scale_byte;
    } else {
      any_nonzero = true;
      if (scale_byte < nonzero_min) {
        sumsq = Int8SumSqShift(sumsq, nonzero_min - scale_byte);
        nonzero_min = scale_byte;
      }
      sumsq = Int8SumSqAdd(sumsq, Int8SumSqShift(block_sumsq, scale_byte - nonzero_min));
      nonzero_max = nonzero_max > scale_byte ? nonzero_max : scale_byte;
    }
  }
  // Two partial scans of one row (e.g. two CTAs' blocks) as one.
  MXFP4_HOST_DEVICE void Merge(const Int8RowScan& o) {
    nan = nan || o.nan;
    any_nonzero = any_nonzero || o.any_nonzero;
    const uint32_t lo = nonzero_min < o.nonzero_min ? nonzero_min : o.nonzero_min;
    sumsq = Int8SumSqAdd(Int8SumSqShift(sumsq, nonzero_min - lo),
                         Int8SumSqShift(o.sumsq, o.nonzero_min - lo));
    nonzero_min = lo;
    nonzero_max = nonzero_max > o.nonzero_max ? nonzero_max : o.nonzero_max;
    zero_max = zero_max > o.zero_max ? zero_max : o.zero_max;
  }
  MXFP4_HOST_DEVICE uint32_t Info() const {
    if (nan) return kInt8RowInfoInvalid;
    if (!any_nonzero) return zero_max <= 127u ? Int8RowInfo(0, kInt8RowZero) : kInt8RowInfoInvalid;
    const uint32_t spread = nonzero_max - nonzero_min;
    const uint32_t zero_limit = nonzero_max > 127u ? nonzero_max : 127u;
    if (spread > static_cast<uint32_t>(kInt8MaxShift) || zero_max > zero_limit) {
      return kInt8RowInfoInvalid;
    }
    return Int8RowInfo(nonzero_min, spread, Int8NormBound(sumsq));
  }
};

// The shift of a block of scale byte S in a row of reference ref: S - ref,
// clamped to 0..kInt8MaxShift (only zero blocks, whose encoding is zeros at
// any shift, fall outside).
MXFP4_HOST_DEVICE inline uint32_t Int8BlockShift(uint32_t scale_byte, uint32_t ref) {
  const int d = static_cast<int>(scale_byte) - static_cast<int>(ref);
  return static_cast<uint32_t>(d < 0 ? 0 : (d > kInt8MaxShift ? kInt8MaxShift : d));
}

// A tile's summary of its rows (each operand separately): the largest
// spread, the smallest and largest ref and the largest squared norm over its
// non-zero rows, and whether any row is invalid. Empty (only zero rows): any
// condition holds. A row's squared norm is its summary's norm bound squared
// (Add), or its exact sum of squares where the caller has it (AddSumSq: the
// activations', a_row_sumsq, which spares the GEMM a square root).
struct Int8TileRows {
  uint32_t max_spread = 0;
  uint32_t min_ref = 0xFF;
  uint32_t max_ref = 0;
  uint32_t max_norm_sq = 0;  // < 2^32: a norm bound <= 0xFFFF, a sum of squares saturates
  bool invalid = false;
  MXFP4_HOST_DEVICE void AddSumSq(uint32_t sumsq) {
    max_norm_sq = max_norm_sq > sumsq ? max_norm_sq : sumsq;
  }
  MXFP4_HOST_DEVICE void Add(uint32_t info) {
    const uint32_t mark = Int8RowMark(info);
    if (mark == kInt8RowInvalid) {
      invalid = true;
    } else if (mark != kInt8RowZero) {
      const uint32_t ref = Int8RowRef(info);
      const uint32_t norm = Int8RowNorm(info);
      max_spread = max_spread > mark ? max_spread : mark;
      min_ref = min_ref < ref ? min_ref : ref;
      max_ref = max_ref > ref ? max_ref : ref;
      AddSumSq(norm * norm);
    }
  }
  MXFP4_HOST_DEVICE bool empty() const { return min_ref > max_ref; }
};

// Whether a tile whose activation rows summarize to `a` and weight rows to
// `b` may take integer accumulation over `groups` blocks (any split of them).
// Beyond Int8SpreadsAndRefsAreExact, the sums stay within 2^24 units if
// either bound holds:
//   - the worst case, groups x 4608 x 2^(spread_a + spread_b) <= 2^24
//     (IntegerAccumulationIsExact);
//   - the norms, max normA x max normB <= 2^24 (as squares: max_norm_sq
//     products <= 2^48): by Cauchy-Schwarz every sum of the products of any
//     subset of an output's K positions is at most ||a'|| ||w'|| <= normA x
//     normB, so every running sum of block_fma, every K-split partial and
//     their combination, and every partial of the s32 wgmma's own order are
//     covered.
// And the weight ref in 2..231, so that the epilogue's two-step scaling,
// s32 x 2^(refB - 128) then x 2^(refA - 128), is exact at both steps (the
// first stays normal and below 2^127).
MXFP4_HOST_DEVICE inline bool Int8TileIsExact(int64_t groups, const Int8TileRows& a,
                                              const Int8TileRows& b) {
  if (groups < 0 || a.invalid || b.invalid) return false;
  if (a.empty() || b.empty()) return true;  // every output +0 in both
  if (b.min_ref < 2 || b.max_ref > 231) return false;
  const int spread_a = static_cast<int>(a.max_spread), spread_b = static_cast<int>(b.max_spread);
  const int ref_min = static_cast<int>(a.min_ref + b.min_ref);
  const int ref_max = static_cast<int>(a.max_ref + b.max_ref);
  if (!Int8SpreadsAndRefsAreExact(spread_a, spread_b, ref_min, ref_max)) return false;
  // normA x normB <= 2^24, squared (integers: no square root).
  const bool norms = static_cast<uint64_t>(a.max_norm_sq) * b.max_norm_sq <=
                     static_cast<uint64_t>(kFp32ExactIntegers) * kFp32ExactIntegers;
  return norms || IntegerAccumulationIsExact(groups, spread_a, spread_b, ref_min, ref_max);
}

// 2^(ref - 128) as fp32 bits for ref in 0..255 (subnormal below 2, exact
// either way): one operand's factor of the unit 2^(refA + refB - 256).
MXFP4_HOST_DEVICE inline uint32_t Int8RefFactorBits(uint32_t ref) {
  return ref >= 2u ? (ref - 1u) << 23 : 0x00800000u >> (2u - ref);
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_INT8_ACCUMULATION_H_
