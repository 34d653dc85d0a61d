// File: mxfp4/emu/quantize.h
//
// Bit-exact MXFP4 quantization on the CPU (spec: shared/spec/mxfp4-semantics.md §2).
// Each 32-element block along K gets one E8M0 scale chosen by a named rule, and
// each element is rounded to E2M1 with round-to-nearest-even and saturation.
//
// Example:
//   absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(a_bits, rows, k, {});
//   // q->data: (rows, k/2) packed; q->scales: (rows, k/32) natural.

#ifndef MXFP4_EMU_QUANTIZE_H_
#define MXFP4_EMU_QUANTIZE_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4 {

// How a block's shared scale is chosen from a = max|x| over the block.
enum class ScaleRule {
  // The contest/AITER rule (default): round a to a power of two (the exponent
  // goes up when a's mantissa is >= 1.75), then exponent - 2.
  kEven,
  // OCP MX v1.0 text / torchao default: floor(log2(a)) - 2.
  kOcpFloor,
  // NVIDIA/cuBLAS style: scale = ceil_pow2(a / 6).
  kRceil,
};

const char* ScaleRuleName(ScaleRule rule);  // "even", "floor", "rceil"

struct QuantizeOptions {
  ScaleRule rule = ScaleRule::kEven;
  ScaleLayout scale_layout = ScaleLayout::kNatural;
  // Worker threads for large inputs; 0 = hardware concurrency.
  int num_threads = 0;
};

// The scale byte for one block, given the bits of its max-magnitude value
// (an fp32, sign ignored). NaN/Inf handling: see docs/quantization.md.
uint8_t BlockScale(uint32_t max_abs_bits, ScaleRule rule);

// E2M1 code of x * 2^(127 - scale) (sign kept, RNE, saturating at 6).
uint8_t QuantizeElement(float x, uint8_t scale);

// Quantizes a (rows, k) matrix given as bf16 bit patterns / fp32 values,
// row-major. k must be a multiple of 32.
absl::StatusOr<Mxfp4Matrix> QuantizeBf16(absl::Span<const uint16_t> x, int64_t rows, int64_t k,
                                         const QuantizeOptions& options);
absl::StatusOr<Mxfp4Matrix> QuantizeFloat(absl::Span<const float> x, int64_t rows, int64_t k,
                                          const QuantizeOptions& options);

// Dequantizes to fp32 (rows, k) row-major: code value * 2^(scale-127); NaN scale -> NaN.
absl::StatusOr<std::vector<float>> Dequantize(const Mxfp4View& m);

// Emulation of gfx950 `v_cvt_scalef32_pk_fp4_f32 vdst, src0, src1, scale` with
// OPSEL byte select `dst_byte` (0..3): returns `old` with that byte replaced by
// PackFp4x2(cvt(src0), cvt(src1)). Divides exactly by the power of two in
// `scale`'s exponent, RNE, saturates to +-6, NaN/Inf -> +-6, +-0 keeps its sign.
uint32_t CvtScalef32PkFp4F32(uint32_t old, float src0, float src1, float scale, int dst_byte);

}  // namespace mxfp4

#endif  // MXFP4_EMU_QUANTIZE_H_
