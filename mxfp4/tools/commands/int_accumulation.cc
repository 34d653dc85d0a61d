// File: mxfp4/tools/commands/int_accumulation.cc
//
// `mxfp4 int-accumulation`: would integer accumulation reproduce block_fma
// for these operands? (docs/accumulation.md "Integer accumulation";
// docs/paths.md "Integer accumulation"; gpu/gemm/internal/int8_accumulation.h.)
// Reads A and B as `mxfp4 gemm` does and decides as the GPU's int8 path does
// per CTA: each row summarized by Int8RowScan over all of K (zero blocks left
// out; A rows with their exact sum of squares, B rows with their norm bound,
// as the quantizer and PrepareWeight hand them to the GEMM), each output tile
// (--tile_n B rows x --tile_m A rows) and the whole matrix judged by
// Int8TileIsExact. Reports each operand's per-row spread over non-zero blocks
// as a histogram, the tiles that pass, and the first reason each other tile
// fails. Not modelled: the GPU's need for whole ring stages per K chunk (a
// property of the plan, not of the data). The question a dumped layer answers
// before a GPU path relies on it: do real scales and values fit the int8 form?

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/gpu/gemm/int8_image.h"
#include "mxfp4/gpu/gemm/internal/int8_accumulation.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/gemm_operands.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

namespace gi = gpu::gemm_internal;

constexpr char kName[] = "int-accumulation";

// Each row's Int8RowScan over all of K, as the quantizer (A) and
// PrepareWeight (B) compute it.
std::vector<gi::Int8RowScan> RowScans(const Mxfp4View& v) {
  std::vector<gi::Int8RowScan> scans(v.shape().rows);
  for (int64_t r = 0; r < v.shape().rows; ++r) scans[r] = gpu::Int8RowScanOfRow(v, r);
  return scans;
}

bool HasNan(const gi::Int8RowScan& s) { return s.nan; }
// Spread over the non-zero blocks above the int8 shifts (NaN rows apart).
bool IsWide(const gi::Int8RowScan& s) {
  return !s.nan && s.any_nonzero &&
         s.nonzero_max - s.nonzero_min > static_cast<uint32_t>(gi::kInt8MaxShift);
}

// A tile's side: the GEMM's Int8TileRows, plus what the reasons need.
struct Side {
  gi::Int8TileRows rows;
  bool nan = false, wide = false;
  uint32_t max_norm = 0;  // for the report: the largest row norm bound
};

// Rows [begin, end) of one operand. A rows (`activations`) go in as the
// quantizer hands them to the GEMM: the info with norm 0 plus the exact sum
// of squares; B rows as their summary with its norm bound.
Side Summarize(const std::vector<gi::Int8RowScan>& scans, int64_t begin, int64_t end,
               bool activations) {
  Side s;
  for (int64_t r = begin; r < end; ++r) {
    const uint32_t info = scans[r].Info();
    if (activations && gi::Int8RowEncodes(info)) {
      s.rows.Add(gi::Int8RowInfo(gi::Int8RowRef(info), gi::Int8RowMark(info)));
      s.rows.AddSumSq(scans[r].sumsq);
    } else {
      s.rows.Add(info);
    }
    s.nan = s.nan || HasNan(scans[r]);
    s.wide = s.wide || IsWide(scans[r]);
    if (gi::Int8RowEncodes(info)) s.max_norm = std::max(s.max_norm, gi::Int8RowNorm(info));
  }
  return s;
}

enum Reason {
  kExact,
  kNan,
  kSpreadA,
  kSpreadB,
  kZeroBlockScale,
  kWeightRefs,
  kExponents,
  kBound,
  kReasons
};
constexpr const char* kReasonNames[kReasons] = {
    "exact",
    "a NaN scale",
    "an A row's spread > 3",
    "a B row's spread > 3",
    "a zero block's scale too large",
    "weight refs outside [2, 231]",
    "refA + refB outside [130, 359]",
    "the sums may exceed 2^24 units (neither G x 4608 x 2^(spreads) nor normA x normB bounds "
    "them)"};

// Int8TileIsExact decides; the reason is only the first condition it failed.
Reason Classify(int64_t groups, const Side& a, const Side& b) {
  if (gi::Int8TileIsExact(groups, a.rows, b.rows)) return kExact;
  if (a.nan || b.nan) return kNan;
  if (a.wide) return kSpreadA;
  if (b.wide) return kSpreadB;
  if (a.rows.invalid || b.rows.invalid) return kZeroBlockScale;
  // Both sides have rows with an int8 form (an empty side passes).
  if (b.rows.min_ref < 2 || b.rows.max_ref > 231) return kWeightRefs;
  if (!gi::Int8SpreadsAndRefsAreExact(static_cast<int>(a.rows.max_spread),
                                      static_cast<int>(b.rows.max_spread),
                                      static_cast<int>(a.rows.min_ref + b.rows.min_ref),
                                      static_cast<int>(a.rows.max_ref + b.rows.max_ref))) {
    return kExponents;
  }
  return kBound;  // the only condition left
}

