// File: mxfp4/gpu/gemm/wgmma_step_benchmark.cc
//
// Prints what one e4m3 wgmma block-step costs on every SM as the pieces of the
// ring tiles' loop are added (internal/wgmma_step_probe.h; docs/paths.md
// "wgmma ring tiles: what a step costs"). Exits 0 with a message without a
// GPU. Run: .device/bench/mxfp4.gpu.gemm.wgmma_step_benchmark

#include <cstdio>
#include <string>

#include "absl/status/status.h"
#include "mxfp4/gpu/gemm/internal/wgmma_step_probe.h"
#include "mxfp4/gpu/platform/device.h"

int main() {
  using mxfp4::gpu::gemm_internal::RunWgmmaStepProbe;
  using mxfp4::gpu::gemm_internal::WgmmaStepProbeConfig;
  if (const absl::Status gpu = mxfp4::gpu::GpuAvailable(); !gpu.ok()) {
    std::printf("wgmma_step_benchmark: no GPU (%s), nothing measured\n",
                std::string(gpu.message()).c_str());
    return 0;
  }
  std::printf("%s\n", mxfp4::gpu::DescribeGpu().c_str());
  std::printf("%-4s %-7s %-11s %-16s %s\n", "n", "extras", "warpgroups",
              "cycles per step", "MAC per cycle per SM");
  // One line per configuration the probe supports (the others are skipped).
  auto row = [](int n, int extras, int warpgroups) {
    WgmmaStepProbeConfig c;
    c.n = n;
    c.extras = extras;
    c.warpgroups = warpgroups;
    if (!mxfp4::gpu::gemm_internal::WgmmaStepProbeSupports(c)) return true;
    double cycles = 0.0;
    const hipError_t e = RunWgmmaStepProbe(c, &cycles);
    if (e != hipSuccess) {
      std::printf("wgmma_step_benchmark: probe failed (error %d)\n", static_cast<int>(e));
      return false;
    }
    const double macs = 64.0 * n * 32.0 * warpgroups / cycles;
    std::printf("%-4d %-7d %-11d %-16.1f %.0f\n", n, extras, warpgroups, cycles, macs);
    return true;
  };
  using mxfp4::gpu::gemm_internal::kFirstSsWgmmaStepExtra;
  using mxfp4::gpu::gemm_internal::kMaxWgmmaStepExtras;
  // The ring tiles' loop (RS form), its pieces added one at a time.
  for (int warpgroups : {2, 4}) {
    for (int n : {64, 128}) {
      for (int extras = 0; extras < kFirstSsWgmmaStepExtra; ++extras) {
        if (!row(n, extras, warpgroups)) return 1;
      }
    }
  }
  // The warp-specialized tiles' consumer loop (SS form): overlap of the
  // wgmma with the promotion, and what a producer's work costs it.
  for (int warpgroups : {1, 2}) {
    for (int n : {64, 128}) {
      for (int extras = kFirstSsWgmmaStepExtra; extras <= kMaxWgmmaStepExtras; ++extras) {
        if (!row(n, extras, warpgroups)) return 1;
      }
    }
  }
  return 0;
}
