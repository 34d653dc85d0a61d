// File: mxfp4/gpu/gemm/internal/scale_fold.h
//
// The "folded activation scale" rewrite of the block_fma step (docs/paths.md,
// "Folded activation scales"; contract: docs/accumulation.md, spec:
// shared/spec/gpu-design.md). The contract is acc = fmaf(P, s, acc) with
// s = fl(sa * sb). fmaf rounds the exact real P * s + acc once, so any
// operands P', s' with P' * s' == P * s exactly give the same bits. The
// *_fold tiles multiply each activation operand (fp16 of value/2) by its
// block scale sa = 2^(S - 127) when S is in [115, 141] (sa in [2^-12, 2^14]):
//   - the scaled operands stay fp16 normals (0.25 * 2^-12 = 2^-14 up to
//     3 * 2^14 = 49152), so the MMA computes P' = P * sa exactly (every
//     product and partial sum of a column is scaled by the same power of two,
//     no fp32 subnormals: |P'| >= 2^-14);
//   - with sb = 2^(E - 127), E <= 240, sa * sb lies in [2^-139, 2^127]: a
//     power of two that fp32 holds exactly, so s = sa * sb exactly and
//     P' * sb == P * s. Hence acc = fmaf(P', sb, acc) is bit-identical: one
//     FFMA per output and block instead of FMUL + FFMA, and no sa loads.
// A stage takes that fast form only when every activation block of the CTA's
// stage was folded and every weight scale of the phase is <= 240 (a barrier
// with a predicate decides it, per CTA and stage). The fused streaming
// *_fold tiles (stream_gemm_body.h) decide once a CTA that all its A blocks
// folded (the quantization's closing barrier), then per warp and batch of
// weight blocks with a warp vote on their scale bytes (1..240: the decode is
// the exponent shift alone). Otherwise the exact
// fallback undoes the fold per element (P = P' * (1/sa), exact: a power of
// two, no subnormal) and runs the original fmaf(P, fl(sa * sb), acc); an
// unfolded block (S outside [115, 141], NaN scale 0xFF included) keeps P.
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_SCALE_FOLD_H_
#define MXFP4_GPU_GEMM_INTERNAL_SCALE_FOLD_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/shifted_e4m3.h"
#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// Activation scale bytes whose 2^(S - 127) is folded into the fp16 operand.
inline constexpr uint32_t kFoldMinScaleByte = 115;  // 2^-12
inline constexpr uint32_t kFoldMaxScaleByte = 141;  // 2^14
// Largest weight scale byte for which sa * sb cannot overflow (141 + 240 - 254 = 127).
inline constexpr uint32_t kFoldMaxWeightScaleByte = 240;

// ActivationScaleFolds(): whether the quantizer folds a block with this byte.
MXFP4_DEVICE_INLINE bool ActivationScaleFolds(uint32_t scale_byte) {
  return scale_byte >= kFoldMinScaleByte && scale_byte <= kFoldMaxScaleByte;
}

// ActivationScaleValueFolds(): the same test on sa = E8m0ToFloat(S) (false
// for NaN and for the 0.0f of padding rows).
MXFP4_DEVICE_INLINE bool ActivationScaleValueFolds(float sa) {
  return sa >= 0x1p-12f && sa <= 0x1p14f;
}

// FoldScaleF16x2(): two fp16 halves times 2^(S - 127) (exact: the product is
// an fp16 normal or zero for S in [115, 141]; signs and zeros are kept).
MXFP4_DEVICE_INLINE uint32_t FoldScaleF16x2(uint32_t halves, uint32_t scale_byte) {
  const uint32_t p = (scale_byte - 127u + 15u) << 10;  // fp16 bits of 2^(S - 127)
  uint32_t d;
  asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(d) : "r"(halves), "r"(p | (p << 16)));
  return d;
}

// FoldQuarterF16x2(): a lane's 4 f16x2 words of one block (its 8 fp16
// operands) times 2^(S - 127) when the block's scale byte folds; returns
// whether it did. The fp16 quantizers' one fold step (A-operand kernel, the
// fused pipelined and streaming tiles).
MXFP4_DEVICE_INLINE bool FoldQuarterF16x2(uint32_t (&halves)[4], uint32_t scale_byte) {
  const bool folds = ActivationScaleFolds(scale_byte);
  if (folds) {
#pragma unroll
    for (int i = 0; i < 4; ++i) halves[i] = FoldScaleF16x2(halves[i], scale_byte);
  }
  return folds;
}

// UnfoldFactor(): 1/sa for a folded block (exact power of two), else 1.
MXFP4_DEVICE_INLINE float UnfoldFactor(float sa) {
  return ActivationScaleValueFolds(sa) ? __frcp_rn(sa) : 1.0f;
}

// E4M3 operands (the wgmma ring tiles): value/2 * 2^j is exact in E4M3 for
// j in [-7, 7] (0.75 * 2^-7 = 6 * 2^-9 is an E4M3 subnormal, 3 * 2^7 = 384 <=
// 448), so blocks with S in [120, 134] are folded. sa * sb stays a normal or
// subnormal power of two >= 2^-134 and, with sb <= 2^(240-127), <= 2^120: the
// fast form fmaf(P * sa, sb, acc) is the contract's fmaf(P, fl(sa * sb), acc).
inline constexpr uint32_t kFoldE4m3MinScaleByte = 120;  // 2^-7
inline constexpr uint32_t kFoldE4m3MaxScaleByte = 134;  // 2^7

MXFP4_DEVICE_INLINE bool ActivationScaleFoldsE4m3(uint32_t scale_byte) {
  return scale_byte >= kFoldE4m3MinScaleByte && scale_byte <= kFoldE4m3MaxScaleByte;
}

// The e4m3 ring tiles' weights are E4M3 of value x 2^-6 (shifted_e4m3.h,
// Fp4x8ToShiftedE4m3): their block partials are 2^-7 of P * sa. The promotion
// takes the factor back, exactly (powers of two, no overflow or underflow):
// FoldedWeightScaleShifted(byte) = 2^7 * 2^(byte - 127) for the fast form's
// weight bytes (<= kFoldMaxWeightScaleByte: no NaN byte to handle), as
// exponent-field arithmetic: 2^-120 .. 2^120 is always a normal, so byte 0's
// subnormal 2^-127 needs no special case once scaled.
// UnfoldFactorE4m3Shifted(sa) = 2^7 / sa for a block folded into E4M3
// operands (sa = 2^(S-127) a normal power of two: integer arithmetic on the
// exponent field, no reciprocal, whose slow-path call bloated the ring loop),
// else 2^7.
MXFP4_DEVICE_INLINE float FoldedWeightScaleShifted(uint32_t scale_byte) {
  return __uint_as_float((scale_byte << 23) + (static_cast<uint32_t>(kShiftedE4m3ScaleExp) << 23));
}
MXFP4_DEVICE_INLINE float UnfoldFactorE4m3Shifted(float sa) {
  // bits(2^7 / sa) = this - bits(sa) for sa a power of two in range.
  constexpr uint32_t kScaledReciprocalBits =
      0x7F000000u + (static_cast<uint32_t>(kShiftedE4m3ScaleExp) << 23);
  return sa >= 0x1p-7f && sa <= 0x1p7f ? __uint_as_float(kScaledReciprocalBits - __float_as_uint(sa))
                                       : kShiftedE4m3Scale;
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_SCALE_FOLD_H_
