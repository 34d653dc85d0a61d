// File: mxfp4/gpu/gemm/device_block_quantize.h
//
// Device-side MXFP4 block quantization with the EVEN rule, bit-exact with the
// CPU quantizer mxfp4/emu/quantize.h (spec: shared/spec/mxfp4-semantics.md §2).
// Shared by every GEMM path that quantizes A on the GPU (in registers inside
// the GEMM, or in the standalone A-operand kernel) and usable by any other
// device code: it is one header of inline __device__ functions, no kernels.
//
// A 32-element block is held by a quad of 4 consecutive lanes, 8 elements
// (16 bytes of bf16) each; lane q of the quad holds elements 8q .. 8q+7. That
// is the unit of a 16-byte load and, for the GEMM, exactly the K-slice a lane
// owns in the tensor-core fragment (see internal/mma_ops.h).
//
// Rules mirrored from mxfp4/emu/internal/quantize_kernels.h:
//   - max |x| as integer max of the bf16 bit patterns with the sign cleared
//     (NaN patterns sort above Inf, so a NaN or Inf block gets scale 0xFF);
//   - EVEN scale: F = ((A + 0x200000) >> 23) & 0xFF; S = F == 0xFF ? 254 :
//     max(F - 2, 0);
//   - q = |x| * 2^(127 - S) in fp32 (2^-128 for the NaN scale 255);
//   - E2M1 magnitude = round half to even onto {0,.5,1,1.5,2,3,4,6}, saturating
//     at 6; NaN/Inf -> 6; the sign of x is always kept.
// Element encoders: E2m1MagnitudeCode() (threshold compares, the CPU's own
// formulation, for code outputs) and the GEMM's value/2 encoders (magic-
// constant rounding, fewer instructions) whose output is the fp16 (HalfF16Pair)
// or E4M3 (HalfE4m3Pair) encoding of value/2 - exact in both formats; the
// fp16 one also in an exponent-shift form (HalfF16PairShifted: integer
// operations on the bf16 bits in place of fp32 multiplies, for scale bytes
// 3..254), which the fused streaming tiles use. The test
// gemm_building_blocks_test checks them against the CPU on every bf16 input
// and every scale byte.
//
// Device TUs only (nvcc / hip-clang).

#ifndef MXFP4_GPU_GEMM_DEVICE_BLOCK_QUANTIZE_H_
#define MXFP4_GPU_GEMM_DEVICE_BLOCK_QUANTIZE_H_

#include <cstdint>

#include "mxfp4/gpu/common/device_scale.h"
#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER)
#error "device_block_quantize.h is for device TUs (nvcc/hip-clang) only"
#endif

#if defined(MXFP4_GPU_VENDOR_NVIDIA)
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#endif

