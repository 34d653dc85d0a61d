// File: mxfp4/gpu/quantize/quantize_benchmark.cc
//
// GPU quantization bandwidth vs a device-to-device copy of the same input
// bytes, measured in the same process (docs/performance.md, "GPU
// quantization"; goal: >= 80% of the copy's bandwidth at large M*K).
// Bandwidth counts bytes read + bytes written (bf16 input; packed data and
// scales out; for the copy, the input twice). Times come from hip events
// around a batch of launches (manual time), so launch gaps count too.
//
// Run: bazel-bin/mxfp4/gpu/quantize/quantize_benchmark [--benchmark_filter=...]
// Without a GPU every benchmark reports "skipped: no GPU".

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "benchmark/benchmark.h"
#include "mxfp4/core/layouts.h"
#include "mxfp4/emu/quantize.h"
#include "mxfp4/gpu/platform/device.h"
#include "mxfp4/gpu/platform/device_buffer.h"
#include "mxfp4/gpu/platform/hip_runtime.h"
#include "mxfp4/gpu/platform/status.h"
#include "mxfp4/gpu/quantize/quantize.h"

namespace mxfp4::gpu {
namespace {

// Launches per timed batch: enough to make event resolution irrelevant.
int BatchFor(int64_t bytes) { return bytes >= (int64_t{64} << 20) ? 5 : 50; }

// Times `batch` calls of fn() between two events on `stream`; returns seconds per call.
template <typename Fn>
absl::StatusOr<double> TimeBatch(hipStream_t stream, int batch, const Fn& fn) {
  hipEvent_t start = nullptr, stop = nullptr;
  MXFP4_HIP_RETURN_IF_ERROR(hipEventCreate(&start));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventCreate(&stop));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(start, stream));
  for (int i = 0; i < batch; ++i) MXFP4_GPU_RETURN_IF_ERROR(fn());
  MXFP4_HIP_RETURN_IF_ERROR(hipEventRecord(stop, stream));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventSynchronize(stop));
  float ms = 0;
  MXFP4_HIP_RETURN_IF_ERROR(hipEventElapsedTime(&ms, start, stop));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventDestroy(start));
  MXFP4_HIP_RETURN_IF_ERROR(hipEventDestroy(stop));
  return ms * 1e-3 / batch;
}

struct Buffers {
  DeviceBuffer x, copy_dst, data, scales;
  DeviceStream stream;
};

// One set of buffers per shape/layout, filled once with normal-ish bf16
// (values do not change the kernel's speed: it has no data-dependent branches).
absl::StatusOr<Buffers*> BuffersFor(int64_t m, int64_t k, ScaleLayout layout) {
  static auto* cache = new std::map<std::tuple<int64_t, int64_t, int>, Buffers>();
  auto key = std::make_tuple(m, k, static_cast<int>(layout));
  auto it = cache->find(key);
  if (it != cache->end()) return &it->second;
  // Free earlier shapes first: the large ones take GiBs.
  cache->clear();
  absl::StatusOr<QuantizeBufferSizes> sizes = QuantizeBufferSizesFor(m, k, layout);
  if (!sizes.ok()) return sizes.status();
  Buffers b;
  auto x = DeviceBuffer::Allocate(m * k * 2);
  auto copy_dst = DeviceBuffer::Allocate(m * k * 2);
  auto data = DeviceBuffer::Allocate(sizes->data_bytes);
  auto scales = DeviceBuffer::Allocate(sizes->scale_bytes);
  auto stream = DeviceStream::Create();
  for (const absl::Status& s :
       {x.status(), copy_dst.status(), data.status(), scales.status(), stream.status()}) {
    if (!s.ok()) return s;
  }
  std::vector<uint16_t> host(m * k);
  uint32_t state = 12345;
  for (auto& v : host) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<uint16_t>(0x3C00 + (state >> 20) % 0x0700) | ((state & 1) ? 0x8000 : 0);
  }
  MXFP4_GPU_RETURN_IF_ERROR(x->CopyFromHost(host.data(), host.size() * 2));
  b.x = std::move(*x);
  b.copy_dst = std::move(*copy_dst);
  b.data = std::move(*data);
  b.scales = std::move(*scales);
  b.stream = std::move(*stream);
  return &cache->emplace(key, std::move(b)).first->second;
}

absl::StatusOr<double> CopySeconds(Buffers* b, int64_t bytes, int batch) {
  return TimeBatch(b->stream.get(), batch, [&] {
    MXFP4_HIP_RETURN_IF_ERROR(hipMemcpyAsync(b->copy_dst.get(), b->x.get(), bytes,
                                             hipMemcpyDeviceToDevice, b->stream.get()));
    return absl::OkStatus();
  });
}

