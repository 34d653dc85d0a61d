// File: mxfp4/emu/error_report.h
//
// Compares two GEMM results of shape (rows, cols) - fp32 values or bf16 bit
// patterns - and reports how far apart they are: bit-exactness (NaN-aware),
// max abs/rel error, a histogram of ULP distances, the number of elements
// outside the contest tolerance (spec: shared/spec/workload.md, "Judging":
// |actual - expected| <= atol + rtol * |expected|, NaN/Inf must match), and the
// first mismatching elements with their positions. Used by the tests, the CLI
// and the GPU tests.
//
// Example:
//   absl::StatusOr<ErrorReport> r = CompareFp32(gpu_out, emulator_out, M, N);
//   if (!r->bit_exact) std::cerr << r->ToString();

#ifndef MXFP4_EMU_ERROR_REPORT_H_
#define MXFP4_EMU_ERROR_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"

namespace mxfp4 {

enum class ValueFormat {
  kFp32,
  kBf16,
};
const char* ValueFormatName(ValueFormat format);  // "fp32", "bf16"

struct ErrorReportOptions {
  double atol = 1e-2;
  double rtol = 1e-2;
  // How many mismatching elements (row-major order) to keep.
  int max_mismatches_listed = 10;
};

// One element whose bits differ (all NaNs count as equal).
struct ElementMismatch {
  int64_t row = 0;
  int64_t col = 0;
  uint32_t actual_bits = 0;    // fp32 bits, or bf16 bits in the low 16
  uint32_t expected_bits = 0;
  double actual = 0.0;         // the values, exactly
  double expected = 0.0;
  int64_t ulp_distance = 0;    // -1 when exactly one side is NaN
  bool outside_tolerance = false;
};

// ULP histogram bucket: distances in [lo, hi] (hi = -1: unbounded); the last
// bucket counts NaN mismatches (exactly one side NaN).
struct UlpBucket {
  std::string label;  // "0", "1", "2", "3-4", "5-8", ..., ">2^24", "NaN-mismatch"
  int64_t lo = 0;
  int64_t hi = 0;
  int64_t count = 0;
};

struct ErrorReport {
  ValueFormat format = ValueFormat::kFp32;
  int64_t rows = 0;
  int64_t cols = 0;
  ErrorReportOptions options;

  // Raw bits equal everywhere (any NaN equals any NaN).
  bool bit_exact = true;
  int64_t num_bit_mismatches = 0;
  // |actual - expected| <= atol + rtol * |expected| fails, or NaN/Inf differ.
  int64_t num_outside_tolerance = 0;
  // Over elements where both sides are finite. max_rel_error skips expected == 0.
  double max_abs_error = 0.0;
  int64_t max_abs_row = -1, max_abs_col = -1;
  double max_rel_error = 0.0;
  int64_t max_rel_row = -1, max_rel_col = -1;
  int64_t max_ulp_distance = 0;  // over elements where neither side is NaN

  std::vector<UlpBucket> ulp_histogram;
  std::vector<ElementMismatch> first_mismatches;

  bool within_tolerance() const { return num_outside_tolerance == 0; }

  // A few lines for humans: verdicts, error maxima, the non-empty histogram
  // buckets, and the first mismatches with values in hex and decimal.
  std::string ToString() const;
};

// The ULP distance between two fp32 bit patterns on the ordered line of
// floats (+0 and -0 are the same point; +-Inf are one step past +-max).
// Undefined for NaN (callers check first).
int64_t UlpDistanceFp32(uint32_t a, uint32_t b);
int64_t UlpDistanceBf16(uint16_t a, uint16_t b);

// CompareFp32() / CompareBf16()
//
// `actual` and `expected` hold rows * cols values, row-major.
// InvalidArgument when sizes disagree with the shape, the shape is negative,
// or the tolerances are negative/NaN.
absl::StatusOr<ErrorReport> CompareFp32(absl::Span<const float> actual,
                                        absl::Span<const float> expected, int64_t rows,
                                        int64_t cols, const ErrorReportOptions& options = {});
absl::StatusOr<ErrorReport> CompareBf16(absl::Span<const uint16_t> actual,
                                        absl::Span<const uint16_t> expected, int64_t rows,
                                        int64_t cols, const ErrorReportOptions& options = {});

}  // namespace mxfp4

#endif  // MXFP4_EMU_ERROR_REPORT_H_
