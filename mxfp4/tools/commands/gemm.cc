// File: mxfp4/tools/commands/gemm.cc
//
// `mxfp4 gemm`: C = A * B^T for MXFP4 A (M, K) and B (N, K) on .npy files,
// under a named accumulation contract (docs/accumulation.md; spec:
// shared/spec/gpu-design.md "The accumulation contract"), on the emulator or
// the GPU (cli/backend.h). A comes either as real values (--a, quantized here
// with --rule, natural layouts) or already quantized (--a_data/--a_scales); B
// always quantized, natural or preshuffled, with natural or shuffled scales.
// User guide: docs/cli.md.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/gpu/gemm/plan_k_split.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/gemm_operands.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/backend.h"
#include "mxfp4/tools/cli/choices.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/gpu_gemm.h"
#include "mxfp4/tools/cli/operand_io.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "gemm";

absl::Status Usage(const std::string& message) {
  return absl::InvalidArgumentError(message + " (see 'mxfp4 gemm --help')");
}

// GpuBlocker(): "" when the GPU GEMM computes exactly what was asked (bf16 A
// quantized with EVEN, B scales natural or shuffled16, and the K-split the
// GPU path plans equal to --k_splits' split); else why not.
std::string GpuBlocker(const AOperand& a, ScaleRule rule, ScaleLayout b_scale_layout,
                       const KSplit& k_split, int64_t k_splits, int64_t groups,
                       const absl::StatusOr<gpu::GemmPlan>& plan) {
  if (!a.bf16.has_value() || rule != ScaleRule::kEven) {
    return "the GPU GEMM takes A as bf16 values (--a=A.npy of '<u2' bits) and quantizes it "
           "itself with the EVEN rule";
  }
  if (b_scale_layout == ScaleLayout::kShuffled32) {
    return "the GPU GEMM reads natural or shuffled16 B scales, not shuffled32";
  }
  if (!plan.ok())
    return absl::StrCat("the GPU GEMM cannot run this shape: ", plan.status().message());
  const KSplit planned = gpu::PlanKSplit(*plan);
  if (planned.boundaries != k_split.boundaries ||
      (k_split.is_split() && (planned.group != k_split.group ||
                              planned.outer_group != k_split.outer_group))) {
    return absl::StrFormat(
        "the GPU path %s splits K as %s, but --k_splits=%d --k_split_group=%d "
        "--k_split_outer_group=%d means %s",
        gpu::GemmPathName(plan->path), planned.ToString(groups), k_splits, k_split.group,
        k_split.outer_group, k_split.ToString(groups));
  }
  return "";
}

// "--explain=ROW,COL" -> (row, col).
absl::StatusOr<std::pair<int64_t, int64_t>> ParseCoordinates(const std::string& text) {
  std::vector<std::string> parts = absl::StrSplit(text, ',');
  int64_t row, col;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &row) || !absl::SimpleAtoi(parts[1], &col)) {
    return Usage(
        absl::StrFormat("--explain: expected ROW,COL (e.g. --explain=3,17), found '%s'", text));
  }
  return std::make_pair(row, col);
}

