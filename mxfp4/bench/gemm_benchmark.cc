// File: mxfp4/bench/gemm_benchmark.cc
//
// The MXFP4 GEMM benchmark (docs/performance.md): for the contest shapes and
// a sweep (problem.h), times every row of benchmark_rows.h (copy, cuBLAS and
// cuBLASLt bf16, cuBLASLt FP8, the GPU quantizer, each MXFP4 path and the
// dispatcher) in two modes (call_timer.h: L2 flushed per call, the contest's
// method; back-to-back CUDA-graph replay), and reports µs, TFLOP/s, GB/s,
// % of the measured copy bandwidth and FP8 peak, the floor they imply and
// the speedup over cuBLAS bf16 (metrics.h) as Google Benchmark counters, so
// they are in --benchmark_format=json / --benchmark_out too.
//
// Benchmark names: <set>/<M>x<N>x<K>/<row>/<mode>, e.g.
// "contest/4x2880x512/mxfp4_auto/l2flush". Counters M, N, K repeat the shape.
//
//   ./bazelw run -c opt //mxfp4/bench:gemm_benchmark --
//       --benchmark_out=gemm.json --benchmark_out_format=json   (one line)
//
// Flags besides Google Benchmark's:
//   --mxfp4_sets=contest,sweep   which shape sets to register (default: contest only,
//                                ~1-2 min on an H200; the sweep adds ~2-4 min)
//   --mxfp4_copy_mib=256         copy size that measures bandwidth (and 2x it)
//   --mxfp4_peak_size=8192       M = N = K of the peak GEMMs
// --benchmark_min_time defaults to 0.02 s here (set it to override).
//
// Without a usable GPU it prints "skipped: no GPU (<reason>)" and exits 0
// (so CI's smoke test passes), unless MXFP4_REQUIRE_GPU=1: then it exits 1.
// It exits 1 when a row failed for a reason other than a missing library,
// or when the filter matched no benchmark (a smoke test that runs nothing
// must not pass).

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <regex>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "benchmark/benchmark.h"
#include "mxfp4/bench/benchmark_rows.h"
#include "mxfp4/bench/call_timer.h"
#include "mxfp4/bench/device_operands.h"
#include "mxfp4/bench/metrics.h"
#include "mxfp4/bench/problem.h"
#include "mxfp4/bench/reference_rates.h"
#include "mxfp4/bench/vendor_gemm.h"
#include "mxfp4/gpu/platform/build_info.h"
#include "mxfp4/gpu/platform/device.h"
#include "mxfp4/gpu/platform/device_buffer.h"

