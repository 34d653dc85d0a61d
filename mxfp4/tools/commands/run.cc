// File: mxfp4/tools/commands/run.cc
//
// `mxfp4 run`: the main job (user guide: docs/cli.md, "The main job").
// For each shape (M, N, K) -- by default the contest's benchmark shapes
// (shared/spec/workload.md) -- it re-enacts one call of the original system
// and checks it:
//   1. A (M, K) and B (N, K): standard-normal bf16 from --seed
//      (cli/normal_generator.h; A then B from one stream, as the contest did);
//   2. offline: B quantized with the EVEN rule, data preshuffled (16,16) and
//      scales shuffled16, as the original system kept its weights;
//   3. per call (timed): quantize A (EVEN) and multiply on the best backend
//      (GPU if usable, else the emulator), bf16 out, under the block_fma
//      contract with the K-split of the GPU dispatch path the GPU GEMM plans for
//      the shape (PlanGemm is host-only, so the emulator computes exactly the
//      bits that path computes on a GPU);
//   4. checks: the call's C against the ideal result (exact sum of the same
//      MXFP4 operands, emulator contract "ideal") within the contest tolerance,
//      and bit-exactness against an independent evaluation of the contract
//      (the emulator on natural layouts with the portable kernel, so neither
//      the layouts nor the SIMD kernel of the call are reused; on the GPU this
//      is the GPU-vs-emulator check).
// It prints a table and exits 1 if any check fails.

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/error_report.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/emu/reference_gemm.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/plan_k_split.h"
#include "mxfp4/io/npy.h"
#include "mxfp4/tools/cli/array_io.h"
#include "mxfp4/tools/cli/backend.h"
#include "mxfp4/tools/cli/flags.h"
#include "mxfp4/tools/cli/gpu_gemm.h"
#include "mxfp4/tools/cli/normal_generator.h"
#include "mxfp4/tools/cli/shapes.h"
#include "mxfp4/tools/commands/commands.h"

