// File: mxfp4/gpu/gemm/gemm_paths_benchmark.cc
//
// Quick timing harness for the GEMM paths (docs/paths.md, "Measured"; the
// Google Benchmark suite //mxfp4/bench:gemm_benchmark is a later issue's).
// Per shape it times, in CUDA-graph replay (20 calls captured in one graph,
// the graph replayed 20 times, median of 5; per call = total / 400):
//   hot   - every call on the same buffers (B stays in the 50 MB L2);
//   cold  - calls rotate over enough copies of the inputs (> 120 MB) that
//           each call reads B from HBM, like the contest's L2 flush;
// for the auto plan, optionally every forced path/tile/split (--sweep), and
// cuBLAS bf16 GEMM (C = A * B^T, bf16 in/out, fp32 compute) of the same shape
// in the same run when libcublas can be loaded (dlopen; no link dependency).
//
// Usage: gemm_paths_benchmark [--sweep] [--shapes=all|bench]
//        gemm_paths_benchmark
//            --only=MxNxK:path:tile:split[:prepared|:prepared_int8|:nostage|:stage|:stage_int8|
//                                             :cold_weights][+flat][,...]
//                             [--phase_clock] [--cold] [--narrow_scales]
// Prints one line per measurement and a geomean of the six benchmark shapes;
// with --only, one hot line per configuration (path and tile may be `auto`:
// the dispatcher's choice; split is N (split_k), gN (grid_split_k) or CgN
// (both)), e.g. a shape's tiles side by side in one process:
//   --only=4096x4096x4096:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n64_m128_k2_fold:0
// A trailing `:prepared` gives the weight a prepared copy (prepared_weight.h)
// that the plan may read; `:nostage` / `:stage` / `:stage_int8` set
// GemmOptions::weight_staging to kNever / kAlways with an E4M3 / kAlways with
// an int8 copy (staging_format), `:cold_weights` sets
// GemmOptions::cold_weights; `+flat` after any of them (or `:flat` alone)
// sets GemmOptions::persistent_grid = false; --narrow_scales gives every weight the scale
// bytes 125..127 (an EVEN-quantized standard-normal weight's spread, which
// the integer check passes) instead of 120..134 (which it fails); --cold
// times the --only configurations cold too; --only_cublas times cuBLAS bf16
// on each --only shape as well (hot). A
// configuration the planner refuses prints "not run: <why>" and the exit
// status is 1 after the others ran.

#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/prepared_weight.h"
#include "mxfp4/gpu/platform/device.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/status.h"

