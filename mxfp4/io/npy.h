// File: mxfp4/io/npy.h
//
// Reading and writing NumPy .npy files (format versions 1.0 and 2.0; C order,
// little-endian or byte-order-free dtypes only). Used by the CLI and tests to
// exchange the reference vectors of shared/testdata (spec: shared/spec/
// mxfp4-semantics.md; bf16 is stored as its raw bits, '<u2').
// Errors name the file and say what was expected and what was found.
// Not supported (each a clear error): format 3.0 (UTF-8 headers), Fortran
// order, big-endian ('>') or native ('=') byte order, dtypes other than the
// four below, structured dtypes.

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

  // Product of `shape` (1 for a 0-d array); -1 if a dimension is negative or
  // the product overflows int64.
  int64_t num_elements() const;
  // Typed copies (checked: dtype must match and bytes.size() must equal
  // num_elements() * NpyDtypeSize(dtype)).
  absl::StatusOr<std::vector<uint8_t>> AsU8() const;
  absl::StatusOr<std::vector<uint16_t>> AsU16() const;
  absl::StatusOr<std::vector<float>> AsF32() const;
  absl::StatusOr<std::vector<int32_t>> AsI32() const;

  // Builders copy `v`; a shape that disagrees with v.size() is not checked
  // here but rejected by WriteNpy and the As*() accessors.
  // Example: WriteNpy("s.npy", NpyArray::FromU8({rows, groups}, scales));
  static NpyArray FromU8(std::vector<int64_t> shape, absl::Span<const uint8_t> v);
  static NpyArray FromU16(std::vector<int64_t> shape, absl::Span<const uint16_t> v);
  static NpyArray FromF32(std::vector<int64_t> shape, absl::Span<const float> v);
  static NpyArray FromI32(std::vector<int64_t> shape, absl::Span<const int32_t> v);
};

// ReadNpy()
// Reads a whole .npy file. Strict: the data must be exactly
// num_elements * itemsize bytes (truncated files and trailing bytes are
// errors). Header padding/alignment is not required on read.
// Example:
//   absl::StatusOr<NpyArray> a = ReadNpy("testdata/gemm_16x64x256_Aq.npy");
//   if (!a.ok()) return a.status();
//   absl::StatusOr<std::vector<uint8_t>> bytes = a->AsU8();
absl::StatusOr<NpyArray> ReadNpy(const std::string& path);

// WriteNpy()
// Writes `array` exactly as numpy.save (numpy 1.24) would: version 1.0 (2.0
// only when the header exceeds 64 KiB), keys sorted, data 64-byte aligned.
// Fails if bytes.size() disagrees with the shape and dtype.
absl::Status WriteNpy(const std::string& path, const NpyArray& array);

// Shape as "(2, 3)" for messages.
std::string NpyShapeString(absl::Span<const int64_t> shape);

}  // namespace mxfp4

#endif  // MXFP4_IO_NPY_H_
