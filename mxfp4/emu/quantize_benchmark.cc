// File: mxfp4/emu/quantize_benchmark.cc
//
// Speed of the CPU quantizer on the shapes the CLI's `run` command quantizes
// (spec: shared/spec/workload.md: A of (256, 1536) and B of (3072, 1536)),
// per rule, scale layout and thread count, and of Dequantize. Items are
// elements, so items_per_second is elements/s. docs/quantization.md records
// the numbers measured on the development machine.
//
//   ./bazelw run -c opt //mxfp4/emu:quantize_benchmark
// quantize_benchmark_smoke_test runs every benchmark once, briefly.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "mxfp4/core/formats.h"
#include "mxfp4/emu/quantize.h"

namespace mxfp4 {
namespace {

// Standard-normal-like bf16 values (deterministic; the speed does not depend
// on the values except for NaN blocks, which the workload never has).
std::vector<uint16_t> NormalishBf16(int64_t n) {
  std::vector<uint16_t> x(n);
  uint64_t state = 12345;
  for (int64_t i = 0; i < n; ++i) {
    float sum = 0;
    for (int j = 0; j < 4; ++j) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      sum += static_cast<float>(state >> 40) * 0x1p-24f - 0.5f;
    }
    x[i] = FloatToBf16(sum * 1.7f);
  }
  return x;
}

// Args: rows, k, rule, scale layout, threads.
void BM_QuantizeBf16Into(benchmark::State& state) {
  const int64_t rows = state.range(0), k = state.range(1);
  QuantizeOptions options;
  options.rule = static_cast<ScaleRule>(state.range(2));
  options.scale_layout = static_cast<ScaleLayout>(state.range(3));
  options.num_threads = static_cast<int>(state.range(4));
  const std::vector<uint16_t> x = NormalishBf16(rows * k);
  std::vector<uint8_t> data(rows * k / 2);
  std::vector<uint8_t> scales(ScaleStorageBytes(options.scale_layout, rows, k / 32));
  for (auto _ : state) {
    absl::Status s =
        QuantizeBf16Into(x, rows, k, options, absl::MakeSpan(data), absl::MakeSpan(scales));
    if (!s.ok()) {  // a benchmark of a failing call would measure nothing
      std::fprintf(stderr, "QuantizeBf16Into failed: %s\n", s.ToString().c_str());
      std::abort();
    }
    benchmark::DoNotOptimize(data.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * rows * k);
  state.SetLabel(std::string(ScaleRuleName(options.rule)) + "/" +
                 ScaleLayoutName(options.scale_layout));
}

constexpr int kEven = static_cast<int>(ScaleRule::kEven);
constexpr int kFloor = static_cast<int>(ScaleRule::kOcpFloor);
constexpr int kRceil = static_cast<int>(ScaleRule::kRceil);
constexpr int kNatural = static_cast<int>(ScaleLayout::kNatural);
constexpr int kShuffled16 = static_cast<int>(ScaleLayout::kShuffled16);

BENCHMARK(BM_QuantizeBf16Into)
    ->ArgNames({"rows", "k", "rule", "layout", "threads"})
    ->Args({256, 1536, kEven, kNatural, 1})
    ->Args({256, 1536, kEven, kNatural, 2})
    ->Args({256, 1536, kEven, kShuffled16, 1})
    ->Args({3072, 1536, kEven, kNatural, 1})
    ->Args({3072, 1536, kEven, kNatural, 2})
    ->Args({3072, 1536, kEven, kShuffled16, 1})
    ->Args({3072, 1536, kFloor, kNatural, 1})
    ->Args({3072, 1536, kRceil, kNatural, 1})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

// The allocating API, as the CLI uses it.
void BM_QuantizeBf16(benchmark::State& state) {
  const int64_t rows = state.range(0), k = state.range(1);
  const std::vector<uint16_t> x = NormalishBf16(rows * k);
  QuantizeOptions options;
  options.num_threads = static_cast<int>(state.range(2));
  for (auto _ : state) {
    absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(x, rows, k, options);
    benchmark::DoNotOptimize(q);
  }
  state.SetItemsProcessed(state.iterations() * rows * k);
}
BENCHMARK(BM_QuantizeBf16)
    ->ArgNames({"rows", "k", "threads"})
    ->Args({3072, 1536, 1})
    ->Args({3072, 1536, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

void BM_Dequantize(benchmark::State& state) {
  const int64_t rows = state.range(0), k = state.range(1);
  absl::StatusOr<Mxfp4Matrix> q = QuantizeBf16(NormalishBf16(rows * k), rows, k, {});
  absl::StatusOr<Mxfp4View> view = q->view();
  for (auto _ : state) {
    absl::StatusOr<std::vector<float>> out = Dequantize(*view);
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(state.iterations() * rows * k);
}
BENCHMARK(BM_Dequantize)->ArgNames({"rows", "k"})->Args({256, 1536})->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace mxfp4
