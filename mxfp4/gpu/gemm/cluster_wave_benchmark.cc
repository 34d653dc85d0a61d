// File: mxfp4/gpu/gemm/cluster_wave_benchmark.cc
//
// Prints how many K-split clusters of 1..8 CTAs (and the non-portable 16) the
// device runs at once for CTAs of the ring tiles' shared-memory sizes
// (internal/cluster_wave_probe.h): a grid of more clusters than that runs in
// two waves however few CTAs it has. Exits 0 with a message without a GPU.
// Run: .device/bench/mxfp4.gpu.gemm.cluster_wave_benchmark

#include <cstdio>
#include <string>

#include "absl/status/status.h"
#include "mxfp4/gpu/gemm/internal/cluster_wave_probe.h"
#include "mxfp4/gpu/platform/device.h"

int main() {
  if (const absl::Status gpu = mxfp4::gpu::GpuAvailable(); !gpu.ok()) {
    std::printf("cluster_wave_benchmark: no GPU (%s), nothing measured\n",
                std::string(gpu.message()).c_str());
    return 0;
  }
  std::printf("%s\n", mxfp4::gpu::DescribeGpu().c_str());
  std::printf("clusters resident at once (CTAs in parentheses) per cluster size\n");
  std::printf("%-24s", "threads, smem bytes");
  constexpr int kSizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 16};
  for (int c : kSizes) std::printf(" %11s", ("c=" + std::to_string(c)).c_str());
  std::printf("\n");
  // 166144 / 200960: wgmma8_n64_m64_k2_fold / _k4_fold (1 CTA per SM);
  // 110000: 2 CTAs per SM; 30000: several.
  const int kConfigs[][2] = {{256, 166144}, {512, 200960}, {256, 110000}, {256, 30000}};
  for (const auto& cfg : kConfigs) {
    std::printf("%-24s", (std::to_string(cfg[0]) + ", " + std::to_string(cfg[1])).c_str());
    for (int c : kSizes) {
      int clusters = 0;
      const hipError_t e =
          mxfp4::gpu::gemm_internal::MaxActiveClusters(c, cfg[0], cfg[1], &clusters);
      if (e != hipSuccess) {
        std::printf(" %11s", ("err " + std::to_string(static_cast<int>(e))).c_str());
      } else {
        std::printf(" %11s",
                    (std::to_string(clusters) + " (" + std::to_string(clusters * c) + ")").c_str());
      }
    }
    std::printf("\n");
  }
  return 0;
}
