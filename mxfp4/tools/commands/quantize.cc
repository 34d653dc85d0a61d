// File: mxfp4/tools/commands/quantize.cc
//
// `mxfp4 quantize`: X (rows, K) bf16 bits or fp32 -> packed FP4 data
// (rows, K/2) and E8M0 scales, with a named scale rule and scale layout
// (spec: shared/spec/mxfp4-semantics.md §2, §3; user guide: docs/cli.md).

#include "mxfp4/emu/quantize.h"

#include <optional>
#include <string>

#include "absl/strings/str_format.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "quantize";

int RunQuantize(absl::Span<const std::string> args, const CommandIo& io) {
  std::string input, output_data, output_scales;
  QuantizeOptions options;
  FlagSet flags(kName,
                "Quantizes a (rows, K) matrix to MXFP4: one E8M0 scale per 32 elements along K,\n"
                "elements rounded to E2M1 (round-to-nearest-even, saturating at 6).",
                "Output shapes: data (rows, K/2) '|u1' (byte j holds element 2j in bits 3:0 and\n"
                "2j+1 in bits 7:4); scales (rows, K/32) '|u1' for natural, or (rows rounded up\n"
                "to 256, K/32 rounded up to 8) for a shuffled layout.");
  flags.AddString("input", &input, "X.npy: (rows, K) bf16 bits '<u2' or fp32 '<f4'; K % 32 == 0.")
      .Required();
  flags.AddString("output_data", &output_data, "Q.npy to write: packed FP4 (rows, K/2) '|u1'.")
      .Required();
  flags.AddString("output_scales", &output_scales, "S.npy to write: E8M0 scales '|u1'.").Required();
  flags.AddEnum("rule", &options.rule, ScaleRuleChoices(),
                "Scale rule. even: the contest/AITER rule (max rounded to a power of two);\n"
                "floor: OCP MX v1.0 floor(log2(max)) - 2; rceil: ceil_pow2(max / 6).");
  flags.AddEnum("scale_layout", &options.scale_layout, ScaleLayoutChoices(), kScaleLayoutHelp);
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  absl::StatusOr<RealMatrix> x = ReadRealMatrix("input", input);
  if (!x.ok()) return ReportError(kName, x.status(), io);
  if (absl::Status s = CheckK("input", input, x->cols, {x->rows, x->cols}); !s.ok()) {
    return ReportError(kName, s, io);
  }
  absl::StatusOr<Mxfp4Matrix> q = x->is_bf16() ? QuantizeBf16(x->bf16, x->rows, x->cols, options)
                                               : QuantizeFloat(x->f32, x->rows, x->cols, options);
  if (!q.ok()) return ReportError(kName, WithFlag("input", input, q.status()), io);

  const int64_t groups = x->cols / kBlockSize;
  if (absl::Status s = WriteByteMatrix("output_data", output_data, x->rows, x->cols / 2, q->data);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  if (absl::Status s = WriteByteMatrix("output_scales", output_scales,
                                       ScaleStorageRows(options.scale_layout, x->rows),
                                       ScaleStorageGroups(options.scale_layout, groups), q->scales);
      !s.ok()) {
    return ReportError(kName, s, io);
  }
  return kExitOk;
}

}  // namespace

const Command& QuantizeCommand() {
  static const Command command = {kName, "X (rows, K) bf16/fp32 -> FP4 data + E8M0 scales",
                                  &RunQuantize};
  return command;
}

}  // namespace mxfp4::cli