int RunGemm(absl::Span<const std::string> args, const CommandIo& io) {
  std::string output, explain;
  OperandFlags operand_flags;
  OutputDtype output_dtype = OutputDtype::kBf16;
  Contract contract = Contract::kBlockFma;
  MfmaRoundingModel mfma_rounding = MfmaRoundingModel::kExactSumSingleRounding;
  CpuKernel cpu_kernel = CpuKernel::kAuto;
  BackendRequest backend_request = BackendRequest::kAuto;
  int64_t k_splits = 1, k_split_group = 1, k_split_outer_group = 1, threads = 0;

  FlagSet flags(
      kName, "C = A * B^T for MXFP4 A (M, K) and B (N, K), written as (M, N).",
      "A: --a=A.npy ((M, K) bf16 bits '<u2' or fp32 '<f4', quantized here with --rule into\n"
      "natural layouts), or --a_data ((M, K/2) '|u1') with --a_scales.\n"
      "B: --b_data ((N, K/2) '|u1', in --b_layout) with --b_scales (in --b_scale_layout).\n"
      "Contracts (docs/accumulation.md): block_fma is what every GPU path reproduces bit\n"
      "for bit (one fma per 32-block, blocks in K order); ideal is the exact sum rounded\n"
      "once (for bf16 output: once, straight to bf16); mfma16/mfma32 model the gfx950\n"
      "scaled MFMA instructions (rounding inside one instruction per --mfma_rounding;\n"
      "unverified on hardware). --k_splits=S splits K into S ranges (multiples of the\n"
      "contract's step) accumulated separately and added in order (--k_split_group=G:\n"
      "runs of G splits summed first, then the runs in order; --k_split_outer_group=H:\n"
      "runs of H runs summed next).\n"
      "The GPU computes block_fma only, from bf16 A (--a, EVEN) and natural/shuffled16 B\n"
      "scales, with its path's K-split; it is used only when that gives exactly the bits\n"
      "asked for, so the output never depends on the backend. Other requests run on the\n"
      "emulator (--backend=auto says so on stderr; --backend=gpu refuses them).");
  operand_flags.AddTo(flags);
  flags.AddString("output", &output, "C.npy to write: (M, N).").Required();
  flags.AddEnum("output_dtype", &output_dtype, OutputDtypeChoices(),
                "bf16: '<u2' raw bits (as the original task); f32: '<f4'.");
  flags.AddEnum("contract", &contract,
                Choices<Contract>{{"block_fma", Contract::kBlockFma},
                                  {"ideal", Contract::kIdeal},
                                  {"mfma16", Contract::kMfma16},
                                  {"mfma32", Contract::kMfma32}},
                "Accumulation contract (see below).");
  flags.AddInt64("k_splits", &k_splits,
                 "K-split count (1 = none; not with ideal). Splits of ceil(K/32/S) blocks,\n"
                 "rounded up to the contract's step (4 blocks mfma16, 2 mfma32).");
  flags.AddInt64("k_split_group", &k_split_group,
                 "Splits summed first in runs of this many, then the runs in order (1 = a\n"
                 "plain chain; `mxfp4 plan` shows the GPU plan's).");
  flags.AddInt64("k_split_outer_group", &k_split_outer_group,
                 "Runs (of --k_split_group splits) summed next in runs of this many, then\n"
                 "those sums in order (1 = none; the GPU's clusters split over the grid).");
  flags.AddEnum(
      "mfma_rounding", &mfma_rounding,
      // The emulator's names (MfmaRoundingModelName) and short aliases.
      Choices<MfmaRoundingModel>{
          {"exact_sum_single_rounding", MfmaRoundingModel::kExactSumSingleRounding},
          {"block_sequential_fma", MfmaRoundingModel::kBlockSequentialFma},
          {"exact_sum", MfmaRoundingModel::kExactSumSingleRounding},
          {"block_fma", MfmaRoundingModel::kBlockSequentialFma}},
      "mfma16/mfma32 only: rounding inside one instruction (unverified on\n"
      "hardware; exact_sum and block_fma are short aliases).");
  flags.AddEnum("backend", &backend_request, BackendRequestChoices(),
                "emu: CPU emulator; gpu: the GPU or an error; auto: GPU if usable, else\n"
                "the emulator (noted on stderr).");
  flags.AddEnum("cpu_kernel", &cpu_kernel,
                Choices<CpuKernel>{{"auto", CpuKernel::kAuto},
                                   {"portable", CpuKernel::kPortable},
                                   {"avx2", CpuKernel::kAvx2}},
                "Emulator block-dot kernel (all give identical bits).");
  flags.AddInt64("threads", &threads, "Emulator threads (0 = all cores).");
  flags.AddString("explain", &explain,
                  "ROW,COL: also print how output (ROW, COL) is accumulated (emulator trace).",
                  "ROW,COL");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;

  for (const auto& [flag, value] : {std::pair{"--k_splits", k_splits},
                                     std::pair{"--k_split_group", k_split_group},
                                     std::pair{"--k_split_outer_group", k_split_outer_group}}) {
    if (value < 1 || value > 1 << 20) {
      return ReportError(
          kName, Usage(absl::StrFormat("%s: expected 1..2^20, found %d", flag, value)), io);
    }
  }
  if (threads < 0 || threads > 4096) {
    return ReportError(
        kName, Usage(absl::StrFormat("--threads: expected 0..4096, found %d", threads)), io);
  }
  std::optional<std::pair<int64_t, int64_t>> explain_at;
  if (!explain.empty()) {
    absl::StatusOr<std::pair<int64_t, int64_t>> at = ParseCoordinates(explain);
    if (!at.ok()) return ReportError(kName, at.status(), io);
    explain_at = *at;
  }

  absl::StatusOr<GemmOperands> operands = ReadGemmOperands(operand_flags, flags, kName);
  if (!operands.ok()) return ReportError(kName, operands.status(), io);
  const AOperand* a_operand = &operands->a;
  const Mxfp4Matrix* a_matrix = &operands->a.quantized;
  const Mxfp4Matrix* b_matrix = &operands->b;
  const int64_t m = a_matrix->shape.rows, n = b_matrix->shape.rows, k = a_matrix->shape.k;

  GemmOptions options;
  options.contract = contract;
  options.mfma_rounding = mfma_rounding;
  options.num_threads = static_cast<int>(threads);
  options.cpu_kernel = cpu_kernel;
  if (k_splits > 1) {
    absl::StatusOr<KSplit> split =
        KSplit::Even(k / kBlockSize, static_cast<int>(k_splits), ContractBlocksPerStep(contract));
    if (!split.ok()) return ReportError(kName, split.status(), io);
    options.k_split = *split;
    options.k_split.group = static_cast<int>(k_split_group);
    options.k_split.outer_group = static_cast<int>(k_split_outer_group);
    if (absl::Status valid = options.k_split.Validate(k / kBlockSize); !valid.ok()) {
      return ReportError(kName, Usage(std::string(valid.message())), io);
    }
  }

  // The GPU computes the block_fma contract only: other contracts are the
  // emulator's by definition (no fallback, so no note), and refused for gpu.
  BackendRequest request = backend_request;
  if (contract != Contract::kBlockFma) {
    if (request == BackendRequest::kGpu) {
      return ReportError(kName,
                         Usage(absl::StrFormat("--backend=gpu computes --contract=block_fma "
                                               "only, found --contract=%s",
                                               ContractName(contract))),
                         io);
    }
    request = BackendRequest::kEmu;
  }
  absl::StatusOr<Backend> backend = ResolveBackend(request, kName, io);
  if (!backend.ok()) return ReportError(kName, backend.status(), io);

  // On the GPU: only when it computes exactly the requested bits.
  std::unique_ptr<GpuGemmSession> session;
  if (backend->kind == BackendKind::kGpu) {
    gpu::GemmOptions gpu_options;
    gpu_options.split_k = static_cast<int>(std::min<int64_t>(k_splits, 8));
    const std::string blocker =
        GpuBlocker(*a_operand, operand_flags.rule, operand_flags.b_scale_layout, options.k_split,
                   k_splits, k / kBlockSize, PlanGpuGemm(*b_matrix, m, gpu_options));
    if (!blocker.empty()) {
      if (backend_request == BackendRequest::kGpu) {
        return ReportError(kName,
                           absl::InvalidArgumentError(absl::StrFormat(
                               "--backend=gpu: %s (use --backend=emu or auto)", blocker)),
                           io);
      }
      io.err << "mxfp4 gemm: note: --backend=auto: using the CPU emulator because " << blocker
             << "\n";
    } else {
      absl::StatusOr<std::unique_ptr<GpuGemmSession>> created =
          GpuGemmSession::Create(*b_matrix, m, gpu_options);
      if (!created.ok()) return ReportError(kName, created.status(), io);
      session = *std::move(created);
    }
  }

  absl::StatusOr<Mxfp4View> a_view = a_matrix->view();
  absl::StatusOr<Mxfp4View> b_view = b_matrix->view();
  if (!a_view.ok()) return ReportError(kName, a_view.status(), io);
  if (!b_view.ok()) return ReportError(kName, b_view.status(), io);
  if (absl::Status s = ValidateGemm(*a_view, *b_view, options, m * n); !s.ok()) {
    return ReportError(kName, s, io);
  }

  absl::Status written;
  if (output_dtype == OutputDtype::kBf16) {
    std::vector<uint16_t> c(m * n);
    absl::Status s =
        session != nullptr
            ? session->Multiply(*a_operand->bf16, m, gpu::GemmOutputType::kBf16, c.data())
            : ReferenceGemmBf16(*a_view, *b_view, options, absl::MakeSpan(c));
    if (!s.ok()) return ReportError(kName, s, io);
    written = WithFlag("output", output, WriteNpy(output, NpyArray::FromU16({m, n}, c)));
  } else {
    std::vector<float> c(m * n);
    absl::Status s =
        session != nullptr
            ? session->Multiply(*a_operand->bf16, m, gpu::GemmOutputType::kFp32, c.data())
            : ReferenceGemm(*a_view, *b_view, options, absl::MakeSpan(c));
    if (!s.ok()) return ReportError(kName, s, io);
    written = WithFlag("output", output, WriteNpy(output, NpyArray::FromF32({m, n}, c)));
  }
  if (!written.ok()) return ReportError(kName, written, io);

  if (explain_at) {
    const auto [row, col] = *explain_at;
    if (row < 0 || row >= m || col < 0 || col >= n) {
      return ReportError(kName,
                         Usage(absl::StrFormat("--explain: (%d, %d) is outside C's shape (%d, %d)",
                                               row, col, m, n)),
                         io);
    }
    absl::StatusOr<std::string> trace = ExplainGemmElement(*a_view, *b_view, options, row, col);
    if (!trace.ok()) return ReportError(kName, trace.status(), io);
    io.out << *trace;
    if (!trace->empty() && trace->back() != '\n') io.out << "\n";
  }
  return kExitOk;
}

}  // namespace

const Command& GemmCommand() {
  static const Command command = {kName, "C = A * B^T on .npy files under a named contract",
                                  &RunGemm};
  return command;
}

}  // namespace mxfp4::cli
