// File: mxfp4/tools/cli/array_io.h
//
// .npy input/output for the `mxfp4` subcommands, with the checks and messages
// the tool promises (docs/cli.md, "Files"): every error names the flag, the
// file, what was expected (dtype, shape and what the shape means) and what was
// found. The file format itself is mxfp4/io/npy.h; this layer adds the tool's
// array conventions:
//   - bf16 matrices are '<u2' (raw bits), fp32 matrices are '<f4';
//   - packed FP4 data and E8M0 scales are '|u1', always 2-D;
//   - shuffled scales are stored 2-D as (padded rows, padded groups).
//
// Example:
//   absl::StatusOr<RealMatrix> x = ReadRealMatrix("input", "X.npy");
//   absl::StatusOr<std::vector<uint8_t>> s =
//       ReadByteMatrix("scales", "S.npy", "E8M0 scales", {16, 8}, "(rows, K/32)");

#ifndef MXFP4_TOOLS_CLI_ARRAY_IO_H_
#define MXFP4_TOOLS_CLI_ARRAY_IO_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "mxfp4/io/npy.h"

namespace mxfp4::cli {

// A real-valued 2-D matrix read from a bf16-bits ('<u2') or fp32 ('<f4') file.
// Exactly one of bf16/f32 is filled, per `dtype`.
struct RealMatrix {
  int64_t rows = 0;
  int64_t cols = 0;
  NpyDtype dtype = NpyDtype::kF4;
  std::vector<uint16_t> bf16;
  std::vector<float> f32;

  bool is_bf16() const { return dtype == NpyDtype::kU2; }
  // The values as fp32 (bf16 widens exactly).
  std::vector<float> ToFloat() const;
};

// How a real-valued result is written.
enum class OutputDtype {
  kF32,   // '<f4'
  kBf16,  // '<u2' raw bits, fp32 -> bf16 round-to-nearest-even
};
const char* OutputDtypeName(OutputDtype dtype);  // "f32", "bf16"

// ReadNpyFlag(): reads the file given to --<flag>; errors are prefixed with
// "--<flag>: " (the npy layer's message already names the file).
absl::StatusOr<NpyArray> ReadNpyFlag(absl::string_view flag, const std::string& path);

// ReadRealMatrix(): a 2-D '<u2' (bf16 bits) or '<f4' (fp32) matrix.
absl::StatusOr<RealMatrix> ReadRealMatrix(absl::string_view flag, const std::string& path);

// ReadByteMatrix(): a 2-D '|u1' matrix. If `expected_shape` is non-empty the
// shape must equal it; `shape_meaning` explains it in the error, e.g.
// "(N, K/32) for natural scales, N=64 K=256". `what` names the contents.
absl::StatusOr<NpyArray> ReadByteMatrix(absl::string_view flag, const std::string& path,
                                        absl::string_view what,
                                        const std::vector<int64_t>& expected_shape = {},
                                        absl::string_view shape_meaning = "");

// CheckShape(): `array.shape == expected`, else an error naming flag, file,
// the expected shape and its meaning, and the shape found.
absl::Status CheckShape(absl::string_view flag, const std::string& path, const NpyArray& array,
                        absl::string_view what, const std::vector<int64_t>& expected,
                        absl::string_view shape_meaning);

// CheckMultipleOf32(): K (a column count) must be a positive multiple of 32.
absl::Status CheckK(absl::string_view flag, const std::string& path, int64_t k,
                    absl::Span<const int64_t> shape);

// WriteRealMatrix(): writes a (rows, cols) fp32 matrix as `dtype`.
absl::Status WriteRealMatrix(absl::string_view flag, const std::string& path, int64_t rows,
                             int64_t cols, absl::Span<const float> values, OutputDtype dtype);

// WriteByteMatrix(): writes a 2-D '|u1' matrix (size must match the shape).
absl::Status WriteByteMatrix(absl::string_view flag, const std::string& path, int64_t rows,
                             int64_t cols, absl::Span<const uint8_t> bytes);

// WithFlag(): prefixes a status message with "--<flag>=<path>: " unless it
// already names the path (keeps messages short and never anonymous).
absl::Status WithFlag(absl::string_view flag, const std::string& path, const absl::Status& s);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_ARRAY_IO_H_
