// File: mxfp4/emu/longhand_reference.h
//
// A deliberately slow, independent long-hand model of MXFP4 quantization for
// the tests (spec: shared/spec/mxfp4-semantics.md §2). It shares no code with
// the production quantizer: it works in double arithmetic on real values
// (frexp/ldexp, which are exact), finds the nearest E2M1 value by distance, and
// resolves exact ties with the spec's explicit tie table instead of a parity
// rule. Testonly.

#ifndef MXFP4_EMU_LONGHAND_REFERENCE_H_
#define MXFP4_EMU_LONGHAND_REFERENCE_H_

#include <cstdint>

#include "mxfp4/emu/quantize.h"

namespace mxfp4 {
namespace longhand {

// Returned when a tie is not in the table (a bug in the reference or its caller).
inline constexpr uint8_t kInvalidCode = 0xFF;

// ReferenceBlockScale()
//
// E8M0 byte for a block whose largest |x| is `max_abs` (a double holding an
// fp32 value). NaN/Inf -> 0xFF (the project's NaN-block choice).
//   EVEN:  a' = a rounded to a power of two in fp32 (up when the mantissa is
//          >= 1.75; a' overflows to Inf above 2^127), e = floor(log2 a') - 2.
//   FLOOR: e = floor(log2 a) - 2.
//   RCEIL: e = the smallest integer with 6 * 2^e >= a.
// e is clamped to [-127, 127] (log2 0 = -inf, log2 Inf = +inf); byte = e + 127.
int ReferenceBlockScale(double max_abs, ScaleRule rule);

// ReferenceElementCode()
//
// E2M1 code of x / 2^(scale - 127) for scale 0..255 (255 read as 2^128),
// nearest by distance, ties from the spec's table, >= 6 saturates, NaN/Inf ->
// 7, the sign of x always in bit 3.
uint8_t ReferenceElementCode(double x, int scale);

// ReferenceQuantizeBlock()
//
// Scale and the 32 codes of one block of fp32 values.
int ReferenceQuantizeBlock(const float* x, ScaleRule rule, uint8_t* codes);

}  // namespace longhand
}  // namespace mxfp4

#endif  // MXFP4_EMU_LONGHAND_REFERENCE_H_
