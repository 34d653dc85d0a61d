// File: mxfp4/tools/commands/prepare_b.cc
//
// `mxfp4 prepare-b`: an MXFP4 weight B (data + scales, in any layout `gemm`
// takes) -> its prepared weight image, the opt-in GPU copy that the
// warp-specialized tiles copy instead of converting (mxfp4/core/
// prepared_layout.h; docs/formats.md "Prepared weight image"; user guide:
// docs/cli.md). The GPU's PrepareWeight writes the same bytes, so this is the
// offline reference a dumped device copy is compared with.

#include <optional>
#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/core/prepared_layout.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/operand_io.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "prepare-b";

int RunPrepareB(absl::Span<const std::string> args, const CommandIo& io) {
  std::string b_data, b_scales, output_data, output_scales;
  DataLayout b_layout = DataLayout::kNatural;
  ScaleLayout b_scale_layout = ScaleLayout::kNatural;
  FlagSet flags(
      kName,
      "Writes the prepared weight image of B (N, K): the GPU's opt-in prepared copy\n"
      "(docs/formats.md \"Prepared weight image\"), byte for byte what PrepareWeight writes.",
      "Rows come in groups of 64 (the last padded with zero bytes and +0.0f scales);\n"
      "--output_data has one 2048-byte row per (64-row group, K-block of 32), group-major,\n"
      "--output_scales the 64 fp32 scales of the same block. N and K come from --b_data;\n"
      "unprepare-b inverts this given --rows=N.");
  flags.AddString("b_data", &b_data, "B quantized: packed FP4 (N, K/2) '|u1'.").Required();
  flags.AddString("b_scales", &b_scales, "B's E8M0 scales '|u1' in --b_scale_layout.").Required();
  flags.AddEnum("b_layout", &b_layout, DataLayoutChoices(),
                "Layout of --b_data: natural, or preshuffled (AITER shuffle_weight (16,16)).");
  flags.AddEnum("b_scale_layout", &b_scale_layout, ScaleLayoutChoices(),
                "Layout of --b_scales: natural, shuffled16 (AITER e8m0_shuffle) or shuffled32.");
  flags
      .AddString("output_data", &output_data,
                 "P.npy to write: (ceil(N/64) * K/32, 2048) '|u1' shifted E4M3 bytes.")
      .Required();
  flags
      .AddString("output_scales", &output_scales,
                 "Ps.npy to write: (ceil(N/64) * K/32, 64) '<f4' scales.")
      .Required();
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  absl::StatusOr<Mxfp4Matrix> b =
      ReadMxfp4Matrix({"b_data", b_data, b_layout}, {"b_scales", b_scales, b_scale_layout}, "B");
  if (!b.ok()) return ReportError(kName, b.status(), io);
  absl::StatusOr<Mxfp4View> view = b->view();
  if (!view.ok()) return ReportError(kName, WithFlag("b_data", b_data, view.status()), io);
  // Fails only for N == 0 (K was checked above), which names --b_data.
  absl::StatusOr<PreparedWeightImage> image = PrepareWeightImage(*view);
  if (!image.ok()) return ReportError(kName, WithFlag("b_data", b_data, image.status()), io);

  const int64_t blocks = PreparedRowGroups(image->rows) * (image->k / kBlockSize);
  if (absl::Status s =
          WriteByteMatrix("output_data", output_data, blocks, kPreparedBlockDataBytes, image->data);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  if (absl::Status s = WriteRealMatrix("output_scales", output_scales, blocks, kPreparedBlockScales,
                                       image->scales, OutputDtype::kF32);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  return kExitOk;
}

}  // namespace

const Command& PrepareBCommand() {
  static const Command command = {kName, "B data + scales -> prepared weight image (GPU copy)",
                                  &RunPrepareB};
  return command;
}

}  // namespace mxfp4::cli
