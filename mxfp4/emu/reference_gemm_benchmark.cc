// File: mxfp4/emu/reference_gemm_benchmark.cc
//
// Wall time of the CPU reference GEMMs per contract on the contest shapes
// (spec: shared/spec/workload.md), all threads, results in docs/performance.md
// ("CPU emulator"). Operands are random codes with scale bytes in 120..130
// (EVEN quantization of the contest's standard normal data gives 125..127),
// so the ideal contract takes its fast path as it would on real data.
//
//   ./bazelw run -c opt //mxfp4/emu:reference_gemm_benchmark -- --benchmark_filter=m:256/

#include <cstdint>
#include <map>
#include <string>
#include <random>
#include <tuple>
#include <vector>

#include "benchmark/benchmark.h"
#include "mxfp4/core/mxfp4_matrix.h"
#include "mxfp4/emu/accumulation.h"
#include "mxfp4/emu/reference_gemm.h"

namespace mxfp4 {
namespace {

struct Operands {
  Mxfp4Matrix a, b;
};

Mxfp4Matrix RandomOperand(int64_t rows, int64_t k, int scale_lo, int scale_hi, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Mxfp4Matrix m;
  m.shape = Mxfp4Shape{rows, k};
  m.data.resize(rows * (k / 2));
  for (uint8_t& byte : m.data) byte = static_cast<uint8_t>(rng());
  m.scales.resize(rows * (k / 32));
  for (uint8_t& s : m.scales) s = static_cast<uint8_t>(scale_lo + rng() % (scale_hi - scale_lo + 1));
  return m;
}

const Operands& GetOperands(int64_t m, int64_t n, int64_t k) {
  static auto* cache = new std::map<std::tuple<int64_t, int64_t, int64_t>, Operands>();
  auto key = std::make_tuple(m, n, k);
  auto it = cache->find(key);
  if (it == cache->end()) {
    Operands ops{RandomOperand(m, k, 120, 130, 1), RandomOperand(n, k, 120, 130, 2)};
    it = cache->emplace(key, std::move(ops)).first;
  }
  return it->second;
}

void BM_ReferenceGemm(benchmark::State& state) {
  const Contract contract = kAllContracts[state.range(0)];
  const int64_t m = state.range(1), n = state.range(2), k = state.range(3);
  const bool bf16 = state.range(4) != 0;
  const CpuKernel kernel = state.range(5) != 0 ? CpuKernel::kPortable : CpuKernel::kAuto;
  const Operands& ops = GetOperands(m, n, k);
  absl::StatusOr<Mxfp4View> a = ops.a.view(), b = ops.b.view();
  if (!a.ok() || !b.ok()) {
    state.SkipWithError("bad operands");
    return;
  }
  GemmOptions options;
  options.contract = contract;
  options.cpu_kernel = kernel;
  std::vector<float> c(m * n);
  std::vector<uint16_t> c16(m * n);
  for (auto _ : state) {
    const absl::Status s = bf16 ? ReferenceGemmBf16(*a, *b, options, absl::MakeSpan(c16))
                                : ReferenceGemm(*a, *b, options, absl::MakeSpan(c));
    if (!s.ok()) {
      state.SkipWithError(std::string(s.message()).c_str());
      return;
    }
    benchmark::DoNotOptimize(c.data());
    benchmark::DoNotOptimize(c16.data());
  }
  state.SetLabel(std::string(ContractName(contract)) + (bf16 ? " bf16" : " fp32") +
                 (kernel == CpuKernel::kPortable ? " portable" : ""));
  state.counters["GMAC/s"] = benchmark::Counter(static_cast<double>(m * n * k),
                                                benchmark::Counter::kIsIterationInvariantRate,
                                                benchmark::Counter::kIs1000);
}

void ContestShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"contract", "m", "n", "k", "bf16", "portable"});
  // The headline shape, every contract, fp32 and bf16; block_fma and ideal
  // also with the portable (non-SIMD) kernel.
  for (int contract = 0; contract < 4; ++contract) {
    for (int bf16 = 0; bf16 < 2; ++bf16) b->Args({contract, 256, 3072, 1536, bf16, 0});
  }
  for (int contract : {0, 3}) b->Args({contract, 256, 3072, 1536, 0, 1});
  // The other contest benchmark shapes, block_fma and ideal (bf16 output, as judged).
  const int64_t shapes[][3] = {{4, 2880, 512},  {16, 2112, 7168}, {32, 4096, 512},
                               {32, 2880, 512}, {64, 7168, 2048}};
  for (const auto& s : shapes) {
    for (int contract : {0, 3}) b->Args({contract, s[0], s[1], s[2], 1, 0});
  }
}

BENCHMARK(BM_ReferenceGemm)->Apply(ContestShapes)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace mxfp4