namespace mxfp4::gpu {
namespace {

constexpr int kCallsPerGraph = 20;
constexpr int kReplays = 20;
constexpr int kRepetitions = 5;
constexpr size_t kColdBytes = size_t{120} << 20;

struct Shape {
  int64_t m, n, k;
  bool benchmark;  // one of the six scored shapes
};

const Shape kShapes[] = {{4, 2880, 512, true},    {16, 2112, 7168, true}, {32, 4096, 512, true},
                         {32, 2880, 512, true},   {64, 7168, 2048, true}, {256, 3072, 1536, true},
                         {8, 2112, 7168, false},  {16, 3072, 1536, false}, {64, 3072, 1536, false},
                         {256, 2880, 512, false}};

#define BENCH_CHECK(expr)                                                          \
  do {                                                                             \
    const absl::Status bench_status_ = (expr);                                     \
    if (!bench_status_.ok()) {                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,                      \
                   bench_status_.ToString().c_str());                              \
      std::exit(1);                                                                \
    }                                                                              \
  } while (0)

// ---------------------------------------------------------------- cuBLAS (dlopen)
// Enumerator values from cublas_api.h / library_types.h (CUDA 13).
constexpr int kCublasOpN = 0, kCublasOpT = 1, kCudaR16Bf = 14, kCublasCompute32F = 68,
              kCublasGemmDefault = -1;
using CublasCreateFn = int (*)(void**);
using CublasSetStreamFn = int (*)(void*, void*);
using CublasSetWorkspaceFn = int (*)(void*, void*, size_t);
using CublasGemmExFn = int (*)(void*, int, int, int, int, int, const void*, const void*, int, int,
                               const void*, int, int, const void*, void*, int, int, int, int);

struct Cublas {
  void* handle = nullptr;
  CublasSetStreamFn set_stream = nullptr;
  CublasGemmExFn gemm = nullptr;
  DeviceBuffer workspace;
  bool ok() const { return handle != nullptr; }
};

Cublas LoadCublas() {
  Cublas c;
  void* lib = nullptr;
  for (const char* name :
       {"libcublas.so.13", "libcublas.so", "/usr/local/cuda/lib64/libcublas.so.13"}) {
    lib = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
    if (lib != nullptr) break;
  }
  if (lib == nullptr) {
    std::printf("cuBLAS: not loadable (%s); no bf16 baseline\n", dlerror());
    return c;
  }
  auto create = reinterpret_cast<CublasCreateFn>(dlsym(lib, "cublasCreate_v2"));
  c.set_stream = reinterpret_cast<CublasSetStreamFn>(dlsym(lib, "cublasSetStream_v2"));
  auto set_ws = reinterpret_cast<CublasSetWorkspaceFn>(dlsym(lib, "cublasSetWorkspace_v2"));
  c.gemm = reinterpret_cast<CublasGemmExFn>(dlsym(lib, "cublasGemmEx"));
  void* handle = nullptr;
  if (create == nullptr || c.set_stream == nullptr || set_ws == nullptr || c.gemm == nullptr ||
      create(&handle) != 0) {
    std::printf("cuBLAS: symbols or handle missing; no bf16 baseline\n");
    return c;
  }
  absl::StatusOr<DeviceBuffer> ws = DeviceBuffer::Allocate(size_t{32} << 20);
  BENCH_CHECK(ws.status());
  c.workspace = std::move(*ws);
  if (set_ws(handle, c.workspace.get(), c.workspace.size()) != 0) {
    std::printf("cuBLAS: cublasSetWorkspace failed; no bf16 baseline\n");
    return c;
  }
  c.handle = handle;
  return c;
}

// ---------------------------------------------------------------- timing
// Median microseconds per call of `enqueue(call_index, stream)` in graph replay.
double GraphReplayMicros(const std::function<absl::Status(int, hipStream_t)>& enqueue,
                         hipStream_t stream) {
  // Warm up outside capture (module load, first-use attributes, cuBLAS heuristics).
  BENCH_CHECK(enqueue(0, stream));
  BENCH_CHECK(MXFP4_HIP_STATUS(hipStreamSynchronize(stream)));
  BENCH_CHECK(MXFP4_HIP_STATUS(hipStreamBeginCapture(stream, hipStreamCaptureModeThreadLocal)));
  for (int i = 0; i < kCallsPerGraph; ++i) {
    const absl::Status s = enqueue(i, stream);
    if (!s.ok()) {
      hipGraph_t g = nullptr;
      (void)hipStreamEndCapture(stream, &g);
      BENCH_CHECK(s);
    }
  }
  hipGraph_t graph = nullptr;
  BENCH_CHECK(MXFP4_HIP_STATUS(hipStreamEndCapture(stream, &graph)));
  hipGraphExec_t exec = nullptr;
  BENCH_CHECK(MXFP4_HIP_STATUS(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0)));
  hipEvent_t start, stop;
  BENCH_CHECK(MXFP4_HIP_STATUS(hipEventCreate(&start)));
  BENCH_CHECK(MXFP4_HIP_STATUS(hipEventCreate(&stop)));
  for (int w = 0; w < 3; ++w) BENCH_CHECK(MXFP4_HIP_STATUS(hipGraphLaunch(exec, stream)));
  std::vector<double> samples;
  for (int rep = 0; rep < kRepetitions; ++rep) {
    BENCH_CHECK(MXFP4_HIP_STATUS(hipEventRecord(start, stream)));
    for (int r = 0; r < kReplays; ++r) BENCH_CHECK(MXFP4_HIP_STATUS(hipGraphLaunch(exec, stream)));
    BENCH_CHECK(MXFP4_HIP_STATUS(hipEventRecord(stop, stream)));
    BENCH_CHECK(MXFP4_HIP_STATUS(hipEventSynchronize(stop)));
    float ms = 0;
    BENCH_CHECK(MXFP4_HIP_STATUS(hipEventElapsedTime(&ms, start, stop)));
    samples.push_back(1000.0 * ms / (kCallsPerGraph * kReplays));
  }
  (void)hipEventDestroy(start);
  (void)hipEventDestroy(stop);
  (void)hipGraphExecDestroy(exec);
  (void)hipGraphDestroy(graph);
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// One copy of a problem's inputs and output on the device.
struct InputSet {
  DeviceBuffer a, b_data, b_scales, c, a_bf16_b;  // a_bf16_b: B as bf16 for cuBLAS
  PreparedWeightBuffer prepared;                  // empty unless asked for
};

struct Problem {
  Shape shape;
  std::vector<InputSet> sets;
  Mxfp4Weight weight_template;
  DeviceBuffer workspace;
  bool with_cublas = false;