namespace mxfp4::gpu::quant {

// Scale math (BlockScaleEven, E8m0ToFloat, ScaleReciprocal,
// HalfScaleReciprocal): shared with the quantize kernels, see
// mxfp4/gpu/common/device_scale.h; spelled quant::X here as before.
using device_scale::BlockScaleEven;
using device_scale::E8m0ToFloat;
using device_scale::HalfScaleReciprocal;
using device_scale::ScaleReciprocal;

// E2m1MagnitudeCode()
// The E2M1 magnitude code (0..7) of a non-negative fp32 given by its bits:
// the number of round-half-even thresholds it passes. NaN/Inf bits give 7.
MXFP4_DEVICE_INLINE uint32_t E2m1MagnitudeCode(uint32_t q_bits) {
  const int32_t q = static_cast<int32_t>(q_bits);
  return static_cast<uint32_t>(q > 0x3E800000) + static_cast<uint32_t>(q >= 0x3F400000) +
         static_cast<uint32_t>(q > 0x3FA00000) + static_cast<uint32_t>(q >= 0x3FE00000) +
         static_cast<uint32_t>(q > 0x40200000) + static_cast<uint32_t>(q >= 0x40600000) +
         static_cast<uint32_t>(q > 0x40A00000);
}

// RoundHalfE2m1()
// Given h = |x| * 2^(126 - S) (half the scaled magnitude, h >= 0, or NaN/Inf),
// returns half of the E2M1 value that |x| * 2^(127 - S) rounds to, i.e. one of
// {0, .25, .5, .75, 1, 1.5, 2, 3}. Rounding to the grid of h's binade (step
// 0.25 below 1, 0.5 in [1,2), 1 in [2,4)) is done by adding and subtracting a
// power of two C whose ulp is that step (fp32 addition rounds half to even);
// saturation and NaN/Inf go through fminf (NaN -> 3). Equivalent to the CPU's
// threshold compares; block_quantize_test checks every bf16 and scale.
MXFP4_DEVICE_INLINE float RoundHalfE2m1(float h) {
  const uint32_t exponent_bits = __float_as_uint(h) & 0x7F800000u;
  const uint32_t floor_bits = exponent_bits > 0x3F000000u ? exponent_bits : 0x3F000000u;
  const float c = __uint_as_float(floor_bits + (22u << 23));  // 2^(e + 22): ulp = 2^(e - 1)
  const float rounded = __fsub_rn(__fadd_rn(h, c), c);
  return fminf(rounded, 3.0f);
}

// HalfE4m3Pair()
// E4M3 bytes (low byte = first) of the signed halves of two quantized
// elements, given their bf16 bits and the block's HalfScaleReciprocal. The
// conversion is exact: every value in RoundHalfE2m1's range is an E4M3 normal.
MXFP4_DEVICE_INLINE uint32_t HalfE4m3Pair(uint32_t x0_bf16, uint32_t x1_bf16,
                                          float half_reciprocal) {
  const float h0 = RoundHalfE2m1(__fmul_rn(__uint_as_float((x0_bf16 & 0x7FFFu) << 16),
                                           half_reciprocal));
  const float h1 = RoundHalfE2m1(__fmul_rn(__uint_as_float((x1_bf16 & 0x7FFFu) << 16),
                                           half_reciprocal));
  const float s0 = __uint_as_float(__float_as_uint(h0) | ((x0_bf16 & 0x8000u) << 16));
  const float s1 = __uint_as_float(__float_as_uint(h1) | ((x1_bf16 & 0x8000u) << 16));
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  return static_cast<uint32_t>(
      __nv_cvt_float2_to_fp8x2(make_float2(s0, s1), __NV_SATFINITE, __NV_E4M3));
#else
#error "HalfE4m3Pair: AMD branch not written yet (use v_cvt_pk_fp8_f32)"
#endif
}

// RoundHalfF16x2(): the rounding step of the fp16 encoders below on a
// non-negative f16x2 word v: the magic constant, then min 3 (HalfF16PairPacked).
MXFP4_DEVICE_INLINE uint32_t RoundHalfF16x2(uint32_t v) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  const uint32_t c = __vmaxu2((v & 0x7C007C00u) + 0x24002400u, 0x5C005C00u);
  uint32_t r;
  asm("{\n\t"
      ".reg .b32 t;\n\t"
      "add.rn.f16x2 t, %1, %2;\n\t"
      "sub.rn.f16x2 t, t, %2;\n\t"
      "min.f16x2 %0, t, %3;\n\t"
      "}"
      : "=r"(r)
      : "r"(v), "r"(c), "r"(0x42004200u));  // 3.0 in both halves
  return r;
#else
#error "RoundHalfF16x2: AMD branch not written yet"
#endif
}

// HalfF16PairPacked()
// Two bf16 elements (one bf16x2 word, element 0 in the low half) -> the fp16
// bits of value/2 of their E2M1 codes (EVEN rule, RNE), as one f16x2 word,
// for the scale whose HalfScaleReciprocal is `half_reciprocal`. Computed in
// f16x2 arithmetic, two elements per instruction (~12 instructions a pair):
//   v = |x| * half_reciprocal in fp32 (exact: a power of two), then to fp16
//       (exact for v >= 2^-14; anything smaller becomes 0 below either way;
//       too large becomes inf and is clamped below);
//   round v to the grid of value/2 {0, .25, .5, .75, 1, 1.5, 2, 3} with the
//       magic constant c = max(2^(e + 9), 256) (e = exponent of v): fp16 has
//       10 mantissa bits, so (v + c) - c is v rounded half-to-even to a
//       multiple of 2^(e - 1) (0.25 below 1) - exactly the E2M1 rounding;
//       exponents that overflow c (v >= 128) give inf / NaN / a tiny c and
//       end above 3 or as NaN, both clamped to 3 by min (min(NaN, 3) = 3);
//   the sign of x is OR-ed back (-0 for negative zeros, -3 for -NaN / -inf).
// Bit-identical to the scalar RoundHalfE2m1 form on every bf16 and scale
// byte (gemm_building_blocks_test checks all 2^24 pairs).
MXFP4_DEVICE_INLINE uint32_t HalfF16PairPacked(uint32_t x_bf16x2, float half_reciprocal) {
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  const float lo = __fmul_rn(__uint_as_float((x_bf16x2 & 0x7FFFu) << 16), half_reciprocal);
  const float hi = __fmul_rn(__uint_as_float(x_bf16x2 & 0x7FFF0000u), half_reciprocal);
  const __half2 v2 = __floats2half2_rn(lo, hi);
  return RoundHalfF16x2(*reinterpret_cast<const uint32_t*>(&v2)) | (x_bf16x2 & 0x80008000u);
#else
#error "HalfF16PairPacked: AMD branch not written yet"
#endif
}

