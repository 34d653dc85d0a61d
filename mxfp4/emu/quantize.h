// File: mxfp4/emu/quantize.h
//
// Bit-exact MXFP4 quantization on the CPU (spec: shared/spec/mxfp4-semantics.md §2).
// Each 32-element block along K gets one E8M0 scale chosen by a named rule, and
// each element is rounded to E2M1 with round-to-nearest-even and saturation.
// docs/quantization.md has the formulas, the tie table and measured speed.
//
// Non-finite inputs (outside the contest's data; our documented choice):
//   - A block whose elements include any NaN or +-Inf is a "NaN block": its
//     scale is 0xFF (E8M0 NaN), so every element of the block dequantizes to
//     NaN. Inf is not saturated to 6 * 2^127: that would silently turn an
//     overflow into a finite number.
//   - Codes in a NaN block are still well defined (QuantizeElement(x, 0xFF),
//     i.e. as if the scale were 2^128, the cvt instruction's reading of an fp32
//     scale with exponent field 0xFF): NaN/Inf -> code 7 with its sign; finite
//     x -> RNE of x * 2^-128.
//   - Denormal inputs, all-zero blocks (scale = the rule's formula at a = 0,
//     i.e. 0x00 for every rule) and the largest bf16 (0x7F7F) need no special
//     case. Signs are always kept: -0 and tiny negatives give code 8.
//
// Example:
//   absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(a_bits, rows, k, {});
//   // q->data: (rows, k/2) packed; q->scales: (rows, k/32) natural.

#ifndef MXFP4_EMU_QUANTIZE_H_
#define MXFP4_EMU_QUANTIZE_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"

namespace mxfp4 {

// How a block's shared scale is chosen from a = max|x| over the block.
// Reachable scale bytes for finite blocks: kEven 0..252 and 254 (never 253),
// kOcpFloor 0..252, kRceil 0..253.
enum class ScaleRule {
  // The contest/AITER rule (default): round a to a power of two (the exponent
  // goes up when a's mantissa is >= 1.75), then exponent - 2.
  // S = F == 0xFF ? 254 : max(F - 2, 0), F = ((bits(a) + 0x200000) >> 23) & 0xFF.
  kEven,
  // OCP MX v1.0 text / torchao default: floor(log2(a)) - 2.
  // S = max(E - 2, 0), E = biased exponent of a.
  kOcpFloor,
  // NVIDIA/cuBLAS style: scale = ceil_pow2(a / 6), computed exactly.
  // S = max(E - 2 + (mantissa(a) > 1.5), 0).
  kRceil,
};

const char* ScaleRuleName(ScaleRule rule);  // "even", "floor", "rceil"

// ParseScaleRule()
//
// Inverse of ScaleRuleName(); also accepts "ocp_floor". Unknown names give
// InvalidArgument listing the valid ones.
// Example: ParseScaleRule("rceil").value() == ScaleRule::kRceil
absl::StatusOr<ScaleRule> ParseScaleRule(absl::string_view name);

// Threads are only started for at least this many elements each; smaller
// inputs use fewer threads (one below 2x this).
inline constexpr int64_t kQuantizeMinElementsPerThread = int64_t{1} << 17;

struct QuantizeOptions {
  ScaleRule rule = ScaleRule::kEven;
  ScaleLayout scale_layout = ScaleLayout::kNatural;
  // Worker threads for large inputs; 0 = hardware concurrency. Small inputs
  // run on the calling thread. The result never depends on the thread count.
  int num_threads = 0;
};

// BlockScale()
//
// The scale byte for one block, given the bits of its max-magnitude value
// (an fp32, sign ignored). NaN or Inf bits give 0xFF (NaN block, see above);
// an out-of-range `rule` value gives 0xFF too.
// Example: BlockScale(FloatBits(6.0f), ScaleRule::kEven) == 127 (scale 1.0).
uint8_t BlockScale(uint32_t max_abs_bits, ScaleRule rule);

// QuantizeElement()
//
// E2M1 code of x * 2^(127 - scale) (sign kept, RNE, saturating at 6). Defined
// for every scale byte, 0xFF included (read as 2^128); NaN/Inf x -> 7 | sign.
// Example: QuantizeElement(-5.0f, 127) == 0xE (-4.0, the tie goes to even).
uint8_t QuantizeElement(float x, uint8_t scale);

// QuantizeBf16() / QuantizeFloat()
//
// Quantizes a (rows, k) matrix given as bf16 bit patterns / fp32 values,
// row-major. k must be a multiple of 32; rows and k must be positive;
// x.size() must equal rows * k. Data comes back natural (rows, k/2); scales in
// options.scale_layout (padding bytes of shuffled layouts are 0).
absl::StatusOr<Mxfp4Matrix> QuantizeBf16(absl::Span<const uint16_t> x, int64_t rows, int64_t k,
                                         const QuantizeOptions& options);
absl::StatusOr<Mxfp4Matrix> QuantizeFloat(absl::Span<const float> x, int64_t rows, int64_t k,
                                          const QuantizeOptions& options);

// QuantizeBf16Into() / QuantizeFloatInto()
//
// The same without allocating: `data` must hold exactly rows * k / 2 bytes and
// `scales` exactly ScaleStorageBytes(options.scale_layout, rows, k / 32); every
// byte of both is written (scale padding with 0).
absl::Status QuantizeBf16Into(absl::Span<const uint16_t> x, int64_t rows, int64_t k,
                              const QuantizeOptions& options, absl::Span<uint8_t> data,
                              absl::Span<uint8_t> scales);
absl::Status QuantizeFloatInto(absl::Span<const float> x, int64_t rows, int64_t k,
                               const QuantizeOptions& options, absl::Span<uint8_t> data,
                               absl::Span<uint8_t> scales);

// Dequantize()
//
// Dequantizes to fp32 (rows, k) row-major: code value * 2^(scale-127); NaN
// scale -> NaN. Any data/scale layout. Exact except where the true value
// exceeds fp32 (scale 0xFE with |value| >= 2, 0xFD with |value| >= 4): +-Inf.
absl::StatusOr<std::vector<float>> Dequantize(const Mxfp4View& m);

// CvtScalef32PkFp4F32()
//
// Emulation of gfx950 `v_cvt_scalef32_pk_fp4_f32 vdst, src0, src1, scale` with
// OPSEL byte select `dst_byte` (0..3): returns `old` with that byte replaced by
// PackFp4x2(cvt(src0), cvt(src1)). Divides exactly by the power of two in
// `scale`'s exponent, RNE, saturates to +-6, NaN/Inf -> +-6, +-0 keeps its sign.
// Our choices where the ISA text is silent (unverified on hardware): only the
// 8-bit exponent field E of `scale` is used (sign and mantissa ignored, so 1.5
// acts as 1.0 and -2.0 as 2.0); E = 0 (zero, denormal, 2^-127) divides by
// 2^-127; E = 0xFF (Inf, NaN) divides by 2^128. Hence
// cvt(x) == QuantizeElement(x, E) for every x and E. Only the low two bits of
// `dst_byte` are used, like the 2-bit OPSEL field.
// Example: CvtScalef32PkFp4F32(0xAABBCCDD, 1.0f, -6.0f, 1.0f, 1) == 0xAABBF2DD
uint32_t CvtScalef32PkFp4F32(uint32_t old, float src0, float src1, float scale, int dst_byte);

}  // namespace mxfp4

#endif  // MXFP4_EMU_QUANTIZE_H_
