// File: mxfp4/tools/commands/compare.cc
//
// `mxfp4 compare`: compares an actual result with an expected one and prints
// the error report of mxfp4/emu/error_report.h (max abs/rel error, ULP
// histogram, count outside tolerance, first mismatches with coordinates).
// Passes when every element is within atol + rtol * |expected| (the contest's
// judging rule, spec: shared/spec/workload.md "Judging"), or with --exact when
// the bits agree (NaN-aware); exit 1 when it fails (user guide: docs/cli.md).

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/error_report.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "compare";

// (rows, cols) of an array as the report sees it: 2-D as is, 1-D as one row.
absl::StatusOr<std::pair<int64_t, int64_t>> ReportShape(const std::string& flag,
                                                        const std::string& path,
                                                        const NpyArray& a) {
  if (a.shape.size() == 2) return std::make_pair(a.shape[0], a.shape[1]);
  if (a.shape.size() == 1) return std::make_pair(int64_t{1}, a.shape[0]);
  return absl::InvalidArgumentError(
      absl::StrFormat("--%s: %s: expected a 1-D or 2-D array, found shape %s", flag, path,
                      NpyShapeString(a.shape)));
}

std::vector<float> AsFloats(const NpyArray& a) {
  if (a.dtype == NpyDtype::kF4) return *a.AsF32();
  std::vector<uint16_t> bits = *a.AsU16();
  std::vector<float> f(bits.size());
  for (size_t i = 0; i < bits.size(); ++i) f[i] = Bf16ToFloat(bits[i]);
  return f;
}

int RunCompare(absl::Span<const std::string> args, const CommandIo& io) {
  std::string expected_path, actual_path;
  ErrorReportOptions options;
  bool exact = false;
  int64_t max_mismatches = options.max_mismatches_listed;
  FlagSet flags(
      kName,
      "Compares --actual with --expected and prints an error report; exit 1 if the check\n"
      "fails.",
      "Both files hold the same shape (1-D or 2-D) of fp32 '<f4' or bf16 bits '<u2'.\n"
      "Same dtypes compare in that format (ULPs of that format); a bf16 file against an\n"
      "fp32 file compares as fp32 (bf16 widens exactly), so ULPs are fp32 ULPs.\n"
      "Default check: |actual - expected| <= atol + rtol * |expected| everywhere, and\n"
      "NaN/Inf where the other has NaN/Inf (the contest's rule). --exact: every bit\n"
      "equal (all NaNs count as equal).");
  flags.AddString("expected", &expected_path, "Reference .npy (e.g. an ideal result).").Required();
  flags.AddString("actual", &actual_path, "The .npy to check.").Required();
  flags.AddDouble("atol", &options.atol, "Absolute tolerance.");
  flags.AddDouble("rtol", &options.rtol, "Relative tolerance (times |expected|).");
  flags.AddBool("exact", &exact, "Require bit-exact equality instead of a tolerance.");
  flags.AddInt64("max_mismatches", &max_mismatches,
                 "How many mismatching elements to list (row-major order).");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
  if (exact && (flags.IsSet("atol") || flags.IsSet("rtol"))) {
    return ReportError(kName,
                       absl::InvalidArgumentError("--exact cannot be combined with --atol/--rtol "
                                                  "(see 'mxfp4 compare --help')"),
                       io);
  }
  if (max_mismatches < 0 || max_mismatches > 1000000) {
    return ReportError(kName,
                       absl::InvalidArgumentError(absl::StrFormat(
                           "--max_mismatches: expected 0..1000000, found %d", max_mismatches)),
                       io);
  }
  options.max_mismatches_listed = static_cast<int>(max_mismatches);

  absl::StatusOr<NpyArray> expected = ReadNpyFlag("expected", expected_path);
  if (!expected.ok()) return ReportError(kName, expected.status(), io);
  absl::StatusOr<NpyArray> actual = ReadNpyFlag("actual", actual_path);
  if (!actual.ok()) return ReportError(kName, actual.status(), io);
  struct Input {
    const char* flag;
    const std::string& path;
    const NpyArray& array;
  };
  for (const Input& in :
       {Input{"expected", expected_path, *expected}, Input{"actual", actual_path, *actual}}) {
    if (in.array.dtype != NpyDtype::kF4 && in.array.dtype != NpyDtype::kU2) {
      return ReportError(kName,
                         absl::InvalidArgumentError(absl::StrFormat(
                             "--%s: %s: expected dtype '<f4' (fp32) or '<u2' (bf16 bits), found "
                             "'%s'",
                             in.flag, in.path, NpyDtypeName(in.array.dtype))),
                         io);
    }
  }
  absl::StatusOr<std::pair<int64_t, int64_t>> shape =
      ReportShape("expected", expected_path, *expected);
  if (!shape.ok()) return ReportError(kName, shape.status(), io);
  if (actual->shape != expected->shape) {
    return ReportError(kName,
                       absl::InvalidArgumentError(absl::StrFormat(
                           "--actual: %s: expected shape %s (the shape of --expected %s), found "
                           "shape %s",
                           actual_path, NpyShapeString(expected->shape), expected_path,
                           NpyShapeString(actual->shape))),
                       io);
  }
  const auto [rows, cols] = *shape;

  absl::StatusOr<ErrorReport> report;
  if (expected->dtype == NpyDtype::kU2 && actual->dtype == NpyDtype::kU2) {
    report = CompareBf16(*actual->AsU16(), *expected->AsU16(), rows, cols, options);
  } else {
    if (expected->dtype != actual->dtype) {
      io.err << "mxfp4 compare: note: comparing bf16 with fp32 as fp32 (bf16 widened exactly); "
                "ULP distances are fp32 ULPs\n";
    }
    report = CompareFp32(AsFloats(*actual), AsFloats(*expected), rows, cols, options);
  }
  if (!report.ok()) return ReportError(kName, report.status(), io);

  const std::string text = report->ToString();
  io.out << text;
  if (!text.empty() && text.back() != '\n') io.out << "\n";
  const bool pass = exact ? report->bit_exact : report->within_tolerance();
  if (exact) {
    io.out << absl::StrFormat("%s: %d of %d elements differ in their bits (--exact)\n",
                              pass ? "PASS" : "FAIL", report->num_bit_mismatches, rows * cols);
  } else {
    io.out << absl::StrFormat("%s: %d of %d elements outside atol=%g + rtol=%g * |expected|\n",
                              pass ? "PASS" : "FAIL", report->num_outside_tolerance, rows * cols,
                              options.atol, options.rtol);
  }
  return pass ? kExitOk : kExitCheckFailed;
}

}  // namespace

const Command& CompareCommand() {
  static const Command command = {
      kName, "error report of --actual vs --expected; exit 1 if it fails", &RunCompare};
  return command;
}

}  // namespace mxfp4::cli
