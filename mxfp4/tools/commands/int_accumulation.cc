// File: mxfp4/tools/commands/int_accumulation.cc
//
// `mxfp4 int-accumulation`: would integer accumulation reproduce block_fma
// for these operands? (docs/accumulation.md "Integer accumulation";
// gpu/gemm/internal/int8_accumulation.h.) Reads A and B as `mxfp4 gemm` does
// and reports, from their scale bytes alone: each operand's per-row scale
// spread (largest minus smallest byte over K) as a histogram, and how many
// output tiles (--tile_n B rows x --tile_m A rows, the unit a GPU CTA would
// decide for) and whether the whole matrix meet IntegerAccumulationIsExact,
// with the first reason each failing tile fails. The question a dumped layer
// answers before a GPU path relies on it: do real scales stay within the
// int8 shifts?

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/gemm_operands.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "int-accumulation";

// One row's scale bytes over K: the smallest and the spread; NaN (0xFF)
// bytes are counted apart and make the row ineligible.
struct RowSpan {
  int ref = 255;
  int spread = 0;
  bool nan = false;
};

std::vector<RowSpan> RowSpans(const Mxfp4View& v) {
  std::vector<RowSpan> spans(v.shape().rows);
  for (int64_t r = 0; r < v.shape().rows; ++r) {
    int lo = 255, hi = 0;
    bool nan = false;
    for (int64_t g = 0; g < v.shape().groups(); ++g) {
      const int s = v.scale(r, g);
      if (s == 0xFF) {
        nan = true;
        continue;
      }
      lo = std::min(lo, s);
      hi = std::max(hi, s);
    }
    spans[r] = {lo, lo > hi ? 0 : hi - lo, nan};  // lo > hi: every byte NaN
  }
  return spans;
}

// A group of rows (a tile's side): the largest spread, the smallest and
// largest reference, any NaN.
struct SideSummary {
  int spread = 0;
  int ref_min = 255;
  int ref_max = 0;
  bool nan = false;
};

SideSummary Summarize(const std::vector<RowSpan>& spans, int64_t begin, int64_t end) {
  SideSummary s;
  for (int64_t r = begin; r < end; ++r) {
    s.spread = std::max(s.spread, spans[r].spread);
    s.ref_min = std::min(s.ref_min, spans[r].ref);
    s.ref_max = std::max(s.ref_max, spans[r].ref);
    s.nan = s.nan || spans[r].nan;
  }
  return s;
}

enum Reason { kExact, kNan, kSpreadA, kSpreadB, kBound, kExponents, kReasons };
constexpr const char* kReasonNames[kReasons] = {"exact",
                                                "a NaN scale",
                                                "an A row's spread > 3",
                                                "a B row's spread > 3",
                                                "K x 4608 x 2^(spreads) > 2^24",
                                                "refA + refB outside [130, 359]"};

Reason Classify(int64_t groups, const SideSummary& a, const SideSummary& b) {
  using gpu::gemm_internal::IntegerAccumulationIsExact;
  using gpu::gemm_internal::kInt8MaxShift;
  if (a.nan || b.nan) return kNan;
  if (a.spread > kInt8MaxShift) return kSpreadA;
  if (b.spread > kInt8MaxShift) return kSpreadB;
  const int ref_min = a.ref_min + b.ref_min, ref_max = a.ref_max + b.ref_max;
  if (IntegerAccumulationIsExact(groups, a.spread, b.spread, ref_min, ref_max)) return kExact;
  // Spreads fit the int8 shifts: the bound or the exponents failed.
  if (IntegerAccumulationIsExact(groups, a.spread, b.spread, 254, 254)) return kExponents;
  return kBound;
}

std::string SpreadHistogram(const std::vector<RowSpan>& spans) {
  int64_t bins[6] = {0, 0, 0, 0, 0, 0};  // 0, 1, 2, 3, 4-7, >= 8
  int64_t nan_rows = 0;
  for (const RowSpan& s : spans) {
    if (s.nan) {
      ++nan_rows;
      continue;
    }
    ++bins[s.spread <= 3 ? s.spread : s.spread <= 7 ? 4 : 5];
  }
  return absl::StrFormat("0: %d, 1: %d, 2: %d, 3: %d, 4-7: %d, >=8: %d; rows with a NaN scale: %d",
                         bins[0], bins[1], bins[2], bins[3], bins[4], bins[5], nan_rows);
}

