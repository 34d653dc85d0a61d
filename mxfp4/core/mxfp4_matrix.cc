// File: mxfp4/core/mxfp4_matrix.cc
//
// Validation of borrowed MXFP4 buffers (Mxfp4View::Create) and layout changes
// of owned matrices (Mxfp4Matrix::ToLayout). Spec: shared/spec/
// mxfp4-semantics.md §1 (block of 32, fp4x2 packing) and §3 (layouts).
//
// Empty matrices (rows == 0 or K == 0) are valid, with 0 data bytes and 0
// scale bytes in every layout (see layouts.cc); a view of one has nothing to
// read and converting one is a no-op. This keeps callers free of special cases
// (e.g. a GEMM with M == 0).

#include "mxfp4/core/mxfp4_matrix.h"

#include <utility>

#include "absl/strings/str_format.h"

namespace mxfp4 {

absl::StatusOr<Mxfp4View> Mxfp4View::Create(absl::Span<const uint8_t> data,
                                            absl::Span<const uint8_t> scales, Mxfp4Shape shape,
                                            DataLayout data_layout, ScaleLayout scale_layout) {
  if (absl::Status s = ValidateDataShape(data_layout, shape.rows, shape.k); !s.ok()) {
    return absl::Status(s.code(), absl::StrFormat("Mxfp4View::Create: %s", s.message()));
  }
  // K % 32 == 0 holds now, so groups() is exact.
  if (absl::Status s = ValidateScaleShape(scale_layout, shape.rows, shape.groups()); !s.ok()) {
    return absl::Status(s.code(), absl::StrFormat("Mxfp4View::Create: %s", s.message()));
  }
  const int64_t data_bytes = shape.data_bytes();
  if (static_cast<int64_t>(data.size()) != data_bytes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Mxfp4View::Create: data has %d bytes, expected exactly %d (rows=%d x K/2=%d, layout "
        "%s)",
        data.size(), data_bytes, shape.rows, shape.k / 2, DataLayoutName(data_layout)));
  }
  const int64_t scale_bytes = ScaleStorageBytes(scale_layout, shape.rows, shape.groups());
  if (static_cast<int64_t>(scales.size()) != scale_bytes) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "Mxfp4View::Create: scales have %d bytes, expected exactly %d (%d x %d storage for "
        "rows=%d, groups=%d in layout %s)",
        scales.size(), scale_bytes, ScaleStorageRows(scale_layout, shape.rows),
        ScaleStorageGroups(scale_layout, shape.groups()), shape.rows, shape.groups(),
        ScaleLayoutName(scale_layout)));
  }
  Mxfp4View view;
  view.data_ = data;
  view.scales_ = scales;
  view.shape_ = shape;
  view.data_layout_ = data_layout;
  view.scale_layout_ = scale_layout;
  return view;
}

absl::StatusOr<Mxfp4Matrix> Mxfp4Matrix::ToLayout(DataLayout new_data_layout,
                                                   ScaleLayout new_scale_layout) const {
  absl::StatusOr<Mxfp4View> v = view();
  if (!v.ok()) {
    return absl::Status(v.status().code(),
                        absl::StrFormat("Mxfp4Matrix::ToLayout: this matrix is inconsistent: %s",
                                        v.status().message()));
  }
  Mxfp4Matrix out;
  out.shape = shape;
  out.data_layout = new_data_layout;
  out.scale_layout = new_scale_layout;
  absl::StatusOr<std::vector<uint8_t>> d =
      ConvertDataLayout(data, data_layout, new_data_layout, shape.rows, shape.k);
  if (!d.ok()) {
    return absl::Status(d.status().code(), absl::StrFormat("Mxfp4Matrix::ToLayout: %s",
                                                           d.status().message()));
  }
  absl::StatusOr<std::vector<uint8_t>> s =
      ConvertScaleLayout(scales, scale_layout, new_scale_layout, shape.rows, shape.groups());
  if (!s.ok()) {
    return absl::Status(s.status().code(), absl::StrFormat("Mxfp4Matrix::ToLayout: %s",
                                                           s.status().message()));
  }
  out.data = *std::move(d);
  out.scales = *std::move(s);
  return out;
}

}  // namespace mxfp4
