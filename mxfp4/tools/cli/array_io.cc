// File: mxfp4/tools/cli/array_io.cc
//
// The `mxfp4` tool's .npy conventions and error messages (see array_io.h).

#include "mxfp4/tools/cli/array_io.h"

#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"

namespace mxfp4::cli {

std::vector<float> RealMatrix::ToFloat() const {
  if (!is_bf16()) return f32;
  std::vector<float> out(bf16.size());
  for (size_t i = 0; i < bf16.size(); ++i) out[i] = Bf16ToFloat(bf16[i]);
  return out;
}

const char* OutputDtypeName(OutputDtype dtype) {
  return dtype == OutputDtype::kF32 ? "f32" : "bf16";
}

absl::Status WithFlag(absl::string_view flag, const std::string& path, const absl::Status& s) {
  if (s.ok()) return s;
  std::string message = absl::StrCat("--", flag, ": ");
  if (!absl::StrContains(s.message(), path)) absl::StrAppend(&message, path, ": ");
  absl::StrAppend(&message, s.message());
  return absl::Status(s.code(), message);
}

absl::StatusOr<NpyArray> ReadNpyFlag(absl::string_view flag, const std::string& path) {
  if (path.empty()) {
    return absl::InvalidArgumentError(
        absl::StrFormat("--%s: expected a .npy path, found ''", flag));
  }
  absl::StatusOr<NpyArray> array = ReadNpy(path);
  if (!array.ok()) return WithFlag(flag, path, array.status());
  return array;
}

namespace {

absl::Status Error(absl::string_view flag, const std::string& path, const std::string& message) {
  return absl::InvalidArgumentError(absl::StrFormat("--%s: %s: %s", flag, path, message));
}

absl::Status CheckRank2(absl::string_view flag, const std::string& path, const NpyArray& array,
                        absl::string_view what) {
  if (array.shape.size() != 2) {
    return Error(flag, path,
                 absl::StrFormat("expected a 2-D array of %s, found shape %s (%d-D)", what,
                                 NpyShapeString(array.shape), array.shape.size()));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<RealMatrix> ReadRealMatrix(absl::string_view flag, const std::string& path) {
  absl::StatusOr<NpyArray> array = ReadNpyFlag(flag, path);
  if (!array.ok()) return array.status();
  if (array->dtype != NpyDtype::kU2 && array->dtype != NpyDtype::kF4) {
    return Error(flag, path,
                 absl::StrFormat("expected dtype '<u2' (bf16 bits) or '<f4' (fp32), found '%s'%s",
                                 NpyDtypeName(array->dtype),
                                 array->dtype == NpyDtype::kU1
                                     ? " (packed FP4 bytes? this flag wants real values)"
                                     : ""));
  }
  if (absl::Status s = CheckRank2(flag, path, *array, "real values (rows, cols)"); !s.ok()) {
    return s;
  }
  RealMatrix m;
  m.rows = array->shape[0];
  m.cols = array->shape[1];
  m.dtype = array->dtype;
  if (m.is_bf16()) {
    absl::StatusOr<std::vector<uint16_t>> v = array->AsU16();
    if (!v.ok()) return WithFlag(flag, path, v.status());
    m.bf16 = std::move(*v);
  } else {
    absl::StatusOr<std::vector<float>> v = array->AsF32();
    if (!v.ok()) return WithFlag(flag, path, v.status());
    m.f32 = std::move(*v);
  }
  return m;
}

absl::Status CheckShape(absl::string_view flag, const std::string& path, const NpyArray& array,
                        absl::string_view what, const std::vector<int64_t>& expected,
                        absl::string_view shape_meaning) {
  if (array.shape == expected) return absl::OkStatus();
  return Error(flag, path,
               absl::StrFormat("expected %s of shape %s%s%s, found shape %s", what,
                               NpyShapeString(expected), shape_meaning.empty() ? "" : " ",
                               shape_meaning, NpyShapeString(array.shape)));
}

absl::StatusOr<NpyArray> ReadByteMatrix(absl::string_view flag, const std::string& path,
                                        absl::string_view what,
                                        const std::vector<int64_t>& expected_shape,
                                        absl::string_view shape_meaning) {
  absl::StatusOr<NpyArray> array = ReadNpyFlag(flag, path);
  if (!array.ok()) return array.status();
  if (array->dtype != NpyDtype::kU1) {
    return Error(
        flag, path,
        absl::StrFormat("expected dtype '|u1' (%s), found '%s'", what, NpyDtypeName(array->dtype)));
  }
  if (absl::Status s = CheckRank2(flag, path, *array, what); !s.ok()) return s;
  if (!expected_shape.empty()) {
    if (absl::Status s = CheckShape(flag, path, *array, what, expected_shape, shape_meaning);
        !s.ok()) {
      return s;
    }
  }
  return array;
}

absl::Status CheckK(absl::string_view flag, const std::string& path, int64_t k,
                    absl::Span<const int64_t> shape) {
  if (k > 0 && k % kBlockSize == 0) return absl::OkStatus();
  return Error(flag, path,
               absl::StrFormat("expected K (elements per row) a positive multiple of %d, found "
                               "K=%d (array shape %s)",
                               kBlockSize, k, NpyShapeString(shape)));
}

absl::Status WriteRealMatrix(absl::string_view flag, const std::string& path, int64_t rows,
                             int64_t cols, absl::Span<const float> values, OutputDtype dtype) {
  absl::Status s;
  if (dtype == OutputDtype::kF32) {
    s = WriteNpy(path, NpyArray::FromF32({rows, cols}, values));
  } else {
    std::vector<uint16_t> bits(values.size());
    for (size_t i = 0; i < values.size(); ++i) bits[i] = FloatToBf16(values[i]);
    s = WriteNpy(path, NpyArray::FromU16({rows, cols}, bits));
  }
  return WithFlag(flag, path, s);
}

absl::Status WriteByteMatrix(absl::string_view flag, const std::string& path, int64_t rows,
                             int64_t cols, absl::Span<const uint8_t> bytes) {
  return WithFlag(flag, path, WriteNpy(path, NpyArray::FromU8({rows, cols}, bytes)));
}

}  // namespace mxfp4::cli
