// File: mxfp4/core/mxfp4_matrix.h
//
// An MXFP4 matrix of logical shape (rows, K): packed E2M1 data plus E8M0 scales,
// each in a named layout. `Mxfp4View` borrows memory and is validated on
// creation (sizes agree with shape and layouts); `Mxfp4Matrix` owns it.

#ifndef MXFP4_CORE_MXFP4_MATRIX_H_
#define MXFP4_CORE_MXFP4_MATRIX_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"

namespace mxfp4 {

struct Mxfp4Shape {
  int64_t rows = 0;
  int64_t k = 0;  // logical elements per row; a multiple of 32
  int64_t groups() const { return k / kBlockSize; }
  int64_t data_bytes() const { return rows * (k / 2); }
};

class Mxfp4View {
 public:
  // Validates that data/scales have exactly the sizes the shape and layouts need.
  static absl::StatusOr<Mxfp4View> Create(absl::Span<const uint8_t> data,
                                          absl::Span<const uint8_t> scales, Mxfp4Shape shape,
                                          DataLayout data_layout, ScaleLayout scale_layout);

  const Mxfp4Shape& shape() const { return shape_; }
  int64_t rows() const { return shape_.rows; }
  int64_t k() const { return shape_.k; }
  int64_t groups() const { return shape_.groups(); }
  DataLayout data_layout() const { return data_layout_; }
  ScaleLayout scale_layout() const { return scale_layout_; }
  absl::Span<const uint8_t> data() const { return data_; }
  absl::Span<const uint8_t> scales() const { return scales_; }

  // Logical accessors (layout-aware, unchecked for speed).
  uint8_t code(int64_t r, int64_t k) const {
    uint8_t byte = data_[DataOffset(data_layout_, r, k / 2, shape_.k / 2)];
    return (k & 1) ? UnpackFp4Odd(byte) : UnpackFp4Even(byte);
  }
  uint8_t packed_byte(int64_t r, int64_t b) const {
    return data_[DataOffset(data_layout_, r, b, shape_.k / 2)];
  }
  uint8_t scale(int64_t r, int64_t g) const {
    return scales_[ScaleOffset(scale_layout_, r, g, shape_.groups())];
  }

 private:
  Mxfp4View() = default;
  absl::Span<const uint8_t> data_;
  absl::Span<const uint8_t> scales_;
  Mxfp4Shape shape_;
  DataLayout data_layout_ = DataLayout::kNatural;
  ScaleLayout scale_layout_ = ScaleLayout::kNatural;
};

// Owning MXFP4 matrix.
struct Mxfp4Matrix {
  std::vector<uint8_t> data;
  std::vector<uint8_t> scales;
  Mxfp4Shape shape;
  DataLayout data_layout = DataLayout::kNatural;
  ScaleLayout scale_layout = ScaleLayout::kNatural;

  // Always valid for a matrix produced by the library; CHECK-free.
  absl::StatusOr<Mxfp4View> view() const {
    return Mxfp4View::Create(data, scales, shape, data_layout, scale_layout);
  }
  // Returns a copy in other layouts.
  absl::StatusOr<Mxfp4Matrix> ToLayout(DataLayout data_layout, ScaleLayout scale_layout) const;
};

}  // namespace mxfp4

#endif  // MXFP4_CORE_MXFP4_MATRIX_H_
