// File: mxfp4/emu/dequantize.cc
//
// MXFP4 -> fp32 (spec: shared/spec/mxfp4-semantics.md §5): value = E2M1 value of
// the code times 2^(scale - 127), a single exact fp32 multiply (0x00 is the
// subnormal 2^-127; 0xFF is NaN and turns the whole block into NaN). Works on
// any data and scale layout through Mxfp4View's logical accessors.

#include <cstdint>
#include <limits>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/quantize.h"

namespace mxfp4 {

absl::StatusOr<std::vector<float>> Dequantize(const Mxfp4View& m) {
  const int64_t rows = m.rows(), k = m.k(), groups = m.groups();
  int64_t elements = 0;
  if (rows < 0 || k < 0 || __builtin_mul_overflow(rows, k, &elements) ||
      static_cast<uint64_t>(elements) > std::vector<float>().max_size()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("Dequantize: cannot hold (rows=%d, k=%d) fp32 values", rows, k));
  }
  std::vector<float> out(elements);
  for (int64_t r = 0; r < rows; ++r) {
    float* row_out = out.data() + r * k;
    for (int64_t g = 0; g < groups; ++g) {
      const float scale = E8m0ToFloat(m.scale(r, g));
      for (int64_t i = g * kBlockSize; i < (g + 1) * kBlockSize; ++i) {
        row_out[i] = E2m1ToFloat(m.code(r, i)) * scale;
      }
    }
  }
  return out;
}

}  // namespace mxfp4
