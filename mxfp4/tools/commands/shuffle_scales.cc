// File: mxfp4/tools/commands/shuffle_scales.cc
//
// `mxfp4 shuffle-scales`: natural (rows, K/32) E8M0 scales -> a shuffled
// layout for the MFMA scale operand (spec: shared/spec/mxfp4-semantics.md §3;
// user guide: docs/cli.md). The inverse is unshuffle_scales.cc.

#include <optional>
#include <string>

#include "mxfp4/core/layouts.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "shuffle-scales";

int RunShuffleScales(absl::Span<const std::string> args, const CommandIo& io) {
  std::string input, output;
  ScaleLayout layout = ScaleLayout::kShuffled16;
  FlagSet flags(kName, "Shuffles natural E8M0 scales (rows, K/32) into an MFMA scale layout.",
                "The output is 2-D: (rows rounded up to 256, K/32 rounded up to 8), padding\n"
                "bytes 0. unshuffle-scales needs the logical rows and K/32 back, since the\n"
                "padded shape does not tell them.");
  flags.AddString("input", &input, "S.npy: natural scales (rows, K/32) '|u1'.").Required();
  flags.AddString("output", &output, "S_shuffled.npy to write.").Required();
  flags.AddEnum("layout", &layout, ShuffledScaleLayoutChoices(),
                "shuffled16: AITER e8m0_shuffle (16x16x128 MFMA);\n"
                "shuffled32: Triton CDNA4 mfma_nonkdim=32.");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  absl::StatusOr<NpyArray> in = ReadByteMatrix("input", input, "natural E8M0 scales");
  if (!in.ok()) return ReportError(kName, in.status(), io);
  const int64_t rows = in->shape[0], groups = in->shape[1];
  absl::StatusOr<std::vector<uint8_t>> out =
      ConvertScaleLayout(in->bytes, ScaleLayout::kNatural, layout, rows, groups);
  if (!out.ok()) return ReportError(kName, WithFlag("input", input, out.status()), io);
  if (absl::Status s = WriteByteMatrix("output", output, ScaleStorageRows(layout, rows),
                                       ScaleStorageGroups(layout, groups), *out);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  return kExitOk;
}

}  // namespace

const Command& ShuffleScalesCommand() {
  static const Command command = {kName, "natural E8M0 scales -> shuffled16/shuffled32 layout",
                                  &RunShuffleScales};
  return command;
}

}  // namespace mxfp4::cli
