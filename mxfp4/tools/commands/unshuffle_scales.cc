// File: mxfp4/tools/commands/unshuffle_scales.cc
//
// `mxfp4 unshuffle-scales`: shuffled E8M0 scales (padded 2-D) -> natural
// (rows, K/32) (spec: shared/spec/mxfp4-semantics.md §3; user guide:
// docs/cli.md). The padded storage shape hides the logical one, so --rows and
// --groups (or --k) are required; the input shape is checked against them.

#include <optional>
#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/operand_io.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "unshuffle-scales";

int RunUnshuffleScales(absl::Span<const std::string> args, const CommandIo& io) {
  std::string input, output;
  ScaleLayout layout = ScaleLayout::kShuffled16;
  int64_t rows = 0, groups = 0, k = 0;
  FlagSet flags(kName, "Unshuffles E8M0 scales from an MFMA scale layout to natural (rows, K/32).",
                "Give the logical shape with --rows and either --groups (= K/32) or --k; the\n"
                "input must be (rows rounded up to 256, groups rounded up to 8). Padding bytes\n"
                "are ignored.");
  flags.AddString("input", &input, "S_shuffled.npy: padded 2-D '|u1'.").Required();
  flags.AddString("output", &output, "S.npy to write: natural (rows, K/32).").Required();
  flags.AddEnum("layout", &layout, ShuffledScaleLayoutChoices(),
                "The layout of --input: shuffled16 or shuffled32.");
  flags.AddInt64("rows", &rows, "Logical rows (M for A, N for B).").Required();
  flags.AddInt64("groups", &groups, "Logical scale groups per row, K/32.");
  flags.AddInt64("k", &k, "Logical K (elements per row); alternative to --groups.");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  if (flags.IsSet("groups") == flags.IsSet("k")) {
    return ReportError(kName,
                       absl::InvalidArgumentError("give exactly one of --groups and --k "
                                                  "(see 'mxfp4 unshuffle-scales --help')"),
                       io);
  }
  if (flags.IsSet("k")) {
    if (k <= 0 || k % kBlockSize != 0) {
      return ReportError(kName,
                         absl::InvalidArgumentError(absl::StrFormat(
                             "--k: expected a positive multiple of %d, found %d", kBlockSize, k)),
                         io);
    }
    groups = k / kBlockSize;
  }
  if (rows <= 0 || groups <= 0) {
    return ReportError(kName,
                       absl::InvalidArgumentError(absl::StrFormat(
                           "--rows and --groups: expected positive values, found rows=%d "
                           "groups=%d",
                           rows, groups)),
                       io);
  }
  if (absl::Status s = ValidateScaleShape(layout, rows, groups); !s.ok()) {
    return ReportError(kName, s, io);
  }
  absl::StatusOr<NpyArray> in =
      ReadByteMatrix("input", input, "E8M0 scales",
                     {ScaleStorageRows(layout, rows), ScaleStorageGroups(layout, groups)},
                     ScaleShapeMeaning(layout, rows, groups, ""));
  if (!in.ok()) return ReportError(kName, in.status(), io);
  absl::StatusOr<std::vector<uint8_t>> out =
      ConvertScaleLayout(in->bytes, layout, ScaleLayout::kNatural, rows, groups);
  if (!out.ok()) return ReportError(kName, WithFlag("input", input, out.status()), io);
  if (absl::Status s = WriteByteMatrix("output", output, rows, groups, *out); !s.ok()) {
    return ReportError(kName, s, io);
  }
  return kExitOk;
}

}  // namespace

const Command& UnshuffleScalesCommand() {
  static const Command command = {kName, "shuffled E8M0 scales -> natural (needs --rows, --groups)",
                                  &RunUnshuffleScales};
  return command;
}

}  // namespace mxfp4::cli
