// File: mxfp4/gpu/common/device_scale.h
//
// Device-side E8M0 block-scale math shared by every kernel that quantizes or
// dequantizes MXFP4 (spec: shared/spec/mxfp4-semantics.md §2): the scale byte
// of a 32-element block from its max |x| (EVEN, FLOOR, RCEIL rules), the exact
// reciprocal 2^(127 - s) (and half of it), and E8M0 -> fp32. Bit-exact with the
// emulator (mxfp4/emu/internal/quantize_kernels.h: BlockScaleInline,
// ScaleReciprocal) and mxfp4::E8m0ToFloat (mxfp4/core/formats.h).
//
// One header of inline __device__ functions, no kernels; the element encoders
// stay with their kernels (mxfp4/gpu/quantize/quantize_kernel.cu.cc,
// mxfp4/gpu/gemm/device_block_quantize.h). Integer/bit operations only, so the
// results do not depend on -fmad or fast-math flags.
//
// Example:
//   const uint32_t s = BlockScaleEven(max_abs_bits);      // 6.0 -> 127
//   const float q = __fmul_rn(fabsf(x), ScaleReciprocal(s));
//
// Device TUs only (nvcc / hip-clang).

#ifndef MXFP4_GPU_COMMON_DEVICE_SCALE_H_
#define MXFP4_GPU_COMMON_DEVICE_SCALE_H_

#include <cstdint>

#include "mxfp4/gpu/platform/intrinsics.h"
#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER)
#error "device_scale.h is for device TUs (nvcc/hip-clang) only"
#endif

namespace mxfp4::gpu::device_scale {

// BlockScaleEven()
// The EVEN-rule scale byte of a block whose largest |x| has fp32 bits
// `max_abs_bits` (sign already cleared): the max is rounded to a power of two
// first (exponent up when the mantissa is >= 1.75), F = ((A + 0x200000) >> 23)
// & 0xFF; S = F == 0xFF ? 254 : max(F - 2, 0). NaN/Inf -> 0xFF.
// Example: BlockScaleEven(0x40C00000 /* 6.0 */) == 127 (6 = 1.5 * 2^2, F - 2 = 127).
// Spelled as three selects, no early returns: the returns compiled to
// branches, and a branch in every block's quantization kept the compiler from
// interleaving the blocks' dependency chains (the fused GEMM tiles quantize
// several blocks per lane).
MXFP4_DEVICE_INLINE uint32_t BlockScaleEven(uint32_t max_abs_bits) {
  const uint32_t rounded = ((max_abs_bits + 0x200000u) >> 23) & 0xFFu;
  uint32_t s = rounded >= 2u ? rounded - 2u : 0u;
  s = rounded == 0xFFu ? 0xFEu : s;
  return max_abs_bits >= 0x7F800000u ? 0xFFu : s;
}

// BlockScaleFloor()
// The OCP FLOOR-rule scale byte: exponent of max |x| minus 2, clamped at 0.
// NaN/Inf -> 0xFF.
MXFP4_DEVICE_INLINE uint32_t BlockScaleFloor(uint32_t max_abs_bits) {
  if (max_abs_bits >= 0x7F800000u) return 0xFFu;
  const int s = static_cast<int>(max_abs_bits >> 23) - 2;
  return static_cast<uint32_t>(s < 0 ? 0 : s);
}

// BlockScaleRceil()
// The RCEIL-rule scale byte: ceil(log2(max|x| / 6)) in biased form, i.e. the
// FLOOR exponent plus one when the mantissa exceeds 1.5, clamped at 0.
// NaN/Inf -> 0xFF.
MXFP4_DEVICE_INLINE uint32_t BlockScaleRceil(uint32_t max_abs_bits) {
  if (max_abs_bits >= 0x7F800000u) return 0xFFu;
  const int s = static_cast<int>(max_abs_bits >> 23) - 2 +
                static_cast<int>((max_abs_bits & 0x7FFFFFu) > 0x400000u);
  return static_cast<uint32_t>(s < 0 ? 0 : s);
}

// ScaleReciprocal()
// 2^(127 - s) as an fp32, exact for every byte (subnormal for s >= 254;
// s = 255, the NaN scale, acts as exponent 128: 2^-128, like the emulator).
MXFP4_DEVICE_INLINE float ScaleReciprocal(uint32_t s) {
  const int biased = 254 - static_cast<int>(s);
  const uint32_t bits = biased > 0 ? static_cast<uint32_t>(biased) << 23
                                   : (0x00400000u >> static_cast<uint32_t>(-biased));
  return U32AsFloat(bits);
}

// HalfScaleReciprocal()
// 2^(126 - s) = ScaleReciprocal(s) / 2 exactly (a subnormal power of two for
// s >= 253).
MXFP4_DEVICE_INLINE float HalfScaleReciprocal(uint32_t s) {
  const int biased = 253 - static_cast<int>(s);
  const uint32_t bits = biased > 0 ? static_cast<uint32_t>(biased) << 23
                                   : (0x00400000u >> static_cast<uint32_t>(-biased));
  return U32AsFloat(bits);
}

// E8m0ToFloat()
// 2^(s - 127) as an fp32: 0x00 is the subnormal 2^-127, 0xFF a quiet NaN
// (0x7FC00000). Same bits as mxfp4::E8m0ToFloat in mxfp4/core/formats.h.
MXFP4_DEVICE_INLINE float E8m0ToFloat(uint32_t s) {
  uint32_t bits = s << 23;
  bits = s == 0 ? 0x00400000u : bits;
  bits = s == 0xFF ? 0x7FC00000u : bits;
  return U32AsFloat(bits);
}

}  // namespace mxfp4::gpu::device_scale

#endif  // MXFP4_GPU_COMMON_DEVICE_SCALE_H_
