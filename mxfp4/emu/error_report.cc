// File: mxfp4/emu/error_report.cc
//
// Element-wise comparison of two fp32 / bf16 results (see error_report.h).

#include "mxfp4/emu/error_report.h"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"

namespace mxfp4 {
namespace {

// Distances above 2^kTopBucketLog2 share the last finite bucket.
constexpr int kTopBucketLog2 = 24;

// A format's bits as a position on the ordered line of values.
int64_t Ordered(uint32_t bits, int width) {
  const uint32_t sign = 1u << (width - 1);
  const int64_t magnitude = bits & (sign - 1);
  return (bits & sign) ? -magnitude : magnitude;
}

std::string PowerLabel(int64_t x) {
  if (x <= 1024) return absl::StrCat(x);
  return absl::StrCat("2^", 63 - __builtin_clzll(static_cast<uint64_t>(x)));
}

std::vector<UlpBucket> MakeBuckets() {
  std::vector<UlpBucket> buckets;
  buckets.push_back({"0", 0, 0, 0});
  buckets.push_back({"1", 1, 1, 0});
  buckets.push_back({"2", 2, 2, 0});
  for (int k = 2; k <= kTopBucketLog2; ++k) {
    const int64_t lo = (int64_t{1} << (k - 1)) + 1;
    const int64_t hi = int64_t{1} << k;
    std::string label = hi <= 1024 ? absl::StrCat(lo, "-", hi)
                                   : absl::StrCat(PowerLabel(hi / 2), "+1-", PowerLabel(hi));
    buckets.push_back({label, lo, hi, 0});
  }
  const int64_t top = int64_t{1} << kTopBucketLog2;
  buckets.push_back({absl::StrCat(">", PowerLabel(top)), top + 1, -1, 0});
  buckets.push_back({"NaN-mismatch", -1, -1, 0});
  return buckets;
}

size_t BucketIndex(int64_t distance) {
  if (distance <= 2) return static_cast<size_t>(distance);
  // (2^(k-1), 2^k] -> bucket k + 1.
  const int k = 64 - __builtin_clzll(static_cast<uint64_t>(distance - 1));
  if (k > kTopBucketLog2) return kTopBucketLog2 + 2;
  return static_cast<size_t>(k + 1);
}

struct Element {
  uint32_t bits;
  double value;
  bool nan;
  bool inf;
};

// Shared comparison over already-decoded elements.
template <typename GetFn>
absl::StatusOr<ErrorReport> Compare(ValueFormat format, size_t actual_size, size_t expected_size,
                                    int64_t rows, int64_t cols, const ErrorReportOptions& options,
                                    GetFn get) {
  if (rows < 0 || cols < 0 || (cols != 0 && rows > INT64_MAX / cols)) {
    return absl::InvalidArgumentError(
        absl::StrFormat("error report: bad shape (%d, %d)", rows, cols));
  }
  const int64_t count = rows * cols;
  if (static_cast<int64_t>(actual_size) != count || static_cast<int64_t>(expected_size) != count) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "error report: shape (%d, %d) needs %d values; actual has %d, expected has %d", rows, cols,
        count, actual_size, expected_size));
  }
  if (!(options.atol >= 0) || !(options.rtol >= 0)) {
    return absl::InvalidArgumentError(absl::StrFormat(
        "error report: atol = %g and rtol = %g must be >= 0", options.atol, options.rtol));
  }
  const int width = format == ValueFormat::kFp32 ? 32 : 16;
  ErrorReport report;
  report.format = format;
  report.rows = rows;
  report.cols = cols;
  report.options = options;
  report.ulp_histogram = MakeBuckets();
  const size_t nan_bucket = report.ulp_histogram.size() - 1;

  for (int64_t idx = 0; idx < count; ++idx) {
    const Element a = get(/*actual=*/true, idx);
    const Element e = get(/*actual=*/false, idx);
    const int64_t row = cols == 0 ? 0 : idx / cols;
    const int64_t col = cols == 0 ? 0 : idx % cols;

    // ULP distance.
    int64_t ulp = 0;
    if (a.nan != e.nan) {
      ulp = -1;
      ++report.ulp_histogram[nan_bucket].count;
    } else if (a.nan) {
      ++report.ulp_histogram[0].count;
    } else {
      ulp = std::llabs(Ordered(a.bits, width) - Ordered(e.bits, width));
      ++report.ulp_histogram[BucketIndex(ulp)].count;
      if (ulp > report.max_ulp_distance) report.max_ulp_distance = ulp;
    }

    // Contest tolerance: NaN and Inf must match exactly.
    bool within = false;
    if (e.nan) {
      within = a.nan;
    } else if (e.inf) {
      within = !a.nan && a.value == e.value;
    } else if (a.nan || a.inf) {
      within = false;
    } else {
      within = std::fabs(a.value - e.value) <= options.atol + options.rtol * std::fabs(e.value);
    }
    if (!within) ++report.num_outside_tolerance;

    // Error maxima over finite pairs.
    if (!a.nan && !a.inf && !e.nan && !e.inf) {
      const double abs_error = std::fabs(a.value - e.value);
      if (abs_error > report.max_abs_error) {
        report.max_abs_error = abs_error;
        report.max_abs_row = row;
        report.max_abs_col = col;
      }
      if (e.value != 0) {
        const double rel_error = abs_error / std::fabs(e.value);
        if (rel_error > report.max_rel_error) {
          report.max_rel_error = rel_error;
          report.max_rel_row = row;
          report.max_rel_col = col;
        }
      }
    }

    // Bit-exactness (any NaN equals any NaN).
    const bool same = (a.nan && e.nan) || a.bits == e.bits;
    if (!same) {
      report.bit_exact = false;
      ++report.num_bit_mismatches;
      if (static_cast<int>(report.first_mismatches.size()) < options.max_mismatches_listed) {
        ElementMismatch m;
        m.row = row;
        m.col = col;
        m.actual_bits = a.bits;
        m.expected_bits = e.bits;
        m.actual = a.value;
        m.expected = e.value;
        m.ulp_distance = ulp;
        m.outside_tolerance = !within;
        report.first_mismatches.push_back(m);
      }
    }
  }
  return report;
}

