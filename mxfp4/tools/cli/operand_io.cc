// File: mxfp4/tools/cli/operand_io.cc
//
// Reads and checks an MXFP4 operand for the `mxfp4` tool (see operand_io.h).

#include "mxfp4/tools/cli/operand_io.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/array_io.h"

namespace mxfp4::cli {

std::string ScaleShapeMeaning(ScaleLayout layout, int64_t rows, int64_t groups,
                              absl::string_view operand) {
  const std::string of = operand.empty() ? "" : absl::StrCat(" of ", operand);
  if (layout == ScaleLayout::kNatural) {
    return absl::StrFormat("(rows, K/32) for natural scales%s, rows=%d K=%d", of, rows,
                           groups * kBlockSize);
  }
  return absl::StrFormat(
      "(rows rounded up to %d, K/32 rounded up to %d) for %s scales%s, rows=%d K=%d", kScaleRowPad,
      kScaleGroupPad, ScaleLayoutName(layout), of, rows, groups * kBlockSize);
}

absl::StatusOr<Mxfp4Matrix> ReadMxfp4Matrix(const DataFile& data, const ScaleFile& scales,
                                            absl::string_view operand) {
  const std::string what_data =
      absl::StrCat("packed FP4 data", operand.empty() ? "" : absl::StrCat(" of ", operand));
  absl::StatusOr<NpyArray> d = ReadByteMatrix(data.flag, data.path, what_data);
  if (!d.ok()) return d.status();
  const int64_t rows = d->shape[0];
  const int64_t k = d->shape[1] * 2;
  if (absl::Status s = CheckK(data.flag, data.path, k, d->shape); !s.ok()) return s;
  if (data.layout == DataLayout::kPreshuffled16x16 && (rows % 16 != 0 || k % 64 != 0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "--%s: %s: the preshuffled (16,16) layout needs rows %% 16 == 0 and K %% 64 == 0 "
        "(K/2 %% 32 == 0), found shape %s (rows=%d, K=%d)",
        data.flag, data.path, NpyShapeString(d->shape), rows, k));
  }
  const int64_t groups = k / kBlockSize;
  const std::string what_scales =
      absl::StrCat("E8M0 scales", operand.empty() ? "" : absl::StrCat(" of ", operand));
  absl::StatusOr<NpyArray> s = ReadByteMatrix(
      scales.flag, scales.path, what_scales,
      {ScaleStorageRows(scales.layout, rows), ScaleStorageGroups(scales.layout, groups)},
      ScaleShapeMeaning(scales.layout, rows, groups, operand));
  if (!s.ok()) return s.status();

  Mxfp4Matrix m;
  m.shape = {rows, k};
  m.data_layout = data.layout;
  m.scale_layout = scales.layout;
  m.data = std::move(d->bytes);
  m.scales = std::move(s->bytes);
  // The library re-validates; a failure here would be a disagreement between
  // these checks and layouts.h, reported rather than hidden.
  if (absl::StatusOr<Mxfp4View> view = m.view(); !view.ok()) {
    return WithFlag(data.flag, data.path, view.status());
  }
  return m;
}

}  // namespace mxfp4::cli