  GemmArgs Args(int set) const {
    GemmArgs args;
    const InputSet& s = sets[set];
    args.a = s.a.as<uint16_t>();
    args.m = shape.m;
    args.k = shape.k;
    args.b = weight_template;
    args.b.data = s.b_data.as<uint8_t>();
    args.b.scales = s.b_scales.as<uint8_t>();
    if (s.prepared.n() > 0) args.b.prepared = s.prepared.view();
    args.c = s.c.get();
    return args;
  }
};

bool g_narrow_scales = false;  // --narrow_scales

Problem MakeProblem(const Shape& shape, int num_sets, bool with_cublas, bool prepared = false,
                    PreparedFormat prepared_format = PreparedFormat::kShiftedE4m3) {
  Problem p;
  p.shape = shape;
  p.with_cublas = with_cublas;
  std::mt19937_64 rng(42 + shape.m * 31 + shape.n * 7 + shape.k);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  const int64_t m = shape.m, n = shape.n, k = shape.k;
  std::vector<uint16_t> a(static_cast<size_t>(m * k));
  for (uint16_t& x : a) x = FloatToBf16(normal(rng));
  std::vector<uint8_t> bd(static_cast<size_t>(n * k / 2));
  for (uint8_t& x : bd) x = static_cast<uint8_t>(rng());
  const int64_t scale_bytes = ScaleStorageBytes(ScaleLayout::kShuffled16, n, k / 32);
  std::vector<uint8_t> bs(static_cast<size_t>(scale_bytes));
  // Scale bytes 120..134; for an int8 copy or with --narrow_scales 125..127
  // instead, the spread of an EVEN-quantized standard-normal weight (block
  // maxima 1..8), so that its rows have an int8 form (int8_accumulation.h) as
  // real weights would.
  const bool int8_scales =
      g_narrow_scales || (prepared && prepared_format == PreparedFormat::kInt8);
  for (uint8_t& x : bs) {
    x = static_cast<uint8_t>(int8_scales ? 125 + rng() % 3 : 120 + rng() % 15);
  }
  std::vector<uint16_t> b_bf16;
  if (with_cublas) {
    b_bf16.resize(static_cast<size_t>(n * k));
    for (uint16_t& x : b_bf16) x = FloatToBf16(normal(rng));
  }
  p.weight_template = Mxfp4Weight{nullptr, nullptr, n, k, DataLayout::kPreshuffled16x16,
                                  ScaleLayout::kShuffled16, n * k / 2, scale_bytes, {}};
  for (int i = 0; i < num_sets; ++i) {
    InputSet s;
    auto alloc = [](size_t bytes) {
      absl::StatusOr<DeviceBuffer> b = DeviceBuffer::Allocate(bytes);
      BENCH_CHECK(b.status());
      return std::move(*b);
    };
    s.a = alloc(a.size() * 2);
    s.b_data = alloc(bd.size());
    s.b_scales = alloc(bs.size());
    s.c = alloc(static_cast<size_t>(m * n) * 2);
    BENCH_CHECK(s.a.CopyFromHost(a.data(), a.size() * 2));
    BENCH_CHECK(s.b_data.CopyFromHost(bd.data(), bd.size()));
    BENCH_CHECK(s.b_scales.CopyFromHost(bs.data(), bs.size()));
    if (with_cublas) {
      s.a_bf16_b = alloc(b_bf16.size() * 2);
      BENCH_CHECK(s.a_bf16_b.CopyFromHost(b_bf16.data(), b_bf16.size() * 2));
    }
    if (prepared) {
      absl::StatusOr<PreparedWeightBuffer> pw =
          PreparedWeightBuffer::Allocate(n, k, prepared_format);
      BENCH_CHECK(pw.status());
      Mxfp4Weight w = p.weight_template;
      w.data = s.b_data.as<uint8_t>();
      w.scales = s.b_scales.as<uint8_t>();
      BENCH_CHECK(PrepareWeight(w, *pw, nullptr));
      BENCH_CHECK(MXFP4_HIP_STATUS(hipDeviceSynchronize()));
      s.prepared = std::move(*pw);
      p.weight_template.prepared = s.prepared.view();  // sizes for the planner
    }
    p.sets.push_back(std::move(s));
  }
  return p;
}

int ColdSets(const Shape& s, bool with_cublas) {
  const size_t per_set = static_cast<size_t>(s.n * s.k / 2 + s.n * s.k / 32 + s.m * s.k * 2) +
                         (with_cublas ? static_cast<size_t>(s.n * s.k * 2) : 0);
  return static_cast<int>(std::min<size_t>(32, std::max<size_t>(2, kColdBytes / per_set + 1)));
}

struct Timing {
  double hot = 0, cold = 0;
};

Timing TimeGemm(Problem& p, const GemmOptions& options, hipStream_t stream, bool cold = true) {
  absl::StatusOr<size_t> ws = GemmWorkspaceSize(p.shape.m, p.weight_template, options);
  BENCH_CHECK(ws.status());
  if (p.workspace.size() < *ws) {
    absl::StatusOr<DeviceBuffer> b = DeviceBuffer::Allocate(*ws);
    BENCH_CHECK(b.status());
    p.workspace = std::move(*b);
  }
  const GemmWorkspace workspace{p.workspace.get(), p.workspace.size()};
  Timing t;
  t.hot = GraphReplayMicros(
      [&](int, hipStream_t s) { return Gemm(p.Args(0), s, workspace, options); }, stream);
  if (!cold) return t;
  const int sets = static_cast<int>(p.sets.size());
  t.cold = GraphReplayMicros(
      [&](int i, hipStream_t s) { return Gemm(p.Args(i % sets), s, workspace, options); }, stream);
  return t;
}

Timing TimeCublas(Cublas& cublas, Problem& p, hipStream_t stream) {
  const float alpha = 1.0f, beta = 0.0f;
  const int m = static_cast<int>(p.shape.m), n = static_cast<int>(p.shape.n),
            k = static_cast<int>(p.shape.k);
  auto call = [&](int set, hipStream_t s) -> absl::Status {
    cublas.set_stream(cublas.handle, s);
    const InputSet& in = p.sets[set];
    const int r = cublas.gemm(cublas.handle, kCublasOpT, kCublasOpN, n, m, k, &alpha,
                              in.a_bf16_b.get(), kCudaR16Bf, k, in.a.get(), kCudaR16Bf, k, &beta,
                              in.c.get(), kCudaR16Bf, n, kCublasCompute32F, kCublasGemmDefault);
    return r == 0 ? absl::OkStatus() : absl::InternalError(absl::StrFormat("cublasGemmEx: %d", r));
  };
  Timing t;
  t.hot = GraphReplayMicros([&](int, hipStream_t s) { return call(0, s); }, stream);
  const int sets = static_cast<int>(p.sets.size());
  t.cold = GraphReplayMicros([&](int i, hipStream_t s) { return call(i % sets, s); }, stream);
  return t;
}

std::vector<GemmOptions> SweepOptions(const Shape& s) {
  std::vector<GemmOptions> out;
  struct PathTiles {
    GemmPath path;
    std::vector<std::string> tiles;
    std::vector<int> splits;
  };
  // The streaming tiles against each path's best pipelined tile (run 6).
  const std::vector<std::string> stream = {
      "stream_n32_m8_k4",  "stream_n32_m16_k4", "stream_n32_m32_k4", "stream_n16_m8_k8",
      "stream_n64_m32_k2", "stream_n16_m16_k8", "stream_n32_m16_k8", "stream_n32_m8_k8",
      "stream_n32_m8_k4_bulk", "stream_n32_m16_k4_bulk", "stream_n32_m8_k8_bulk",
      "stream_n32_m16_k8_bulk", "stream_n32_m32_k8", "stream_n64_m16_k4_fold",
      "stream_n64_m16_k2_fold"};
  std::vector<std::string> fused = stream;
  fused.push_back("fused_n64_m8");
  for (const char* t : {"stream_n32_m8_k4_c2", "stream_n32_m16_k4_c4", "stream_n32_m32_k4_c2",
                        "stream_n32_m32_k4_c4", "stream_n32_m32_k8_c2"}) {
    fused.push_back(t);
  }
  std::vector<std::string> splitk = stream;
  splitk.push_back("fused_n64_m16");
  const std::vector<PathTiles> all = {
      {GemmPath::kFusedQuant, fused, {1}},
      {GemmPath::kSplitKSmallM, splitk, {2, 3, 4}},
      {GemmPath::kQuantThenMma,
       {"prequant_n64_m64_s2_fold", "streamq_n32_m16_k8", "streamq_n32_m32_k4",
        "streamq_n32_m64_k4", "streamq_n64_m64_k4", "streamq_n32_m32_k8", "streamq_n16_m32_k8",
        "streamq_n16_m16_k8", "wgmma_n128_m64", "wgmma_n256_m64", "wgmma_n128_m64_fold",
        "wgmma_n256_m64_fold", "streamq_n32_m16_k8_bulk", "streamq_n32_m32_k4_bulk",
        "streamq_n32_m32_k8_bulk", "streamq_n32_m64_k4_bulk", "streamq_n64_m64_k4_bulk",
        "wgmma8_n64_m64_k2_fold", "wgmma8_n64_m128_k2_fold", "wgmma8_n128_m64_fold",
        "wgmma8_n128_m128_fold", "wgmma8_n64_m64_k4_fold", "wgmma8_n128_m64_k2_fold",
        "wgmma8_n64_m128_k2_ws_fold", "wgmma8_n128_m128_ws_fold", "wgmma8_n64_m64_k2_ws_fold",
        "streamq_n32_m16_k8_bulk_e5m2"},
       {1, 2, 4}},
  };
  for (const PathTiles& pt : all) {
    for (const std::string& tile : pt.tiles) {
      // Skip tiles that waste most of their M side, and the slowest fused cases.
      const int bm = tile.find("m128") != std::string::npos  ? 128
                     : tile.find("m64") != std::string::npos ? 64
                     : tile.find("m32") != std::string::npos ? 32
                     : tile.find("m16") != std::string::npos ? 16 : 8;
      if (bm > 2 * s.m && bm > 8) continue;
      if (pt.path != GemmPath::kQuantThenMma && s.m > 4 * bm) continue;
      // Configurations PlanGemm refuses (e.g. a streaming tile whose A slice
      // does not fit in shared memory, a split count for a warp-specialized
      // ring tile) are skipped by main().
      for (int split : pt.splits) {
        GemmOptions o;
        o.path = pt.path;
        o.tile = tile;
        o.split_k = split;
        out.push_back(o);
      }
    }
  }
  return out;
}

// --only=MxNxK:path:tile:split[,...]: forced configurations, timed hot only
// (also for Nsight Compute: run_all.sh --profile_config). A tile of `auto`
// leaves the choice to the planner (GemmOptions::tile empty). A split of gS
// (e.g. g3) is GemmOptions::grid_split_k = S (split_k 0), CgS (e.g. 8g2)
// split_k = C with grid_split_k = S (clusters split over the grid), else
// split_k.
struct OnlyConfig {
  Shape shape{0, 0, 0, false};
  GemmOptions options;
  bool prepared = false;
  PreparedFormat prepared_format = PreparedFormat::kShiftedE4m3;  // :prepared_int8: kInt8
};

OnlyConfig ParseOnly(const std::string& spec) {
  OnlyConfig o;
  long long m = 0, n = 0, k = 0;
  char path[32] = {0}, tile[64] = {0};
  char split[16] = {0};
  char extra[32] = {0};
  char tail = 0;
  const int fields = std::sscanf(spec.c_str(), "%lldx%lldx%lld:%31[^:]:%63[^:]:%15[^:]:%31[^:]%c",
                                 &m, &n, &k, path, tile, split, extra, &tail);
  // The suffix, and `flat` (GemmOptions::persistent_grid = false) alone or
  // after a `+`.
  std::string suffix = fields == 7 ? extra : "";
  if (suffix == "flat" || absl::EndsWith(suffix, "+flat")) {
    o.options.persistent_grid = false;
    suffix = suffix == "flat" ? "" : suffix.substr(0, suffix.size() - 5);
  }
  if (fields != 6 && fields != 7) suffix = "?";
  if (!suffix.empty() && suffix != "prepared" && suffix != "prepared_int8" && suffix != "nostage" &&
      suffix != "stage" && suffix != "stage_int8" && suffix != "cold_weights") {
    std::fprintf(stderr,
                 "--only=%s: expected "
                 "MxNxK:path:tile:split[:prepared|:prepared_int8|:nostage|:stage|:stage_int8|"
                 ":cold_weights][+flat] (or :flat)\n",
                 spec.c_str());
    std::exit(2);
  }
  o.prepared = suffix == "prepared" || suffix == "prepared_int8";
  if (suffix == "prepared_int8") o.prepared_format = PreparedFormat::kInt8;
  if (suffix == "nostage") o.options.weight_staging = WeightStaging::kNever;
  if (suffix == "stage" || suffix == "stage_int8") {
    o.options.weight_staging = WeightStaging::kAlways;
    o.options.staging_format = suffix == "stage" ? StagingFormat::kE4m3 : StagingFormat::kInt8;
  }
  o.options.cold_weights = suffix == "cold_weights";
  absl::StatusOr<GemmPath> gp = ParseGemmPath(path);
  BENCH_CHECK(gp.status());
  o.shape = Shape{static_cast<int64_t>(m), static_cast<int64_t>(n), static_cast<int64_t>(k), false};
  o.options.path = *gp;
  if (std::strcmp(tile, "auto") != 0) o.options.tile = tile;
  int split_count = 0, grid_count = 0;
  char split_tail = 0;
  // N, gN or NgS: the count before a 'g' is split_k's, after it grid_k's.
  const char* const g = std::strchr(split, 'g');
  const bool parsed =
      (g == split || std::sscanf(split, "%d%c", &split_count, &split_tail) ==
                         (g == nullptr ? 1 : 2)) &&
      (g == nullptr || std::sscanf(g + 1, "%d%c", &grid_count, &split_tail) == 1);
  if (!parsed) {
    std::fprintf(stderr, "--only=%s: split %s is not N, gN or NgS\n", spec.c_str(), split);
    std::exit(2);
  }
  o.options.split_k = split_count;
  o.options.grid_split_k = grid_count;
  return o;
}

std::vector<OnlyConfig> ParseOnlyList(const char* list) {
  std::vector<OnlyConfig> out;
  for (absl::string_view spec : absl::StrSplit(list, ',', absl::SkipEmpty())) {
    out.push_back(ParseOnly(std::string(spec)));
  }
  return out;
}

// A plan with integer accumulation: one more call with
// GemmOptions::int8_cta_counter, printing how many of the GEMM's CTAs took it
// (the others converted: their rows failed the check).
void PrintInt8Ctas(Problem& p, GemmOptions options, const GemmPlan& plan, hipStream_t stream) {
  absl::StatusOr<DeviceBuffer> buf = DeviceBuffer::Allocate(sizeof(uint32_t));
  BENCH_CHECK(buf.status());
  BENCH_CHECK(buf->Fill(0));
  options.int8_cta_counter = buf->as<uint32_t>();
  const GemmWorkspace workspace{p.workspace.get(), p.workspace.size()};
  BENCH_CHECK(Gemm(p.Args(0), stream, workspace, options));
  BENCH_CHECK(MXFP4_HIP_STATUS(hipStreamSynchronize(stream)));
  uint32_t ctas = 0;
  BENCH_CHECK(buf->CopyToHost(&ctas, sizeof(ctas)));
  std::printf("  int8 accumulation: %u of %lld CTAs\n", ctas,
              static_cast<long long>(plan.grid_ctas));
}

// --only=... --phase_clock: three more calls with GemmOptions::phase_clock
// set (the last one's stamps stay), then the distribution over the GEMM
// kernel's CTAs of: the entry time
// after the first CTA's (launch skew, ns), entry -> ready (the grid
// dependency and the first operands in shared memory; where stamped, entry
// -> the grid-dependency wait's return), ready -> math done,
// math done -> end (combine + stores), in SM cycles, and the end time after
// the first entry (ns).
void PrintPhaseClock(Problem& p, GemmOptions options, const GemmPlan& plan, hipStream_t stream) {
  const size_t ctas = static_cast<size_t>(plan.grid_ctas);
  absl::StatusOr<DeviceBuffer> buf = DeviceBuffer::Allocate(ctas * kGemmPhaseSlots * 8);
  BENCH_CHECK(buf.status());
  BENCH_CHECK(buf->Fill(0));
  options.phase_clock = buf->as<uint64_t>();
  const GemmWorkspace workspace{p.workspace.get(), p.workspace.size()};
  for (int i = 0; i < 3; ++i) BENCH_CHECK(Gemm(p.Args(0), stream, workspace, options));
  BENCH_CHECK(MXFP4_HIP_STATUS(hipStreamSynchronize(stream)));
  std::vector<uint64_t> v(ctas * kGemmPhaseSlots);
  BENCH_CHECK(buf->CopyToHost(v.data(), v.size() * 8));
  uint64_t t0 = ~uint64_t{0};
  for (size_t c = 0; c < ctas; ++c) t0 = std::min(t0, v[c * kGemmPhaseSlots + kPhaseGlobalEntryNs]);
  std::vector<double> start_ns, ready, dependency, math, tail, end_ns, wg_skew;
  std::vector<int> per_sm(1024, 0);
  for (size_t c = 0; c < ctas; ++c) {
    const uint64_t* s = &v[c * kGemmPhaseSlots];
    start_ns.push_back(static_cast<double>(s[kPhaseGlobalEntryNs] - t0));
    end_ns.push_back(static_cast<double>(s[kPhaseGlobalEndNs] - t0));
    ready.push_back(static_cast<double>(s[kPhaseClockReady] - s[kPhaseClockEntry]));
    if (s[kPhaseClockDependency] != 0) {
      dependency.push_back(static_cast<double>(s[kPhaseClockDependency] - s[kPhaseClockEntry]));
    }
    math.push_back(static_cast<double>(s[kPhaseClockMathDone] - s[kPhaseClockReady]));
    if (s[kPhaseClockMathDoneWg1] != 0) {  // signed: the second warpgroup may finish first
      wg_skew.push_back(static_cast<double>(static_cast<int64_t>(s[kPhaseClockMathDoneWg1] -
                                                                 s[kPhaseClockMathDone])));
    }
    tail.push_back(static_cast<double>(s[kPhaseClockEnd] - s[kPhaseClockMathDone]));
    ++per_sm[std::min<uint64_t>(s[kPhaseSmId], 1023)];
  }
  int sms = 0, most = 0;
  for (int n : per_sm) {
    sms += n > 0;
    most = std::max(most, n);
  }
  auto row = [](const char* name, std::vector<double> x, const char* unit) {
    std::sort(x.begin(), x.end());
    auto q = [&](double f) { return x[std::min(x.size() - 1, static_cast<size_t>(f * x.size()))]; };
    std::printf("  phase %-22s min %9.0f  p50 %9.0f  p90 %9.0f  max %9.0f  %s\n", name, x.front(),
                q(0.5), q(0.9), x.back(), unit);
  };
  std::printf("phase clock: %zu CTAs on %d SMs (at most %d per SM)\n", ctas, sms, most);
  row("start after first", start_ns, "ns");
  row("entry -> ready", ready, "cycles");
  if (!dependency.empty()) row("entry -> dependency", dependency, "cycles");
  row("ready -> math done", math, "cycles");
  if (!wg_skew.empty()) row("math done wg0 -> wg1", wg_skew, "cycles");
  row("math done -> end", tail, "cycles");
  row("end after first start", end_ns, "ns");
}

int Main(int argc, char** argv) {
  bool sweep = false;
  bool bench_only = false;
  bool phase_clock = false;
  bool only_cold = false;
  bool only_cublas = false;
  std::vector<OnlyConfig> only;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--sweep") == 0) sweep = true;
    if (std::strcmp(argv[i], "--shapes=bench") == 0) bench_only = true;
    if (std::strncmp(argv[i], "--only=", 7) == 0) only = ParseOnlyList(argv[i] + 7);
    if (std::strcmp(argv[i], "--phase_clock") == 0) phase_clock = true;
    if (std::strcmp(argv[i], "--cold") == 0) only_cold = true;
    if (std::strcmp(argv[i], "--only_cublas") == 0) only_cublas = true;
    if (std::strcmp(argv[i], "--narrow_scales") == 0) g_narrow_scales = true;
  }
  std::printf("device: %s\n", DescribeGpu().c_str());
  BENCH_CHECK(GpuAvailable());
  absl::StatusOr<DeviceStream> stream = DeviceStream::Create();
  BENCH_CHECK(stream.status());
  Cublas cublas = LoadCublas();
  std::printf("per call, CUDA-graph replay (%d calls/graph x %d replays, median of %d): "
              "hot = same buffers, cold = rotating > 120 MB of inputs\n",
              kCallsPerGraph, kReplays, kRepetitions);
  if (!only.empty()) {
    // A configuration the planner refuses is reported and skipped (the exit
    // status says so), not the end of the run: one bad entry in a long list
    // cost a device call in session 27.
    bool refused = false;
    for (const OnlyConfig& c : only) {
      Problem p = MakeProblem(c.shape, only_cold ? ColdSets(c.shape, false) : 1, false,
                              c.prepared, c.prepared_format);
      absl::StatusOr<GemmPlan> plan = PlanGemm(c.shape.m, p.weight_template, c.options);
      if (!plan.ok()) {
        std::printf("only %lld x %lld x %lld  not run: %s\n", static_cast<long long>(c.shape.m),
                    static_cast<long long>(c.shape.n), static_cast<long long>(c.shape.k),
                    plan.status().ToString().c_str());
        refused = true;
        continue;
      }
      const Timing t = TimeGemm(p, c.options, stream->get(), only_cold);
      std::printf("only %lld x %lld x %lld  hot %7.2f us%s  %s%s\n",
                  static_cast<long long>(c.shape.m), static_cast<long long>(c.shape.n),
                  static_cast<long long>(c.shape.k), t.hot,
                  only_cold ? absl::StrFormat("  cold %7.2f us", t.cold).c_str() : "",
                  plan->ToString().c_str(), c.prepared ? " (weight has a prepared copy)" : "");
      if (plan->int8_accumulation) PrintInt8Ctas(p, c.options, *plan, stream->get());
      if (only_cublas && cublas.ok()) {
        Problem pc = MakeProblem(c.shape, 1, /*with_cublas=*/true);
        std::printf("  cuBLAS bf16 hot %7.2f us (same run)\n", TimeCublas(cublas, pc, stream->get()).hot);
      }
      if (phase_clock) PrintPhaseClock(p, c.options, *plan, stream->get());
    }
    return refused ? 1 : 0;
  }
  double log_sum_hot = 0, log_sum_cold = 0, log_sum_cublas = 0;
  int scored = 0;
  for (const Shape& s : kShapes) {
    if (bench_only && !s.benchmark) continue;
    Problem p = MakeProblem(s, ColdSets(s, cublas.ok()), cublas.ok());
    GemmOptions auto_options;
    absl::StatusOr<GemmPlan> plan = PlanGemm(s.m, p.weight_template, auto_options);
    BENCH_CHECK(plan.status());
    const Timing t = TimeGemm(p, auto_options, stream->get());
    Timing cb;
    if (cublas.ok()) cb = TimeCublas(cublas, p, stream->get());
    std::printf(
        "shape %4d x %5d x %5d  auto  hot %7.2f us  cold %7.2f us | cublas bf16 hot %7.2f us  "
        "cold %7.2f us | %s\n",
        static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k), t.hot, t.cold,
        cb.hot, cb.cold, plan->ToString().c_str());
    if (s.benchmark) {
      log_sum_hot += std::log(t.hot);
      log_sum_cold += std::log(t.cold);
      if (cublas.ok()) log_sum_cublas += std::log(cb.cold);
      ++scored;
    }
    if (sweep) {
      for (const GemmOptions& o : SweepOptions(s)) {
        absl::StatusOr<GemmPlan> sp = PlanGemm(s.m, p.weight_template, o);
        if (!sp.ok()) continue;
        const Timing st = TimeGemm(p, o, stream->get());
        std::printf("  sweep %4d x %5d x %5d  hot %7.2f  cold %7.2f  %s\n", static_cast<int>(s.m),
                    static_cast<int>(s.n), static_cast<int>(s.k), st.hot, st.cold,
                    sp->ToString().c_str());
      }
    }
    std::fflush(stdout);
  }
  if (scored > 0) {
    std::printf("geomean over %d benchmark shapes (auto): hot %.2f us, cold %.2f us", scored,
                std::exp(log_sum_hot / scored), std::exp(log_sum_cold / scored));
    if (cublas.ok()) std::printf("; cublas bf16 cold %.2f us", std::exp(log_sum_cublas / scored));
    std::printf("\n");
  }
  return 0;
}

}  // namespace
}  // namespace mxfp4::gpu

int main(int argc, char** argv) { return mxfp4::gpu::Main(argc, argv); }