std::string ValueText(ValueFormat format, uint32_t bits, double value) {
  return format == ValueFormat::kFp32 ? absl::StrFormat("0x%08x (%.9g)", bits, value)
                                      : absl::StrFormat("0x%04x (%.4g)", bits, value);
}

}  // namespace

const char* ValueFormatName(ValueFormat format) {
  return format == ValueFormat::kFp32 ? "fp32" : "bf16";
}

int64_t UlpDistanceFp32(uint32_t a, uint32_t b) { return std::llabs(Ordered(a, 32) - Ordered(b, 32)); }

int64_t UlpDistanceBf16(uint16_t a, uint16_t b) { return std::llabs(Ordered(a, 16) - Ordered(b, 16)); }

absl::StatusOr<ErrorReport> CompareFp32(absl::Span<const float> actual,
                                        absl::Span<const float> expected, int64_t rows,
                                        int64_t cols, const ErrorReportOptions& options) {
  return Compare(ValueFormat::kFp32, actual.size(), expected.size(), rows, cols, options,
                 [&](bool is_actual, int64_t idx) {
                   const float v = is_actual ? actual[idx] : expected[idx];
                   return Element{FloatBits(v), static_cast<double>(v), std::isnan(v),
                                  std::isinf(v)};
                 });
}

absl::StatusOr<ErrorReport> CompareBf16(absl::Span<const uint16_t> actual,
                                        absl::Span<const uint16_t> expected, int64_t rows,
                                        int64_t cols, const ErrorReportOptions& options) {
  return Compare(ValueFormat::kBf16, actual.size(), expected.size(), rows, cols, options,
                 [&](bool is_actual, int64_t idx) {
                   const uint16_t b = is_actual ? actual[idx] : expected[idx];
                   const float v = Bf16ToFloat(b);
                   return Element{b, static_cast<double>(v), std::isnan(v), std::isinf(v)};
                 });
}

std::string ErrorReport::ToString() const {
  std::string out = absl::StrFormat(
      "%s result %d x %d: %s (%d of %d elements differ in bits); %d outside tolerance "
      "(|a-e| <= %g + %g*|e|, NaN/Inf must match)\n",
      ValueFormatName(format), rows, cols, bit_exact ? "bit-exact" : "NOT bit-exact",
      num_bit_mismatches, rows * cols, num_outside_tolerance, options.atol, options.rtol);
  absl::StrAppendFormat(&out, "max abs error %.6g", max_abs_error);
  if (max_abs_row >= 0) absl::StrAppendFormat(&out, " at (%d, %d)", max_abs_row, max_abs_col);
  absl::StrAppendFormat(&out, "; max rel error %.6g", max_rel_error);
  if (max_rel_row >= 0) absl::StrAppendFormat(&out, " at (%d, %d)", max_rel_row, max_rel_col);
  absl::StrAppendFormat(&out, "; max ULP distance %d\n", max_ulp_distance);
  out += "ULP histogram:";
  for (const UlpBucket& b : ulp_histogram) {
    if (b.count != 0) absl::StrAppendFormat(&out, " [%s]: %d", b.label, b.count);
  }
  out += "\n";
  if (!first_mismatches.empty()) {
    absl::StrAppendFormat(&out, "first %d mismatches (row, col):\n", first_mismatches.size());
    for (const ElementMismatch& m : first_mismatches) {
      absl::StrAppendFormat(&out, "  (%d, %d): actual %s, expected %s, ulp %s%s\n", m.row, m.col,
                            ValueText(format, m.actual_bits, m.actual),
                            ValueText(format, m.expected_bits, m.expected),
                            m.ulp_distance < 0 ? "NaN-mismatch" : absl::StrCat(m.ulp_distance),
                            m.outside_tolerance ? ", OUTSIDE tolerance" : "");
    }
  }
  return out;
}

}  // namespace mxfp4
