// File: mxfp4/tools/cli/shapes.cc

#include "mxfp4/tools/cli/shapes.h"

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"

namespace mxfp4::cli {

std::string Shape::ToString() const { return absl::StrFormat("%dx%dx%d", m, n, k); }

const std::vector<Shape>& ContestShapes() {
  static const std::vector<Shape> shapes = {{4, 2880, 512},  {16, 2112, 7168}, {32, 4096, 512},
                                            {32, 2880, 512}, {64, 7168, 2048}, {256, 3072, 1536}};
  return shapes;
}

absl::StatusOr<std::vector<Shape>> ParseShapes(const std::string& text) {
  std::vector<Shape> shapes;
  for (absl::string_view item : absl::StrSplit(text, ',', absl::SkipWhitespace())) {
    if (item == "contest") {
      shapes.insert(shapes.end(), ContestShapes().begin(), ContestShapes().end());
      continue;
    }
    std::vector<std::string> parts = absl::StrSplit(item, 'x');
    Shape s;
    if (parts.size() != 3 || !absl::SimpleAtoi(parts[0], &s.m) ||
        !absl::SimpleAtoi(parts[1], &s.n) || !absl::SimpleAtoi(parts[2], &s.k)) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--shapes: expected MxNxK items (e.g. 16x2112x7168) or 'contest', found '%s'", item));
    }
    if (s.m < 1 || s.n < 1 || s.k < 1 || s.m > (1 << 20) || s.n > (1 << 20) || s.k > (1 << 20)) {
      return absl::InvalidArgumentError(
          absl::StrFormat("--shapes: expected 1 <= M, N, K <= 2^20, found %s", item));
    }
    shapes.push_back(s);
  }
  if (shapes.empty()) return absl::InvalidArgumentError("--shapes: no shapes given");
  return shapes;
}

}  // namespace mxfp4::cli