namespace mxfp4::bench {
namespace {

struct Flags {
  // The sweep is opt-in: tools/device/run_all.sh runs every staged
  // benchmark with its own time limit, and device time is scarce.
  std::vector<std::string> sets = {"contest"};
  int64_t copy_mib = 256;
  int64_t peak_size = 8192;
};

// GPU state shared by all benchmarks of the process.
struct Session {
  gpu::DeviceStream stream;
  std::unique_ptr<L2Flusher> flusher;
  gpu::DeviceBuffer vendor_workspace;
  ReferenceRates rates;
  // The shape whose operands, prepared rows and timers are live (one at a
  // time: the benchmarks of a shape are registered together).
  std::string shape_key;
  std::unique_ptr<ShapeOperands> operands;
  std::map<std::string, absl::StatusOr<PreparedRow>> prepared;
  std::map<std::pair<std::string, int>, std::unique_ptr<CallTimer>> timers;
  // cuBLAS bf16 µs per (shape, mode), for the speedup counter.
  std::map<std::pair<std::string, int>, double> cublas_bf16_us;
  // Benchmark names by outcome (GBench may run a benchmark several times).
  std::set<std::string> measured, failed, unavailable;
};

Session* g_session = nullptr;

void ReleaseShape(Session& s) {
  s.timers.clear();  // graphs first: they reference the buffers below
  s.prepared.clear();
  s.operands.reset();
  s.shape_key.clear();
}

// The timer for (shape, row, mode), creating operands, row and timer on first use.
absl::StatusOr<CallTimer*> GetTimer(const GemmShape& shape, const RowSpec& row, TimingMode mode) {
  Session& s = *g_session;
  const std::string key = ShapeName(shape);
  if (s.shape_key != key) {
    ReleaseShape(s);
    absl::StatusOr<std::unique_ptr<ShapeOperands>> ops =
        ShapeOperands::Create(shape, AllOperandNeeds(), /*seed=*/20260201);
    if (!ops.ok()) return ops.status();
    s.operands = std::move(*ops);
    s.shape_key = key;
  }
  auto prepared_it = s.prepared.find(row.name);
  if (prepared_it == s.prepared.end()) {
    RowResources resources;
    resources.vendor_workspace = s.vendor_workspace.get();
    prepared_it = s.prepared.emplace(row.name, row.prepare(*s.operands, resources)).first;
  }
  if (!prepared_it->second.ok()) return prepared_it->second.status();
  const auto timer_key = std::make_pair(row.name, static_cast<int>(mode));
  auto timer_it = s.timers.find(timer_key);
  if (timer_it == s.timers.end()) {
    absl::StatusOr<std::unique_ptr<CallTimer>> timer =
        CallTimer::Create(mode, prepared_it->second->enqueue, s.stream.get(), s.flusher.get());
    if (!timer.ok()) return timer.status();
    timer_it = s.timers.emplace(timer_key, std::move(*timer)).first;
  }
  return timer_it->second.get();
}

// cuBLAS bf16's time on (shape, mode): the one its row measured, or a short
// measurement now when the filter left that row out.
double CublasBf16Us(const GemmShape& shape, TimingMode mode, const RowSpec& cublas_row) {
  Session& s = *g_session;
  const auto key = std::make_pair(ShapeName(shape), static_cast<int>(mode));
  if (auto it = s.cublas_bf16_us.find(key); it != s.cublas_bf16_us.end()) return it->second;
  double sum = 0;
  constexpr int kMeasurements = 10;
  absl::StatusOr<CallTimer*> timer = GetTimer(shape, cublas_row, mode);
  for (int i = 0; i < kMeasurements && timer.ok(); ++i) {
    absl::StatusOr<double> us = (*timer)->TimeOnce();
    if (!us.ok()) return -1;
    sum += *us;
  }
  const double mean = timer.ok() ? sum / kMeasurements : -1;
  s.cublas_bf16_us[key] = mean;
  return mean;
}

void RunRow(benchmark::State& state, const std::string& name, GemmShape shape, const RowSpec* row,
            const RowSpec* cublas_row, TimingMode mode) {
  Session& s = *g_session;
  absl::StatusOr<CallTimer*> timer = GetTimer(shape, *row, mode);
  if (!timer.ok()) {
    const bool unavailable = absl::IsUnavailable(timer.status());
    const std::string message =
        absl::StrCat(unavailable ? "unavailable: " : "failed: ", timer.status().message());
    state.SkipWithError(message.c_str());
    (unavailable ? s.unavailable : s.failed).insert(name);
    return;
  }
  double sum = 0, best = 0;
  int64_t n = 0;
  for (auto _ : state) {
    absl::StatusOr<double> us = (*timer)->TimeOnce();
    if (!us.ok()) {
      state.SkipWithError(absl::StrCat("failed: ", us.status().message()).c_str());
      s.failed.insert(name);
      return;
    }
    state.SetIterationTime(*us * 1e-6);
    sum += *us;
    best = n == 0 ? *us : std::min(best, *us);
    ++n;
  }
  if (n == 0) return;
  s.measured.insert(name);
  const double mean = sum / n;
  const PreparedRow& prepared = *s.prepared.at(row->name);
  double reference_us = -1;
  if (row->kind == RowKind::kGemm) {
    if (row == cublas_row) {
      s.cublas_bf16_us[{ShapeName(shape), static_cast<int>(mode)}] = mean;
      reference_us = mean;
    } else if (cublas_row != nullptr) {
      reference_us = CublasBf16Us(shape, mode, *cublas_row);
    }
  }
  const RowCounters counters = ComputeCounters(prepared.work, mean, best, s.rates, reference_us);
  for (const auto& [name, value] : CounterList(counters)) state.counters[name] = value;
  state.counters["M"] = static_cast<double>(shape.m);
  state.counters["N"] = static_cast<double>(shape.n);
  state.counters["K"] = static_cast<double>(shape.k);
  state.counters["bytes"] = prepared.work.bytes;
  state.counters["calls_per_measurement"] = (*timer)->calls_per_measurement();
  state.SetLabel(prepared.label);
}

// Registers every (set, shape, row, mode) and returns the names.
std::vector<std::string> RegisterAll(const Flags& flags, const std::vector<RowSpec>& rows) {
  std::vector<std::string> names;
  const RowSpec* cublas_row = nullptr;
  for (const RowSpec& r : rows) {
    if (r.name == kCublasBf16RowName) cublas_row = &r;
  }
  std::vector<ShapeSet> sets;
  for (const std::string& name : flags.sets) {
    if (name == "contest") sets.push_back(ContestShapes());
    if (name == "sweep") sets.push_back(SweepShapes());
  }
  for (const ShapeSet& set : sets) {
    for (const GemmShape& shape : set.shapes) {
      for (const RowSpec& row : rows) {
        if (!row.applies(shape)) continue;
        for (TimingMode mode : {TimingMode::kL2Flushed, TimingMode::kGraphReplay}) {
          const std::string name = absl::StrCat(set.name, "/", ShapeName(shape), "/", row.name, "/",
                                                TimingModeName(mode));
          const RowSpec* row_ptr = &row;
          names.push_back(name);
          benchmark::RegisterBenchmark(name.c_str(),
                                       [=](benchmark::State& state) {
                                         RunRow(state, name, shape, row_ptr, cublas_row, mode);
                                       })
              ->UseManualTime()
              ->Unit(benchmark::kMicrosecond);
        }
      }
    }
  }
  return names;
}

// How many of `names` Google Benchmark's --benchmark_filter selects (its
// syntax: a regex searched in the name; a leading '-' negates).
int CountFiltered(const std::vector<std::string>& names, std::string filter) {
  bool negate = false;
  if (!filter.empty() && filter[0] == '-') {
    negate = true;
    filter.erase(0, 1);
  }
  if (filter.empty() || filter == "all") filter = ".";
  const std::regex re(filter, std::regex::extended);
  int count = 0;
  for (const std::string& name : names) count += std::regex_search(name, re) != negate;
  return count;
}

// Removes --mxfp4_* flags from argv into `flags`; false on a bad value.
bool ParseOwnFlags(int* argc, char** argv, Flags* flags) {
  int out = 1;
  for (int i = 1; i < *argc; ++i) {
    const std::string arg = argv[i];
    auto value_of = [&](const char* prefix, std::string* v) {
      if (arg.rfind(prefix, 0) != 0) return false;
      *v = arg.substr(std::strlen(prefix));
      return true;
    };
    std::string v;
    if (value_of("--mxfp4_sets=", &v)) {
      flags->sets = absl::StrSplit(v, ',', absl::SkipEmpty());
      for (const std::string& set : flags->sets) {
        if (set != "contest" && set != "sweep") {
          std::fprintf(stderr, "unknown shape set \"%s\" (contest, sweep)\n", set.c_str());
          return false;
        }
      }
    } else if (value_of("--mxfp4_copy_mib=", &v)) {
      flags->copy_mib = std::atoll(v.c_str());
      if (flags->copy_mib < 1) return false;
    } else if (value_of("--mxfp4_peak_size=", &v)) {
      flags->peak_size = std::atoll(v.c_str());
      if (flags->peak_size < 16 || flags->peak_size % 16 != 0) return false;
    } else {
      argv[out++] = argv[i];
    }
  }
  *argc = out;
  return true;
}

// Sets up the session; a non-OK status means "no GPU" (kUnavailable) or a failure.
absl::Status StartSession(const Flags& flags) {
  if (absl::Status gpu = gpu::GpuAvailable(); !gpu.ok()) return gpu;
  auto session = std::make_unique<Session>();
  absl::StatusOr<gpu::DeviceStream> stream = gpu::DeviceStream::Create();
  if (!stream.ok()) return stream.status();
  session->stream = std::move(*stream);
  absl::StatusOr<gpu::GpuDeviceInfo> info = gpu::GetGpuDeviceInfo(0);
  if (!info.ok()) return info.status();
  absl::StatusOr<L2Flusher> flusher = L2Flusher::Create(L2FlushBytesFor(info->l2_cache_bytes));
  if (!flusher.ok()) return flusher.status();
  session->flusher = std::make_unique<L2Flusher>(std::move(*flusher));
  absl::StatusOr<gpu::DeviceBuffer> ws = gpu::DeviceBuffer::Allocate(kVendorWorkspaceBytes);
  if (!ws.ok()) return ws.status();
  session->vendor_workspace = std::move(*ws);

  ReferenceRateOptions options;
  options.copy_bytes = flags.copy_mib << 20;
  options.gemm_size = flags.peak_size;
  absl::StatusOr<ReferenceRateReport> report =
      MeasureReferenceRates(session->stream.get(), options);
  if (!report.ok()) return report.status();
  session->rates = report->rates;

  const std::string gpu_line = gpu::DescribeGpu();
  const std::string blas_line = VendorBlasDescription();
  std::printf("GPU: %s\n", gpu_line.c_str());
  std::printf("cuBLAS: %s\n", blas_line.c_str());
  std::printf(
      "reference: copy %.1f GB/s (read+write, %lld MiB), FP8 %.1f TFLOP/s "
      "(default %.1f, fast-accum %.1f), bf16 %.1f TFLOP/s (%lld^3); L2 flush %lld MiB\n",
      report->rates.copy_bytes_per_second * 1e-9, static_cast<long long>(flags.copy_mib),
      report->rates.fp8_flops_per_second * 1e-12, report->fp8_default_flops_per_second * 1e-12,
      report->fp8_fast_accum_flops_per_second * 1e-12, report->rates.bf16_flops_per_second * 1e-12,
      static_cast<long long>(flags.peak_size),
      static_cast<long long>(session->flusher->bytes() >> 20));
  if (!report->notes.empty()) std::printf("note: %s\n", report->notes.c_str());
  benchmark::AddCustomContext("mxfp4_gpu", gpu_line);
  benchmark::AddCustomContext("mxfp4_gpu_build", gpu::GpuBuildDescription());
  benchmark::AddCustomContext("mxfp4_cublas", blas_line);
  benchmark::AddCustomContext("mxfp4_copy_GBps",
                              absl::StrFormat("%.1f", report->rates.copy_bytes_per_second * 1e-9));
  benchmark::AddCustomContext("mxfp4_fp8_peak_TFLOPs",
                              absl::StrFormat("%.1f", report->rates.fp8_flops_per_second * 1e-12));
  benchmark::AddCustomContext(
      "mxfp4_fp8_default_TFLOPs",
      absl::StrFormat("%.1f", report->fp8_default_flops_per_second * 1e-12));
  benchmark::AddCustomContext(
      "mxfp4_fp8_fast_accum_TFLOPs",
      absl::StrFormat("%.1f", report->fp8_fast_accum_flops_per_second * 1e-12));
  benchmark::AddCustomContext("mxfp4_bf16_peak_TFLOPs",
                              absl::StrFormat("%.1f", report->rates.bf16_flops_per_second * 1e-12));
  benchmark::AddCustomContext("mxfp4_peak_gemm_size", absl::StrCat(flags.peak_size));
  benchmark::AddCustomContext("mxfp4_copy_bytes", absl::StrCat(options.copy_bytes));
  benchmark::AddCustomContext("mxfp4_l2_flush_bytes", absl::StrCat(session->flusher->bytes()));
  benchmark::AddCustomContext("mxfp4_graph_calls_max", absl::StrCat(kDefaultCallsPerGraph));
  if (!report->notes.empty()) benchmark::AddCustomContext("mxfp4_notes", report->notes);
  g_session = session.release();
  return absl::OkStatus();
}

int Main(int argc, char** argv) {
  Flags flags;
  if (!ParseOwnFlags(&argc, argv, &flags)) {
    std::fprintf(stderr, "bad --mxfp4_* flag (see mxfp4/bench/gemm_benchmark.cc)\n");
    return 2;
  }
  // Default minimum time per benchmark; a later --benchmark_min_time wins.
  std::vector<char*> args(argv, argv + argc);
  static char default_min_time[] = "--benchmark_min_time=0.02";
  args.insert(args.begin() + 1, default_min_time);
  int args_count = static_cast<int>(args.size());
  benchmark::Initialize(&args_count, args.data());
  if (benchmark::ReportUnrecognizedArguments(args_count, args.data())) return 2;

  // Registration is host-only (shapes, path planning), so a machine without
  // a GPU still checks that the filter selects something.
  const std::vector<RowSpec> rows = AllRows();
  const std::vector<std::string> names = RegisterAll(flags, rows);
  const int selected = CountFiltered(names, benchmark::GetBenchmarkFilter());
  if (selected == 0) {
    std::fprintf(stderr, "gemm_benchmark: the filter \"%s\" matches none of %zu benchmarks\n",
                 benchmark::GetBenchmarkFilter().c_str(), names.size());
    return 1;
  }
  if (absl::Status session = StartSession(flags); !session.ok()) {
    if (absl::IsUnavailable(session)) {
      const char* require = std::getenv("MXFP4_REQUIRE_GPU");
      const bool required = require != nullptr && std::strcmp(require, "1") == 0;
      std::printf("%s: no GPU (%s); %d of %zu benchmarks selected\n",
                  required ? "error" : "skipped", std::string(session.message()).c_str(), selected,
                  names.size());
      return required ? 1 : 0;
    }
    std::fprintf(stderr, "gemm_benchmark: setup failed: %s\n", session.ToString().c_str());
    return 1;
  }
  const size_t ran = benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::unique_ptr<Session> s(g_session);
  g_session = nullptr;
  ReleaseShape(*s);
  std::printf("gemm_benchmark: %zu benchmarks, %zu measured, %zu unavailable, %zu failed\n", ran,
              s->measured.size(), s->unavailable.size(), s->failed.size());
  for (const std::string& name : s->failed) std::printf("  failed: %s\n", name.c_str());
  if (ran == 0) {
    std::fprintf(stderr, "gemm_benchmark: the filter matched no benchmark\n");
    return 1;
  }
  return s->failed.empty() ? 0 : 1;
}

}  // namespace
}  // namespace mxfp4::bench

int main(int argc, char** argv) { return mxfp4::bench::Main(argc, argv); }
