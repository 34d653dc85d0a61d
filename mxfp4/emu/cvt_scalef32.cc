// File: mxfp4/emu/cvt_scalef32.cc
//
// Emulation of the gfx950 conversion instruction
// `v_cvt_scalef32_pk_fp4_f32 vdst, src0, src1, scale` (spec:
// shared/spec/mxfp4-semantics.md §2, "Hardware conversion instruction"), used by
// the fused-quantization GPU paths. Only the exponent field of `scale` is read
// (see quantize.h for the choices where the ISA text is silent), which makes the
// instruction identical to QuantizeElement() with that field as the E8M0 byte.

#include "mxfp4/core/formats.h"
#include "mxfp4/emu/internal/quantize_kernels.h"
#include "mxfp4/emu/quantize.h"

namespace mxfp4 {

uint32_t CvtScalef32PkFp4F32(uint32_t old, float src0, float src1, float scale, int dst_byte) {
  const uint8_t scale_exponent = static_cast<uint8_t>((FloatBits(scale) >> 23) & 0xFFu);
  const float reciprocal = emu_internal::ScaleReciprocal(scale_exponent);
  const uint8_t packed =
      PackFp4x2(emu_internal::QuantizeFloatBitsInline(FloatBits(src0), reciprocal),
                emu_internal::QuantizeFloatBitsInline(FloatBits(src1), reciprocal));
  const int shift = 8 * (dst_byte & 3);
  return (old & ~(0xFFu << shift)) | (static_cast<uint32_t>(packed) << shift);
}

}  // namespace mxfp4
