// File: mxfp4/tools/cli/gemm_operands.h
//
// The A and B operands of the `mxfp4` subcommands that take a GEMM's inputs
// (gemm, int-accumulation): their flags and reading them. A is either real
// values (--a=A.npy, bf16 bits or fp32, quantized here with --rule into
// natural layouts) or already quantized (--a_data/--a_scales in
// --a_scale_layout), never both; B is quantized (--b_data in --b_layout,
// --b_scales in --b_scale_layout); both must have the same K.
//
// Example:
//   OperandFlags operand_flags;
//   operand_flags.AddTo(flags);
//   if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
//   absl::StatusOr<GemmOperands> ops = ReadGemmOperands(operand_flags, flags, "gemm");

#ifndef MXFP4_TOOLS_CLI_GEMM_OPERANDS_H_
#define MXFP4_TOOLS_CLI_GEMM_OPERANDS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/tools/cli/flags.h"

namespace mxfp4::cli {

// The A operand: quantized, and (when given as bf16 values) its bf16 bits,
// which is what the GPU GEMM takes.
struct AOperand {
  Mxfp4Matrix quantized;
  std::optional<std::vector<uint16_t>> bf16;
};

// The operand flags; AddTo() declares them (b_data and b_scales required).
struct OperandFlags {
  std::string a, a_data, a_scales, b_data, b_scales;
  ScaleLayout a_scale_layout = ScaleLayout::kNatural;
  ScaleLayout b_scale_layout = ScaleLayout::kNatural;
  DataLayout b_layout = DataLayout::kNatural;
  ScaleRule rule = ScaleRule::kEven;
  void AddTo(FlagSet& flags);
};

struct GemmOperands {
  AOperand a;
  Mxfp4Matrix b;
};

// ReadGemmOperands(): A (from --a, quantized here with --rule, or from
// --a_data/--a_scales) and B after `flags` parsed `f`. Usage errors (A given
// both ways or neither, half of --a_data/--a_scales, --rule or
// --a_scale_layout with the other form of A) end with "(see 'mxfp4 <command>
// --help')"; they and a K that differs between A and B are InvalidArgument
// naming the flags.
absl::StatusOr<GemmOperands> ReadGemmOperands(const OperandFlags& f, const FlagSet& flags,
                                              absl::string_view command);

}  // namespace mxfp4::cli

#endif  // MXFP4_TOOLS_CLI_GEMM_OPERANDS_H_