bool SkipIfNoGpu(benchmark::State& state) {
  static const absl::Status* status = new absl::Status(GpuAvailable());
  if (status->ok()) return false;
  state.SkipWithError(absl::StrFormat("skipped: no GPU: %s", status->message()).c_str());
  return true;
}

// Device-to-device copy of the M*K bf16 input (hipMemcpyAsync).
void BM_DeviceCopy(benchmark::State& state, int64_t m, int64_t k) {
  if (SkipIfNoGpu(state)) return;
  auto b = BuffersFor(m, k, ScaleLayout::kNatural);
  if (!b.ok()) return state.SkipWithError(b.status().ToString().c_str());
  const int64_t bytes = m * k * 2;
  const int batch = BatchFor(bytes);
  for (auto _ : state) {
    absl::StatusOr<double> seconds = CopySeconds(*b, bytes, batch);
    if (!seconds.ok()) return state.SkipWithError(seconds.status().ToString().c_str());
    state.SetIterationTime(*seconds);
  }
  state.SetBytesProcessed(state.iterations() * 2 * bytes);
}

void BM_QuantizeBf16(benchmark::State& state, int64_t m, int64_t k, ScaleLayout layout,
                     QuantizeKernelVariant variant) {
  if (SkipIfNoGpu(state)) return;
  auto b = BuffersFor(m, k, layout);
  if (!b.ok()) return state.SkipWithError(b.status().ToString().c_str());
  auto sizes = QuantizeBufferSizesFor(m, k, layout);
  const int64_t in_bytes = m * k * 2;
  const int64_t moved = in_bytes + sizes->data_bytes + sizes->scale_bytes;
  const int batch = BatchFor(in_bytes);
  QuantizeOptions options;
  options.scale_layout = layout;
  Buffers* buf = *b;
  double total = 0;
  for (auto _ : state) {
    absl::StatusOr<double> seconds = TimeBatch(buf->stream.get(), batch, [&] {
      return QuantizeBf16OnGpu(buf->x.as<uint16_t>(), m, k, options, variant,
                               buf->data.as<uint8_t>(), buf->scales.as<uint8_t>(),
                               buf->stream.get());
    });
    if (!seconds.ok()) return state.SkipWithError(seconds.status().ToString().c_str());
    state.SetIterationTime(*seconds);
    total += *seconds;
  }
  state.SetBytesProcessed(state.iterations() * moved);
  // The copy baseline of the same input, measured right here (same run, same buffers).
  double copy_total = 0;
  const int copy_reps = 5;
  for (int i = 0; i < copy_reps; ++i) {
    absl::StatusOr<double> seconds = CopySeconds(buf, in_bytes, batch);
    if (!seconds.ok()) return state.SkipWithError(seconds.status().ToString().c_str());
    copy_total += *seconds;
  }
  const double quant_gbps = moved / (total / state.iterations()) * 1e-9;
  const double copy_gbps = 2.0 * in_bytes / (copy_total / copy_reps) * 1e-9;
  state.counters["quant_GBps"] = quant_gbps;
  state.counters["copy_GBps"] = copy_gbps;
  state.counters["vs_copy"] = quant_gbps / copy_gbps;
  state.counters["us"] = total / state.iterations() * 1e6;
}

void RegisterAll() {
  const std::vector<std::pair<int64_t, int64_t>> shapes = {
      // Large M*K: the bandwidth goal.
      {8192, 8192}, {16384, 8192}, {8192, 7168}, {32768, 4096},
      // The contest's A matrices (small: launch-bound).
      {64, 7168}, {256, 1536}, {16, 7168}, {256, 7168}};
  for (const auto& [m, k] : shapes) {
    benchmark::RegisterBenchmark(absl::StrFormat("BM_DeviceCopy/M%d/K%d", m, k).c_str(),
                                 BM_DeviceCopy, m, k)
        ->UseManualTime()
        ->Unit(benchmark::kMicrosecond);
    for (ScaleLayout layout : {ScaleLayout::kNatural, ScaleLayout::kShuffled16}) {
      for (QuantizeKernelVariant variant : kAllQuantizeKernelVariants) {
        // Tiling only changes how shuffled scales are written.
        if (layout == ScaleLayout::kNatural &&
            variant == QuantizeKernelVariant::kBf16x2PackedTiled) {
          continue;
        }
        benchmark::RegisterBenchmark(
            absl::StrFormat("BM_QuantizeBf16/M%d/K%d/%s/%s", m, k, ScaleLayoutName(layout),
                            QuantizeKernelVariantName(variant))
                .c_str(),
            BM_QuantizeBf16, m, k, layout, variant)
            ->UseManualTime()
            ->Unit(benchmark::kMicrosecond);
      }
    }
  }
}

}  // namespace
}  // namespace mxfp4::gpu

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::printf("GPU: %s\n", mxfp4::gpu::DescribeGpu().c_str());
  mxfp4::gpu::RegisterAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