namespace mxfp4::cli {
namespace {

constexpr char kName[] = "run";

// The shapes of --shapes (cli/shapes.h); B is kept preshuffled (16,16) with
// shuffled16 scales, as in the original system: that layout needs N % 16 == 0
// and K % 64 == 0.
absl::StatusOr<std::vector<Shape>> ParseRunShapes(const std::string& text) {
  absl::StatusOr<std::vector<Shape>> shapes = ParseShapes(text);
  if (!shapes.ok()) return shapes.status();
  for (const Shape& s : *shapes) {
    if (s.n % 16 != 0 || s.k % 64 != 0) {
      return absl::InvalidArgumentError(absl::StrFormat(
          "--shapes: %s: run keeps B preshuffled (16,16), which needs N %% 16 == 0 and "
          "K %% 64 == 0 (use `mxfp4 gemm` with natural layouts for other shapes)",
          s.ToString()));
    }
  }
  return shapes;
}

struct RunOptions {
  uint64_t seed = 1;
  std::string dump_dir;  // empty: no dump
  int64_t calls = 0;     // 0 = auto
  int threads = 0;
  ErrorReportOptions tolerance;
};

struct ShapeResult {
  Shape shape;
  std::string path;  // the GPU dispatch path whose contract the call computes
  int splits = 1;    // its K-splits
  std::string backend;
  int64_t calls = 0;
  double seconds_per_call = 0.0;
  double max_abs_error = 0.0;  // vs ideal
  double max_rel_error = 0.0;
  int64_t outside_tolerance = 0;
  bool bit_exact = false;  // vs the independent contract evaluation
  int64_t bit_mismatches = 0;
  std::string first_mismatch;  // for the failure details
  bool ok() const { return outside_tolerance == 0 && bit_exact; }
};

// Quantizes B offline as the original system did: EVEN rule, data preshuffled
// (16,16), scales shuffled16. Also returns natural copies for the checks.
struct PreparedB {
  Mxfp4Matrix preshuffled;  // the call's operand
  Mxfp4Matrix natural;      // for the independent evaluation and the ideal
};

absl::StatusOr<PreparedB> PrepareB(absl::Span<const uint16_t> b, const Shape& s, int threads) {
  QuantizeOptions options;
  options.rule = ScaleRule::kEven;
  options.scale_layout = ScaleLayout::kNatural;
  options.num_threads = threads;
  absl::StatusOr<Mxfp4Matrix> natural = QuantizeBf16(b, s.n, s.k, options);
  if (!natural.ok()) return natural.status();
  absl::StatusOr<Mxfp4Matrix> shuffled =
      natural->ToLayout(DataLayout::kPreshuffled16x16, ScaleLayout::kShuffled16);
  if (!shuffled.ok()) return shuffled.status();
  return PreparedB{*std::move(shuffled), *std::move(natural)};
}

// Writes one shape's inputs and results for offline use (--dump_dir).
absl::Status Dump(const std::string& dir, const Shape& s, absl::Span<const uint16_t> a,
                  absl::Span<const uint16_t> b, const Mxfp4Matrix& b_call,
                  absl::Span<const uint16_t> c, absl::Span<const float> c_ideal) {
  const std::string prefix = absl::StrCat(dir, "/", s.ToString(), "_");
  const std::pair<std::string, NpyArray> files[] = {
      {"A_bf16bits", NpyArray::FromU16({s.m, s.k}, a)},
      {"B_bf16bits", NpyArray::FromU16({s.n, s.k}, b)},
      {"Bq_preshuffled", NpyArray::FromU8({s.n, s.k / 2}, b_call.data)},
      {"Bs_shuffled16",
       NpyArray::FromU8({ScaleStorageRows(ScaleLayout::kShuffled16, s.n),
                         ScaleStorageGroups(ScaleLayout::kShuffled16, s.k / kBlockSize)},
                        b_call.scales)},
      {"C_bf16bits", NpyArray::FromU16({s.m, s.n}, c)},
      {"C_ideal_f32", NpyArray::FromF32({s.m, s.n}, c_ideal)},
  };
  for (const auto& [name, array] : files) {
    const std::string path = prefix + name + ".npy";
    if (absl::Status st = WriteNpy(path, array); !st.ok()) return WithFlag("dump_dir", path, st);
  }
  return absl::OkStatus();
}

// The timed calls on the emulator: quantize A into preallocated buffers, then
// the GEMM under `call`. Fixed count when --calls is given; else until 0.25 s
// of calls, at most 5. Leaves the last call's C in *c.
absl::Status EmulatorCalls(const Mxfp4View& b_call, absl::Span<const uint16_t> a, const Shape& s,
                           const RunOptions& run, const GemmOptions& call, std::vector<uint16_t>* c,
                           ShapeResult* result) {
  QuantizeOptions quantize_a;
  quantize_a.rule = ScaleRule::kEven;
  quantize_a.num_threads = run.threads;
  std::vector<uint8_t> a_data(s.m * s.k / 2), a_scales(s.m * (s.k / kBlockSize));
  absl::StatusOr<Mxfp4View> a_view = Mxfp4View::Create(a_data, a_scales, Mxfp4Shape{s.m, s.k},
                                                       DataLayout::kNatural, ScaleLayout::kNatural);
  if (!a_view.ok()) return a_view.status();
  using Clock = std::chrono::steady_clock;
  double total = 0.0;
  while (true) {
    const Clock::time_point start = Clock::now();
    if (absl::Status st = QuantizeBf16Into(a, s.m, s.k, quantize_a, absl::MakeSpan(a_data),
                                           absl::MakeSpan(a_scales));
        !st.ok()) {
      return st;
    }
    if (absl::Status st = ReferenceGemmBf16(*a_view, b_call, call, absl::MakeSpan(*c)); !st.ok()) {
      return st;
    }
    total += std::chrono::duration<double>(Clock::now() - start).count();
    ++result->calls;
    if (run.calls > 0 ? result->calls >= run.calls : (total >= 0.25 || result->calls >= 5)) break;
  }
  result->seconds_per_call = total / result->calls;
  return absl::OkStatus();
}

// The calls on the GPU: B uploaded once, one call whose C is checked, then
// the timed calls (L2 flushed before each, median; --calls or 50).
absl::Status GpuCalls(const Mxfp4Matrix& b_call, absl::Span<const uint16_t> a, const Shape& s,
                      const RunOptions& run, std::vector<uint16_t>* c, ShapeResult* result) {
  absl::StatusOr<std::unique_ptr<GpuGemmSession>> session =
      GpuGemmSession::Create(b_call, s.m, gpu::GemmOptions{});
  if (!session.ok()) return session.status();
  if (absl::Status st = (*session)->Multiply(a, s.m, gpu::GemmOutputType::kBf16, c->data());
      !st.ok()) {
    return st;
  }
  result->calls = run.calls > 0 ? run.calls : 50;
  absl::StatusOr<double> seconds = (*session)->TimeCalls(s.m, static_cast<int>(result->calls));
  if (!seconds.ok()) return seconds.status();
  result->seconds_per_call = *seconds;
  return absl::OkStatus();
}

absl::StatusOr<ShapeResult> RunShape(const Shape& s, const Backend& backend,
                                     const RunOptions& run) {
  ShapeResult result;
  result.shape = s;
  result.backend = backend.name;
  result.path = "block_fma";  // replaced by the GPU path's name when it plans one

  // 1. Inputs: one stream, A then B.
  NormalBf16Generator gen(run.seed);
  std::vector<uint16_t> a(s.m * s.k), b(s.n * s.k);
  gen.Fill(absl::MakeSpan(a));
  gen.Fill(absl::MakeSpan(b));

  // 2. Offline B.
  absl::StatusOr<PreparedB> prepared = PrepareB(b, s, run.threads);
  if (!prepared.ok()) return prepared.status();
  absl::StatusOr<Mxfp4View> b_call = prepared->preshuffled.view();
  absl::StatusOr<Mxfp4View> b_natural = prepared->natural.view();
  if (!b_call.ok()) return b_call.status();
  if (!b_natural.ok()) return b_natural.status();

  // 3. What a call runs: the GPU GEMM's plan for this shape (dispatch path and
  // K-split; a pure host computation, so the emulator can follow it too).
  absl::StatusOr<gpu::GemmPlan> plan = PlanGpuGemm(prepared->preshuffled, s.m, {});
  GemmOptions call;
  call.contract = Contract::kBlockFma;
  call.num_threads = run.threads;
  if (plan.ok()) {
    result.path = gpu::GemmPathName(plan->path);
    call.k_split = gpu::PlanKSplit(*plan);
  } else if (backend.kind == BackendKind::kGpu) {
    return plan.status();
  }
  result.splits = call.k_split.num_splits();

  // The timed calls, then C.
  std::vector<uint16_t> c(s.m * s.n);
  if (backend.kind == BackendKind::kGpu) {
    if (absl::Status st = GpuCalls(prepared->preshuffled, a, s, run, &c, &result); !st.ok()) {
      return st;
    }
  } else if (absl::Status st = EmulatorCalls(*b_call, a, s, run, call, &c, &result); !st.ok()) {
    return st;
  }

  // 4a. The ideal result of the same operands (A quantized again, separately).
  QuantizeOptions quantize_check;
  quantize_check.rule = ScaleRule::kEven;
  quantize_check.num_threads = run.threads;
  absl::StatusOr<Mxfp4Matrix> a_check = QuantizeBf16(a, s.m, s.k, quantize_check);
  if (!a_check.ok()) return a_check.status();
  absl::StatusOr<Mxfp4View> a_check_view = a_check->view();
  if (!a_check_view.ok()) return a_check_view.status();
  GemmOptions ideal;
  ideal.contract = Contract::kIdeal;
  ideal.num_threads = run.threads;
  std::vector<float> c_ideal(s.m * s.n);
  if (absl::Status st = ReferenceGemm(*a_check_view, *b_natural, ideal, absl::MakeSpan(c_ideal));
      !st.ok()) {
    return st;
  }
  std::vector<float> c_f32(c.size());
  for (size_t i = 0; i < c.size(); ++i) c_f32[i] = Bf16ToFloat(c[i]);
  absl::StatusOr<ErrorReport> vs_ideal = CompareFp32(c_f32, c_ideal, s.m, s.n, run.tolerance);
  if (!vs_ideal.ok()) return vs_ideal.status();
  result.max_abs_error = vs_ideal->max_abs_error;
  result.max_rel_error = vs_ideal->max_rel_error;
  result.outside_tolerance = vs_ideal->num_outside_tolerance;

  // 4b. Independent evaluation of the call's contract: natural layouts and the
  // portable kernel.
  GemmOptions independent = call;
  independent.cpu_kernel = CpuKernel::kPortable;
  std::vector<uint16_t> c_contract(s.m * s.n);
  if (absl::Status st =
          ReferenceGemmBf16(*a_check_view, *b_natural, independent, absl::MakeSpan(c_contract));
      !st.ok()) {
    return st;
  }
  ErrorReportOptions exact_options;
  exact_options.max_mismatches_listed = 1;
  absl::StatusOr<ErrorReport> vs_contract = CompareBf16(c, c_contract, s.m, s.n, exact_options);
  if (!vs_contract.ok()) return vs_contract.status();
  result.bit_exact = vs_contract->bit_exact;
  result.bit_mismatches = vs_contract->num_bit_mismatches;
  if (!vs_contract->first_mismatches.empty()) {
    const ElementMismatch& e = vs_contract->first_mismatches[0];
    result.first_mismatch = absl::StrFormat("first at (%d, %d): call 0x%04x, contract 0x%04x",
                                            e.row, e.col, e.actual_bits, e.expected_bits);
  }
  if (!run.dump_dir.empty()) {
    if (absl::Status st = Dump(run.dump_dir, s, a, b, prepared->preshuffled, c, c_ideal);
        !st.ok()) {
      return st;
    }
  }
  return result;
}

std::string FormatTime(double seconds) {
  if (seconds < 1e-3) return absl::StrFormat("%.1f us", seconds * 1e6);
  if (seconds < 1.0) return absl::StrFormat("%.2f ms", seconds * 1e3);
  return absl::StrFormat("%.3f s", seconds);
}

int RunRun(absl::Span<const std::string> args, const CommandIo& io) {
  std::string shapes_text = "contest";
  RunOptions run;
  BackendRequest backend_request = BackendRequest::kAuto;
  int64_t threads = 0;
  FlagSet flags(
      kName,
      "The main job: for each shape, generate A and B, quantize B offline (EVEN,\n"
      "preshuffled + shuffled16 like the original system), then per call quantize A and\n"
      "multiply on the best backend; check against the ideal result and the emulator\n"
      "contract, and print a table. Exit 1 if any check fails.",
      "Inputs: standard-normal bf16 from --seed, A (M, K) then B (N, K) from one stream\n"
      "(SplitMix64 + Box-Muller; the numpy equivalent is in docs/cli.md).\n"
      "Columns: path, splits = the GPU dispatch path for the shape and its K-split (the\n"
      "GPU GEMM's plan; the emulator computes exactly what that path computes);\n"
      "time/call = A quantization + GEMM;\n"
      "max|C-ideal| = max abs error of the bf16 C against the ideal result (exact sum of\n"
      "the same MXFP4 operands); tol = every element within --atol + --rtol * |ideal|;\n"
      "bit-exact = C equals, bit for bit, an independent evaluation of the call's\n"
      "contract (the emulator on natural layouts with its portable kernel).");
  flags.AddString("shapes", &shapes_text,
                  "Comma-separated MxNxK shapes; 'contest' = the six benchmark shapes\n"
                  "4x2880x512,16x2112x7168,32x4096x512,32x2880x512,64x7168x2048,256x3072x1536.\n"
                  "N % 16 == 0 and K % 64 == 0 (B is preshuffled).",
                  "LIST");
  flags.AddUint64("seed", &run.seed, "Seed of the input generator.");
  flags.AddEnum("backend", &backend_request, BackendRequestChoices(),
                "auto: GPU if usable, else the emulator; emu; gpu (error without a GPU).");
  flags.AddInt64("calls", &run.calls,
                 "Timed calls per shape (0 = auto: on the emulator until 0.25 s, at most 5;\n"
                 "on the GPU 50, L2 flushed before each, median reported).");
  flags.AddInt64("threads", &threads, "Emulator threads (0 = all cores).");
  flags.AddString("dump_dir", &run.dump_dir,
                  "If set, write each shape's arrays into this (existing) directory as\n"
                  "<MxNxK>_{A_bf16bits,B_bf16bits,Bq_preshuffled,Bs_shuffled16,C_bf16bits,\n"
                  "C_ideal_f32}.npy, ready for `mxfp4 gemm` / `mxfp4 compare`.",
                  "DIR");
  flags.AddDouble("atol", &run.tolerance.atol, "Absolute tolerance against the ideal result.");
  flags.AddDouble("rtol", &run.tolerance.rtol, "Relative tolerance against the ideal result.");
  if (std::optional<int> done = ParseFlags(flags, args, io)) return *done;
  if (run.calls < 0 || run.calls > 1000000) {
    return ReportError(kName,
                       absl::InvalidArgumentError(
                           absl::StrFormat("--calls: expected 0..1000000, found %d", run.calls)),
                       io);
  }
  if (threads < 0 || threads > 4096) {
    return ReportError(kName,
                       absl::InvalidArgumentError(
                           absl::StrFormat("--threads: expected 0..4096, found %d", threads)),
                       io);
  }
  run.threads = static_cast<int>(threads);
  absl::StatusOr<std::vector<Shape>> shapes = ParseRunShapes(shapes_text);
  if (!shapes.ok()) return ReportError(kName, shapes.status(), io);
  absl::StatusOr<Backend> backend = ResolveBackend(backend_request, kName, io);
  if (!backend.ok()) return ReportError(kName, backend.status(), io);

  const std::string description = backend->kind == BackendKind::kEmulator
                                      ? EmulatorDescription(run.threads)
                                      : backend->description;
  io.out << absl::StrFormat(
      "mxfp4 run: seed %d, backend %s = %s\n"
      "  inputs    A (M, K), B (N, K): standard-normal bf16 from the seed (SplitMix64 + "
      "Box-Muller), A then B\n"
      "  offline   B quantized (EVEN), data preshuffled (16,16), scales shuffled16\n"
      "  per call  quantize A (EVEN) + GEMM, C in bf16, under the block_fma contract of the "
      "shape's\n"
      "            GPU path (path, splits: the GPU GEMM's plan; the emulator computes the same "
      "bits)\n"
      "  time      %s\n"
      "  checks    tol: |C - ideal| <= %g + %g * |ideal|, ideal = exact sum of the same MXFP4 "
      "operands\n"
      "            bit-exact: C == an independent block_fma evaluation (natural layouts, "
      "portable kernel)\n\n",
      run.seed, backend->name, description,
      backend->kind == BackendKind::kGpu
          ? "per call: median of `calls` calls, each timed alone, L2 flushed before each"
          : "per call: mean of `calls` calls (host clock)",
      run.tolerance.atol, run.tolerance.rtol);
  const char* kRowFormat = "%-16s %-15s %6s %-7s %11s %5s %12s %9s %4s %9s\n";
  io.out << absl::StrFormat(kRowFormat, "shape (MxNxK)", "path", "splits", "backend", "time/call",
                            "calls", "max|C-ideal|", "max rel", "tol", "bit-exact");
  io.out.flush();

  int failures = 0;
  std::vector<std::string> details;
  for (const Shape& s : *shapes) {
    absl::StatusOr<ShapeResult> r = RunShape(s, *backend, run);
    if (!r.ok()) {
      return ReportError(
          kName,
          absl::Status(r.status().code(), absl::StrCat(s.ToString(), ": ", r.status().message())),
          io);
    }
    io.out << absl::StrFormat(
        kRowFormat, s.ToString(), r->path, absl::StrCat(r->splits), r->backend,
        FormatTime(r->seconds_per_call), absl::StrCat(r->calls),
        absl::StrFormat("%.4g", r->max_abs_error), absl::StrFormat("%.3g", r->max_rel_error),
        r->outside_tolerance == 0 ? "ok" : "FAIL", r->bit_exact ? "yes" : "NO");
    io.out.flush();
    if (!r->ok()) {
      ++failures;
      if (r->outside_tolerance != 0) {
        details.push_back(absl::StrFormat("%s: %d elements outside tolerance vs ideal",
                                          s.ToString(), r->outside_tolerance));
      }
      if (!r->bit_exact) {
        details.push_back(absl::StrFormat("%s: %d elements differ from the contract (%s)",
                                          s.ToString(), r->bit_mismatches, r->first_mismatch));
      }
    }
  }
  io.out << "\n";
  for (const std::string& d : details) io.out << "FAIL: " << d << "\n";
  if (failures > 0) {
    io.out << absl::StrFormat("%d of %d shape%s failed a check\n", failures, shapes->size(),
                              shapes->size() == 1 ? "" : "s");
    return kExitCheckFailed;
  }
  io.out << absl::StrFormat("all checks passed (%d shape%s)\n", shapes->size(),
                            shapes->size() == 1 ? "" : "s");
  return kExitOk;
}

}  // namespace

const Command& RunCommand() {
  static const Command command = {kName, "the main job: contest shapes, timed and checked",
                                  &RunRun};
  return command;
}

}  // namespace mxfp4::cli