// The exponent-shift form of HalfF16PairPacked's first step, for the scale
// bytes S = 3..254 (HalfF16ShiftApplies): |x| * 2^(126 - S) is a bf16 with its
// exponent moved, so its fp16 bits are (|x| bits - ((S - 14) << 7)) << 3 -
// exact for every |x| whose half-scaled value h is at least 0.125 (an fp16
// normal). Smaller |x| (bf16 subnormals included) are first raised to
// h = 0.125, which rounds to 0 as they do (a tie, to even). Two instructions
// a pair (max.u16x2, one multiply-add) in place of the two fp32 multiplies,
// the operand shifts and the conversion. S <= 2 (bf16 subnormals with h >=
// 0.125) and S = 255 (NaN / inf to 3) keep the multiply form. Every bf16 of a
// block of scale S is covered: |x| <= the block max keeps h below 4, so no
// half overflows into the other (gemm_building_blocks_test checks every bf16
// and scale byte).
struct HalfF16Shift {
  uint32_t floor;   // bits of |x| with h = 0.125, both halves: (S - 2) << 7
  uint32_t offset;  // ((S - 14) << 7) << 3 in both halves, mod 2^32
};
MXFP4_DEVICE_INLINE bool HalfF16ShiftApplies(uint32_t s) { return s - 3u <= 251u; }
MXFP4_DEVICE_INLINE HalfF16Shift MakeHalfF16Shift(uint32_t s) {
  return {(s - 2u) * 0x00800080u, (s - 14u) * 0x04000400u};
}
// HalfF16PairShifted(): HalfF16PairPacked(x, HalfScaleReciprocal(S)) for a
// pair whose sign-cleared bits are abs_bf16x2 (x & 0x7FFF7FFF), S in 3..254
// and both |x| at most the block max whose scale is S. The per-half products
// stay below 2^16, so the 32-bit multiply-add is two 16-bit ones.
MXFP4_DEVICE_INLINE uint32_t HalfF16PairShifted(uint32_t x_bf16x2, uint32_t abs_bf16x2,
                                                const HalfF16Shift& shift) {
  const uint32_t v = __vmaxu2(abs_bf16x2, shift.floor) * 8u - shift.offset;
  return RoundHalfF16x2(v) | (x_bf16x2 & 0x80008000u);
}

// HalfF16Pair(): HalfF16PairPacked of two separate bf16 elements.
MXFP4_DEVICE_INLINE uint32_t HalfF16Pair(uint32_t x0_bf16, uint32_t x1_bf16,
                                         float half_reciprocal) {
  return HalfF16PairPacked((x0_bf16 & 0xFFFFu) | (x1_bf16 << 16), half_reciprocal);
}

// QuadBlockMaxOfAbs(): the block's max |x| bits (as the high half of an fp32)
// from the quad's sign-cleared bf16x2 words, as u16x2 maxima (the halves
// never carry into each other), then one shuffle pair within the quad.
MXFP4_DEVICE_INLINE uint32_t QuadBlockMaxOfAbs(const uint32_t a[4]) {
  uint32_t m = __vmaxu2(__vmaxu2(a[0], a[1]), __vmaxu2(a[2], a[3]));
#if defined(MXFP4_GPU_VENDOR_NVIDIA)
  m = __vmaxu2(m, __shfl_xor_sync(0xFFFFFFFFu, m, 1));
  m = __vmaxu2(m, __shfl_xor_sync(0xFFFFFFFFu, m, 2));
#else
  m = __vmaxu2(m, static_cast<uint32_t>(__shfl_xor(static_cast<int>(m), 1)));
  m = __vmaxu2(m, static_cast<uint32_t>(__shfl_xor(static_cast<int>(m), 2)));
#endif
  return __vmaxu2(m, m >> 16) << 16;  // the low half holds max(lo, hi)
}

MXFP4_DEVICE_INLINE uint32_t QuadBlockMaxAbsBits(const uint32_t x[4]) {
  const uint32_t a[4] = {x[0] & 0x7FFF7FFFu, x[1] & 0x7FFF7FFFu, x[2] & 0x7FFF7FFFu,
                         x[3] & 0x7FFF7FFFu};
  return QuadBlockMaxOfAbs(a);
}

// QuantizedQuarterF16: this lane's 8 elements as fp16 of value/2 (h[i] holds
// elements 8q + 2i (low half) and 8q + 2i + 1) and the block's scale byte.
struct QuantizedQuarterF16 {
  uint32_t h[4];
  uint32_t scale;
};

