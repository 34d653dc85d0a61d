// File: mxfp4/io/npy.h
//
// Reading and writing NumPy .npy files (format versions 1.0 and 2.0; C order,
// little-endian or byte-order-free dtypes only). Used by the CLI and tests.
// Errors name the file and say what was expected and what was found.

#ifndef MXFP4_IO_NPY_H_
#define MXFP4_IO_NPY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace mxfp4 {

enum class NpyDtype {
  kU1,  // '|u1' : packed fp4 bytes, e8m0 scales
  kU2,  // '<u2' : bf16 stored as raw bits
  kF4,  // '<f4' : fp32
  kI4,  // '<i4'
};

const char* NpyDtypeName(NpyDtype dtype);  // "|u1", "<u2", "<f4", "<i4"
int NpyDtypeSize(NpyDtype dtype);

struct NpyArray {
  NpyDtype dtype = NpyDtype::kU1;
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;  // raw little-endian element bytes, C order

  int64_t num_elements() const;
  // Typed copies (checked: dtype must match).
  absl::StatusOr<std::vector<uint8_t>> AsU8() const;
  absl::StatusOr<std::vector<uint16_t>> AsU16() const;
  absl::StatusOr<std::vector<float>> AsF32() const;

  static NpyArray FromU8(std::vector<int64_t> shape, absl::Span<const uint8_t> v);
  static NpyArray FromU16(std::vector<int64_t> shape, absl::Span<const uint16_t> v);
  static NpyArray FromF32(std::vector<int64_t> shape, absl::Span<const float> v);
};

absl::StatusOr<NpyArray> ReadNpy(const std::string& path);
absl::Status WriteNpy(const std::string& path, const NpyArray& array);

// Shape as "(2, 3)" for messages.
std::string NpyShapeString(absl::Span<const int64_t> shape);

}  // namespace mxfp4

#endif  // MXFP4_IO_NPY_H_