int RunIntAccumulation(absl::Span<const std::string> args, const CommandIo& io) {
  OperandFlags operand_flags;
  int64_t tile_n = 64, tile_m = 128;
  FlagSet flags(
      kName,
      "Whether integer accumulation (int8 operands 2 x value x 2^(S - ref), one s32 sum\n"
      "over all of K, docs/accumulation.md \"Integer accumulation\") reproduces the block_fma\n"
      "contract bit for bit for these operands, from their scale bytes.",
      "Prints each operand's per-row scale spread (largest - smallest E8M0 byte over K),\n"
      "then how many output tiles of --tile_n B rows x --tile_m A rows (what one GPU CTA\n"
      "would decide for) meet the condition, with the first reason each other tile\n"
      "fails, and the answer for the whole matrix as one tile. Exit 0 either way.");
  operand_flags.AddTo(flags);
  flags.AddInt64("tile_n", &tile_n, "B rows (output columns) a tile (64).");
  flags.AddInt64("tile_m", &tile_m, "A rows (output rows) a tile (128).");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
  for (auto [flag, value] : {std::pair{"tile_n", tile_n}, std::pair{"tile_m", tile_m}}) {
    if (value < 1 || value > (int64_t{1} << 20)) {
      return ReportError(
          kName,
          absl::InvalidArgumentError(absl::StrFormat(
              "--%s: expected 1..2^20, found %d (see 'mxfp4 %s --help')", flag, value, kName)),
          io);
    }
  }
  absl::StatusOr<GemmOperands> operands = ReadGemmOperands(operand_flags, flags, kName);
  if (!operands.ok()) return ReportError(kName, operands.status(), io);
  const Mxfp4Matrix& a_matrix = operands->a.quantized;
  const Mxfp4Matrix& b_matrix = operands->b;
  absl::StatusOr<Mxfp4View> a_view = a_matrix.view();
  absl::StatusOr<Mxfp4View> b_view = b_matrix.view();
  if (!a_view.ok()) return ReportError(kName, a_view.status(), io);
  if (!b_view.ok()) return ReportError(kName, b_view.status(), io);
  const std::vector<RowSpan> a_spans = RowSpans(*a_view), b_spans = RowSpans(*b_view);
  const int64_t m = a_matrix.shape.rows, n = b_matrix.shape.rows;
  const int64_t groups = a_matrix.shape.groups();

  std::string out = absl::StrFormat(
      "integer accumulation check: M=%d N=%d K=%d (%d blocks); exact when every A and B row's\n"
      "scale spread is <= 3 and %d x 4608 x 2^(spread_a + spread_b) <= 2^24\n",
      m, n, a_matrix.shape.k, groups, groups);
  out += absl::StrFormat("A scale spread per row (rows): %s\n", SpreadHistogram(a_spans));
  out += absl::StrFormat("B scale spread per row (rows): %s\n", SpreadHistogram(b_spans));
  // Tiles: each side's summaries once, then every pair.
  std::vector<SideSummary> a_tiles, b_tiles;
  for (int64_t r = 0; r < m; r += tile_m)
    a_tiles.push_back(Summarize(a_spans, r, std::min(m, r + tile_m)));
  for (int64_t r = 0; r < n; r += tile_n)
    b_tiles.push_back(Summarize(b_spans, r, std::min(n, r + tile_n)));
  int64_t counts[kReasons] = {};
  for (const SideSummary& at : a_tiles) {
    for (const SideSummary& bt : b_tiles) ++counts[Classify(groups, at, bt)];
  }
  const int64_t tiles = static_cast<int64_t>(a_tiles.size() * b_tiles.size());
  out += absl::StrFormat("output tiles of %d B rows x %d A rows: %d of %d exact (%.1f%%)", tile_n,
                         tile_m, counts[kExact], tiles, 100.0 * counts[kExact] / tiles);
  std::string reasons;
  for (int r = kNan; r < kReasons; ++r) {
    if (counts[r] == 0) continue;
    reasons += absl::StrFormat("%s%d: %s", reasons.empty() ? "" : ", ", counts[r], kReasonNames[r]);
  }
  out += reasons.empty() ? "\n" : absl::StrFormat("; the others fail on %s\n", reasons);
  const Reason whole = Classify(groups, Summarize(a_spans, 0, m), Summarize(b_spans, 0, n));
  out += absl::StrFormat(
      "whole matrix as one tile: %s\n",
      whole == kExact ? "exact" : absl::StrFormat("not exact (%s)", kReasonNames[whole]));
  io.out << out;
  return kExitOk;
}

}  // namespace

const Command& IntAccumulationCommand() {
  static const Command command = {
      kName, "whether integer accumulation would reproduce block_fma for A and B (scale spreads)",
      &RunIntAccumulation};
  return command;
}

}  // namespace mxfp4::cli
