// File: mxfp4/tools/commands/dequantize.cc
//
// `mxfp4 dequantize`: packed FP4 data + E8M0 scales -> real values
// (spec: shared/spec/mxfp4-semantics.md §5; user guide: docs/cli.md).
// The logical shape (rows, K) always comes from the data array, (rows, K/2):
// data layouts keep the (rows, K/2) shape, so only the scales' padded shape
// depends on the layout, and it is checked against the data's shape.

#include <optional>
#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/operand_io.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "dequantize";

int RunDequantize(absl::Span<const std::string> args, const CommandIo& io) {
  std::string data_path, scales_path, output;
  ScaleLayout scale_layout = ScaleLayout::kNatural;
  DataLayout data_layout = DataLayout::kNatural;
  OutputDtype output_dtype = OutputDtype::kF32;
  FlagSet flags(kName,
                "Dequantizes MXFP4 data + scales to real values: E2M1 value * 2^(scale-127);\n"
                "a 0xFF (NaN) scale gives NaN for its 32 elements.",
                "The logical shape comes from --data: (rows, K/2) bytes means rows x K elements,\n"
                "in every data layout. --scales must then be (rows, K/32) for natural scales, or\n"
                "(rows rounded up to 256, K/32 rounded up to 8) for shuffled ones; no --rows is\n"
                "needed.");
  flags.AddString("data", &data_path, "Q.npy: packed FP4 (rows, K/2) '|u1'.").Required();
  flags.AddString("scales", &scales_path, "S.npy: E8M0 scales '|u1' in --scale_layout.").Required();
  flags.AddEnum("scale_layout", &scale_layout, ScaleLayoutChoices(), kScaleLayoutHelp);
  flags.AddEnum("data_layout", &data_layout, DataLayoutChoices(),
                "natural: row-major; preshuffled: AITER shuffle_weight (16,16) layout\n"
                "(rows % 16 == 0, K % 64 == 0).");
  flags.AddString("output", &output, "X.npy to write: (rows, K).").Required();
  flags.AddEnum("output_dtype", &output_dtype, OutputDtypeChoices(),
                "f32: '<f4'; bf16: '<u2' raw bits (fp32 -> bf16 round-to-nearest-even).");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  absl::StatusOr<Mxfp4Matrix> m =
      ReadMxfp4Matrix({"data", data_path, data_layout}, {"scales", scales_path, scale_layout},
                      /*operand=*/"");
  if (!m.ok()) return ReportError(kName, m.status(), io);
  absl::StatusOr<Mxfp4View> view = m->view();
  if (!view.ok()) return ReportError(kName, WithFlag("data", data_path, view.status()), io);
  absl::StatusOr<std::vector<float>> x = Dequantize(*view);
  if (!x.ok()) return ReportError(kName, WithFlag("data", data_path, x.status()), io);
  if (absl::Status s =
          WriteRealMatrix("output", output, m->shape.rows, m->shape.k, *x, output_dtype);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  return kExitOk;
}

}  // namespace

const Command& DequantizeCommand() {
  static const Command command = {kName, "FP4 data + E8M0 scales -> fp32 or bf16 values",
                                  &RunDequantize};
  return command;
}

}  // namespace mxfp4::cli
