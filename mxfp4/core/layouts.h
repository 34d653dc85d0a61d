// File: mxfp4/core/layouts.h
//
// Memory layouts of MXFP4 data and scales (spec: shared/spec/mxfp4-semantics.md §3).
//
//  - Scales, natural: (rows, K/32) row-major bytes.
//  - Scales, shuffled for 16x16x128 MFMA (AITER e8m0_shuffle == Triton CDNA4
//    preshuffle, mfma_nonkdim=16) and for 32x32x64 MFMA (nonkdim=32): rows padded
//    to a multiple of 256, groups (K/32) to a multiple of 8; padding bytes are 0.
//  - B data, preshuffled (AITER shuffle_weight, layout (16,16)) on the (N, K/2)
//    byte matrix; needs N % 16 == 0 and (K/2) % 32 == 0 (i.e. K % 64 == 0).
//
// The offset functions are inline (and usable from device code through a
// `constexpr` path) because emulators and kernels compute them per element.

#ifndef MXFP4_CORE_LAYOUTS_H_
#define MXFP4_CORE_LAYOUTS_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace mxfp4 {

enum class ScaleLayout {
  kNatural,     // (rows, groups) row-major.
  kShuffled16,  // e8m0_shuffle; 16x16x128 MFMA lane t=(g%4)*16+r%16 reads one word.
  kShuffled32,  // Triton CDNA4 mfma_nonkdim=32 layout.
};

enum class DataLayout {
  kNatural,       // (rows, K/2) row-major packed bytes.
  kPreshuffled16x16,  // AITER shuffle_weight layout (16,16); B operand only.
};

const char* ScaleLayoutName(ScaleLayout layout);  // "natural", "shuffled16", "shuffled32"
const char* DataLayoutName(DataLayout layout);    // "natural", "preshuffled"

inline constexpr int64_t kScaleRowPad = 256;
inline constexpr int64_t kScaleGroupPad = 8;

inline constexpr int64_t RoundUp(int64_t x, int64_t m) { return (x + m - 1) / m * m; }

// Storage rows/columns of a scale buffer in `layout` for a logical (rows, groups).
inline constexpr int64_t ScaleStorageRows(ScaleLayout layout, int64_t rows) {
  return layout == ScaleLayout::kNatural ? rows : RoundUp(rows, kScaleRowPad);
}
inline constexpr int64_t ScaleStorageGroups(ScaleLayout layout, int64_t groups) {
  return layout == ScaleLayout::kNatural ? groups : RoundUp(groups, kScaleGroupPad);
}
inline constexpr int64_t ScaleStorageBytes(ScaleLayout layout, int64_t rows, int64_t groups) {
  return ScaleStorageRows(layout, rows) * ScaleStorageGroups(layout, groups);
}

// Flat byte offset of scale (r, g) in the shuffled-16 layout; sn = padded group count.
inline constexpr int64_t Shuffled16ScaleOffset(int64_t r, int64_t g, int64_t sn) {
  return (r / 32) * 32 * sn + (g / 8) * 256 + (g % 4) * 64 + (r % 16) * 4 + ((g / 4) % 2) * 2 +
         (r / 16) % 2;
}

// Flat byte offset of scale (r, g) in the shuffled-32 layout; sn = padded group count.
inline constexpr int64_t Shuffled32ScaleOffset(int64_t r, int64_t g, int64_t sn) {
  return (r / 32) * 32 * sn + (g / 8) * 256 + (g % 2) * 128 + (r % 32) * 4 + (g % 8) / 2;
}

// Offset of logical scale (r, g) for a matrix with `groups` logical groups.
inline constexpr int64_t ScaleOffset(ScaleLayout layout, int64_t r, int64_t g, int64_t groups) {
  switch (layout) {
    case ScaleLayout::kNatural:
      return r * groups + g;
    case ScaleLayout::kShuffled16:
      return Shuffled16ScaleOffset(r, g, RoundUp(groups, kScaleGroupPad));
    case ScaleLayout::kShuffled32:
      return Shuffled32ScaleOffset(r, g, RoundUp(groups, kScaleGroupPad));
  }
  return -1;
}

// Byte offset of packed byte (n, b) of the (N, K/2) matrix in the preshuffled
// (16,16) layout; kb = K/2 (bytes per row).
inline constexpr int64_t PreshuffledBOffset(int64_t n, int64_t b, int64_t kb) {
  return (n / 16) * 16 * kb + (b / 32) * 512 + ((b / 16) % 2) * 256 + (n % 16) * 16 + b % 16;
}

// Offset of logical packed byte (row, b) in `layout`; kb = K/2.
inline constexpr int64_t DataOffset(DataLayout layout, int64_t row, int64_t b, int64_t kb) {
  return layout == DataLayout::kNatural ? row * kb + b : PreshuffledBOffset(row, b, kb);
}

// Checks that (rows, K) can be stored in `layout` (K % 32, non-negative sizes,
// no int64 overflow, and for kPreshuffled16x16 rows % 16 == 0 and K % 64 == 0).
absl::Status ValidateDataShape(DataLayout layout, int64_t rows, int64_t k);
// Checks (rows, groups) for a scale buffer in `layout` (sizes, overflow).
absl::Status ValidateScaleShape(ScaleLayout layout, int64_t rows, int64_t groups);

// Converts a scale buffer between layouts. `src` must hold exactly
// ScaleStorageBytes(from, rows, groups) bytes and `dst` exactly
// ScaleStorageBytes(to, rows, groups); padding in dst is written as 0.
absl::Status ConvertScaleLayout(absl::Span<const uint8_t> src, ScaleLayout from,
                                absl::Span<uint8_t> dst, ScaleLayout to, int64_t rows,
                                int64_t groups);

// Convenience: returns a newly allocated converted buffer.
absl::StatusOr<std::vector<uint8_t>> ConvertScaleLayout(absl::Span<const uint8_t> src,
                                                        ScaleLayout from, ScaleLayout to,
                                                        int64_t rows, int64_t groups);

// Converts packed (rows, K/2) data between layouts (sizes must be rows*K/2 each).
absl::Status ConvertDataLayout(absl::Span<const uint8_t> src, DataLayout from,
                               absl::Span<uint8_t> dst, DataLayout to, int64_t rows, int64_t k);

absl::StatusOr<std::vector<uint8_t>> ConvertDataLayout(absl::Span<const uint8_t> src,
                                                       DataLayout from, DataLayout to,
                                                       int64_t rows, int64_t k);

}  // namespace mxfp4

#endif  // MXFP4_CORE_LAYOUTS_H_