// The two steps of QuantizeQuarterToHalfF16, for callers that quantize
// several blocks at once and pick one encoder for all of them with a warp
// vote (QuantizeFusedRowItems, stream_gemm_body.h: a branch per block made
// the compiler run the blocks' dependency chains one after another - 8x512x3072
// 6% slower, H100, session 65).
// QuarterAbs: a lane's sign-cleared bf16x2 words, its block's scale byte,
// and whether the exponent-shift encoder holds for the block (scale bytes
// 3..254, or a block of zeros: any constants send zeros to zero).
struct QuarterAbs {
  uint32_t a[4];
  uint32_t scale;
  bool shift_ok;
};
MXFP4_DEVICE_INLINE QuarterAbs QuarterAbsAndScale(const uint32_t x[4]) {
  QuarterAbs q;
#pragma unroll
  for (int i = 0; i < 4; ++i) q.a[i] = x[i] & 0x7FFF7FFFu;
  const uint32_t max_bits = QuadBlockMaxOfAbs(q.a);
  q.scale = BlockScaleEven(max_bits);
  q.shift_ok = HalfF16ShiftApplies(q.scale) || max_bits == 0u;
  return q;
}
// EncodeQuarterShifted(): the fp16 value/2 words of a block with q.shift_ok.
MXFP4_DEVICE_INLINE void EncodeQuarterShifted(const uint32_t x[4], const QuarterAbs& q,
                                              uint32_t h[4]) {
  const HalfF16Shift shift = MakeHalfF16Shift(max(q.scale, 3u));
#pragma unroll
  for (int i = 0; i < 4; ++i) h[i] = HalfF16PairShifted(x[i], q.a[i], shift);
}
// EncodeQuarterMultiplied(): the same for any block (the fp32 multiply form).
MXFP4_DEVICE_INLINE void EncodeQuarterMultiplied(const uint32_t x[4], uint32_t scale,
                                                 uint32_t h[4]) {
  const float half_reciprocal = HalfScaleReciprocal(scale);
#pragma unroll
  for (int i = 0; i < 4; ++i) h[i] = HalfF16PairPacked(x[i], half_reciprocal);
}

// QuantizeQuarterToHalfF16()
// EVEN-rule quantization of the quad's block to fp16 value/2; every lane of
// the quad must call it (it shuffles within the quad), and all 32 lanes of
// the warp must be active. The multiply form, without a branch: the kernels
// that quantize one block at a time lost ~1% with the exponent-shift form
// and its warp vote (H100, session 65: 64x7168x2048's wgmma-order quantizer).
MXFP4_DEVICE_INLINE QuantizedQuarterF16 QuantizeQuarterToHalfF16(const uint32_t x[4]) {
  QuantizedQuarterF16 out;
  out.scale = BlockScaleEven(QuadBlockMaxAbsBits(x));
  EncodeQuarterMultiplied(x, out.scale, out.h);
  return out;
}

// QuantizedQuarter: this lane's 8 elements as E4M3 bytes of value/2 (byte i
// of lo/hi = element 8q + i / 8q + 4 + i) and the block's scale byte.
struct QuantizedQuarter {
  uint32_t lo;
  uint32_t hi;
  uint32_t scale;
};

// QuantizeQuarterToHalfE4m3()
// EVEN-rule quantization of the quad's block; every lane of the quad must
// call it (it shuffles within the quad). All 32 lanes of the warp must be
// active.
MXFP4_DEVICE_INLINE QuantizedQuarter QuantizeQuarterToHalfE4m3(const uint32_t x[4]) {
  QuantizedQuarter out;
  out.scale = BlockScaleEven(QuadBlockMaxAbsBits(x));
  const float half_reciprocal = HalfScaleReciprocal(out.scale);
  const uint32_t p0 = HalfE4m3Pair(x[0] & 0xFFFFu, x[0] >> 16, half_reciprocal);
  const uint32_t p1 = HalfE4m3Pair(x[1] & 0xFFFFu, x[1] >> 16, half_reciprocal);
  const uint32_t p2 = HalfE4m3Pair(x[2] & 0xFFFFu, x[2] >> 16, half_reciprocal);
  const uint32_t p3 = HalfE4m3Pair(x[3] & 0xFFFFu, x[3] >> 16, half_reciprocal);
  out.lo = p0 | (p1 << 16);
  out.hi = p2 | (p3 << 16);
  return out;
}

}  // namespace mxfp4::gpu::quant

#endif  // MXFP4_GPU_GEMM_DEVICE_BLOCK_QUANTIZE_H_
