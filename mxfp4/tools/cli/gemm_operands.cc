// File: mxfp4/tools/cli/gemm_operands.cc

#include "mxfp4/tools/cli/gemm_operands.h"

#include <utility>

#include "absl/strings/str_format.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/operand_io.h"

namespace mxfp4::cli {

namespace {

// A from --a (quantized here with --rule) or --a_data/--a_scales.
absl::StatusOr<AOperand> ReadA(const OperandFlags& f, const FlagSet& flags,
                               absl::string_view command) {
  const std::string &a = f.a, &a_data = f.a_data, &a_scales = f.a_scales;
  auto usage = [command](const std::string& message) {
    return absl::InvalidArgumentError(
        absl::StrFormat("%s (see 'mxfp4 %s --help')", message, command));
  };
  if (flags.IsSet("a_scale_layout") && !a.empty()) {
    return usage("--a_scale_layout applies only to --a_scales");
  }
  const bool real = !a.empty(), quantized = !a_data.empty() || !a_scales.empty();
  if (real == quantized) {
    return usage(real ? "give A either as --a or as --a_data and --a_scales, not both"
                      : "missing A: give --a=A.npy (bf16 bits or fp32), or --a_data and "
                        "--a_scales");
  }
  if (quantized) {
    if (a_data.empty() || a_scales.empty()) {
      return usage(absl::StrFormat("--a_data and --a_scales go together; missing %s",
                                   a_data.empty() ? "--a_data" : "--a_scales"));
    }
    if (flags.IsSet("rule")) return usage("--rule applies only to --a (A given as real values)");
    absl::StatusOr<Mxfp4Matrix> q = ReadMxfp4Matrix({"a_data", a_data, DataLayout::kNatural},
                                                    {"a_scales", a_scales, f.a_scale_layout}, "A");
    if (!q.ok()) return q.status();
    return AOperand{*std::move(q), std::nullopt};
  }
  absl::StatusOr<RealMatrix> x = ReadRealMatrix("a", a);
  if (!x.ok()) return x.status();
  if (absl::Status s = CheckK("a", a, x->cols, {x->rows, x->cols}); !s.ok()) return s;
  QuantizeOptions options;
  options.rule = f.rule;
  absl::StatusOr<Mxfp4Matrix> q = x->is_bf16() ? QuantizeBf16(x->bf16, x->rows, x->cols, options)
                                               : QuantizeFloat(x->f32, x->rows, x->cols, options);
  if (!q.ok()) return WithFlag("a", a, q.status());
  AOperand operand{*std::move(q), std::nullopt};
  if (x->is_bf16()) operand.bf16 = std::move(x->bf16);
  return operand;
}

}  // namespace

void OperandFlags::AddTo(FlagSet& flags) {
  flags.AddString("a", &a, "A as real values: (M, K) bf16 bits or fp32.");
  flags.AddString("a_data", &a_data, "A quantized: packed FP4 (M, K/2) '|u1'.");
  flags.AddString("a_scales", &a_scales, "A's E8M0 scales '|u1' in --a_scale_layout.");
  flags.AddEnum("a_scale_layout", &a_scale_layout, ScaleLayoutChoices(),
                "Layout of --a_scales (see quantize --help).");
  flags.AddEnum("rule", &rule, ScaleRuleChoices(), "Scale rule for quantizing --a.");
  flags.AddString("b_data", &b_data, "B quantized: packed FP4 (N, K/2) '|u1'.").Required();
  flags.AddString("b_scales", &b_scales, "B's E8M0 scales '|u1' in --b_scale_layout.").Required();
  flags.AddEnum("b_layout", &b_layout, DataLayoutChoices(),
                "Layout of --b_data: natural, or preshuffled (AITER shuffle_weight (16,16)).");
  flags.AddEnum("b_scale_layout", &b_scale_layout, ScaleLayoutChoices(),
                "Layout of --b_scales: natural, shuffled16 (AITER e8m0_shuffle) or shuffled32.");
}

absl::StatusOr<GemmOperands> ReadGemmOperands(const OperandFlags& f, const FlagSet& flags,
                                              absl::string_view command) {
  absl::StatusOr<AOperand> a = ReadA(f, flags, command);
  if (!a.ok()) return a.status();
  absl::StatusOr<Mxfp4Matrix> b = ReadMxfp4Matrix({"b_data", f.b_data, f.b_layout},
                                                  {"b_scales", f.b_scales, f.b_scale_layout}, "B");
  if (!b.ok()) return b.status();
  const Mxfp4Shape& as = a->quantized.shape;
  if (as.k != b->shape.k) {
    const std::string a_source = f.a.empty() ? "--a_data=" + f.a_data : "--a=" + f.a;
    return absl::InvalidArgumentError(absl::StrFormat(
        "mismatched K: A has K=%d (%s, M=%d) but B has K=%d (--b_data=%s, N=%d); A (M, K) and "
        "B (N, K) must have the same K",
        as.k, a_source, as.rows, b->shape.k, f.b_data, b->shape.rows));
  }
  return GemmOperands{*std::move(a), *std::move(b)};
}

}  // namespace mxfp4::cli
