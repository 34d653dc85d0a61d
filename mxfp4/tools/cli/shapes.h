// File: mxfp4/tools/cli/shapes.h
//
// GEMM shapes on the command line (`mxfp4 run --shapes`, `mxfp4 plan
// --shapes`): comma-separated MxNxK items, and 'contest' for the six benchmark
// shapes of the original system (shared/spec/workload.md).
//
// Example:
//   ASSIGN_OR_RETURN(std::vector<Shape> shapes, ParseShapes("contest,8x64x256"));

#ifndef MXFP4_TOOLS_CLI_SHAPES_H_
#define MXFP4_TOOLS_CLI_SHAPES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace mxfp4::cli {

struct Shape {
  int64_t m = 0, n = 0, k = 0;
  std::string ToString() const;  // "16x2112x7168"
};

// The contest's benchmark shapes, in its order.
const std::vector<Shape>& ContestShapes();

// ParseShapes(): "contest,8x64x256" -> the contest shapes then 8x64x256.
// InvalidArgument (naming --shapes and the item) for a malformed item, a
// dimension outside 1..2^20, or no shape at all.
absl::StatusOr<std::vector<Shape>> ParseShapes(const std::string& text);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_SHAPES_H_