std::string SpreadHistogram(const std::vector<gi::Int8RowScan>& scans) {
  int64_t bins[6] = {0, 0, 0, 0, 0, 0};  // 0, 1, 2, 3, 4-7, >= 8
  int64_t nan_rows = 0, zero_rows = 0;
  for (const gi::Int8RowScan& s : scans) {
    if (s.nan) {
      ++nan_rows;
    } else if (!s.any_nonzero) {
      ++zero_rows;
    } else {
      const uint32_t spread = s.nonzero_max - s.nonzero_min;
      ++bins[spread <= 3 ? spread : spread <= 7 ? 4 : 5];
    }
  }
  return absl::StrFormat(
      "0: %d, 1: %d, 2: %d, 3: %d, 4-7: %d, >=8: %d; zero rows: %d; rows with a NaN scale: %d",
      bins[0], bins[1], bins[2], bins[3], bins[4], bins[5], zero_rows, nan_rows);
}

int RunIntAccumulation(absl::Span<const std::string> args, const CommandIo& io) {
  OperandFlags operand_flags;
  int64_t tile_n = 64, tile_m = 128;
  FlagSet flags(
      kName,
      "Whether integer accumulation (int8 operands 2 x value x 2^(S - ref), one s32 sum\n"
      "over all of K, docs/accumulation.md \"Integer accumulation\") reproduces the block_fma\n"
      "contract bit for bit for these operands, decided as the GPU's int8 path decides per\n"
      "CTA (Int8TileIsExact on the rows' Int8RowScan summaries, docs/paths.md).",
      "Prints each operand's per-row scale spread (largest - smallest E8M0 byte over the\n"
      "row's non-zero blocks; all-zero rows and rows with a NaN scale apart), then how many\n"
      "output tiles of --tile_n B rows x --tile_m A rows (what one GPU CTA decides for)\n"
      "meet the condition, with the first reason each other tile fails, and the answer for\n"
      "the whole matrix as one tile. The GPU also needs K to be whole 4-block ring stages\n"
      "per K chunk, which depends on its plan (see 'mxfp4 plan'), not modelled here.\n"
      "Exit 0 either way.");
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
  const std::vector<gi::Int8RowScan> a_scans = RowScans(*a_view), b_scans = RowScans(*b_view);
  const int64_t m = a_matrix.shape.rows, n = b_matrix.shape.rows;
  const int64_t groups = a_matrix.shape.groups();

  std::string out = absl::StrFormat(
      "integer accumulation check: M=%d N=%d K=%d (%d blocks); a tile is exact when every row\n"
      "has an int8 form (no NaN scale, scale spread <= 3 over its non-zero blocks; all-zero\n"
      "rows skipped), refA + refB in [130, 359], weight refs in [2, 231], and the sums stay\n"
      "within 2^24 units: %d x 4608 x 2^(spread_a + spread_b) <= 2^24 (the worst case) or\n"
      "normA x normB <= 2^24 (the rows' norms, Cauchy-Schwarz)\n",
      m, n, a_matrix.shape.k, groups, groups);
  out += absl::StrFormat("A scale spread per row (non-zero blocks; rows): %s\n",
                         SpreadHistogram(a_scans));
  out += absl::StrFormat("B scale spread per row (non-zero blocks; rows): %s\n",
                         SpreadHistogram(b_scans));
  const Side a_all = Summarize(a_scans, 0, m, /*activations=*/true);
  const Side b_all = Summarize(b_scans, 0, n, /*activations=*/false);
  out += absl::StrFormat("largest row norm (int8 elements, rows with an int8 form): A %d, B %d\n",
                         a_all.max_norm, b_all.max_norm);
  // Tiles: each side's summaries once, then every pair.
  std::vector<Side> a_tiles, b_tiles;
  for (int64_t r = 0; r < m; r += tile_m)
    a_tiles.push_back(Summarize(a_scans, r, std::min(m, r + tile_m), /*activations=*/true));
  for (int64_t r = 0; r < n; r += tile_n)
    b_tiles.push_back(Summarize(b_scans, r, std::min(n, r + tile_n), /*activations=*/false));
  int64_t counts[kReasons] = {};
  for (const Side& at : a_tiles) {
    for (const Side& bt : b_tiles) ++counts[Classify(groups, at, bt)];
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
  const Reason whole = Classify(groups, a_all, b_all);
  out += absl::StrFormat(
      "whole matrix as one tile: %s\n",
      whole == kExact ? "exact" : absl::StrFormat("not exact (%s)", kReasonNames[whole]));
  io.out << out;
  return kExitOk;
}

}  // namespace

const Command& IntAccumulationCommand() {
  static const Command command = {
      kName, "whether integer accumulation would reproduce block_fma for A and B (the GPU's check)",
      &RunIntAccumulation};
  return command;
}

}  // namespace mxfp4::cli
