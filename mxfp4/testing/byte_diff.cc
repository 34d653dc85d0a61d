// File: mxfp4/testing/byte_diff.cc
//
// See byte_diff.h.

#include "mxfp4/testing/byte_diff.h"

#include <algorithm>

#include "absl/strings/str_format.h"

namespace mxfp4::testing {

ByteDiff DiffBytes(const uint8_t* actual, const uint8_t* expected, int64_t n) {
  ByteDiff diff;
  for (int64_t i = 0; i < n; ++i) {
    if (actual[i] != expected[i]) {
      if (diff.first < 0) diff.first = i;
      ++diff.count;
    }
  }
  return diff;
}

std::string HexNeighbourhood(const uint8_t* actual, const uint8_t* expected, int64_t n,
                             int64_t center, int64_t radius) {
  const int64_t begin = std::max<int64_t>(0, center - radius);
  const int64_t end = std::min<int64_t>(n, center + radius + 1);
  std::string a = absl::StrFormat("  actual   [%d..%d):", begin, end);
  std::string e = absl::StrFormat("  expected [%d..%d):", begin, end);
  const size_t width = std::max(a.size(), e.size());
  a.resize(width, ' ');
  e.resize(width, ' ');
  for (int64_t i = begin; i < end; ++i) {
    const char mark = actual[i] != expected[i] ? '*' : ' ';
    absl::StrAppendFormat(&a, " %02x%c", actual[i], mark);
    absl::StrAppendFormat(&e, " %02x%c", expected[i], mark);
  }
  return a + "\n" + e + "\n";
}

}  // namespace mxfp4::testing
