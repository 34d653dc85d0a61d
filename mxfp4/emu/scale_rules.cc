// File: mxfp4/emu/scale_rules.cc
//
// The three named block-scale rules (EVEN, OCP FLOOR, RCEIL) of
// shared/spec/mxfp4-semantics.md §2, their names, and element rounding as
// public functions. The arithmetic itself is inline in
// internal/quantize_kernels.h so the block loops in quantize.cc can inline it.

#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_format.h"
#include "mxfp4/emu/internal/quantize_kernels.h"
#include "mxfp4/emu/quantize.h"

namespace mxfp4 {

const char* ScaleRuleName(ScaleRule rule) {
  switch (rule) {
    case ScaleRule::kEven:
      return "even";
    case ScaleRule::kOcpFloor:
      return "floor";
    case ScaleRule::kRceil:
      return "rceil";
  }
  return "unknown";
}

absl::StatusOr<ScaleRule> ParseScaleRule(absl::string_view name) {
  const std::string lower = absl::AsciiStrToLower(name);
  if (lower == "even") return ScaleRule::kEven;
  if (lower == "floor" || lower == "ocp_floor") return ScaleRule::kOcpFloor;
  if (lower == "rceil") return ScaleRule::kRceil;
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown scale rule \"%s\"; expected one of: even, floor (ocp_floor), rceil", name));
}

uint8_t BlockScale(uint32_t max_abs_bits, ScaleRule rule) {
  return emu_internal::BlockScaleInline(max_abs_bits, rule);
}

uint8_t QuantizeElement(float x, uint8_t scale) {
  return emu_internal::QuantizeFloatBitsInline(FloatBits(x), emu_internal::ScaleReciprocal(scale));
}

}  // namespace mxfp4
