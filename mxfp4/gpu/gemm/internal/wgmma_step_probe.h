// File: mxfp4/gpu/gemm/internal/wgmma_step_probe.h
//
// Diagnostics, not a path: what one block-step of the e4m3 wgmma ring tiles
// (internal/wgmma_ring_gemm_body.h) costs when its pieces are added one at a
// time, on every SM (docs/paths.md "wgmma ring tiles: what a step costs").
// Each warpgroup loops over `iters` steps of
//   wgmma m64n<n>k32 e4m3 (A from registers, B from shared memory, zero
//   accumulator) + wait_group 0 + the promotion (n / 2 FFMAs per thread)
//   [+ extras]
// where extras (cumulative) are 1: an mbarrier phase per step (arrive with
// expect_tx + wait), 2: a release counter per warp (shared atomicAdd by lane
// 0), 3: a 2 KB bulk copy per step that the step waits for (latency exposed).
// The result is the slowest warpgroup's clock64() cycles per step.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_STEP_PROBE_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_STEP_PROBE_H_

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

struct WgmmaStepProbeConfig {
  int n = 64;           // activation rows per wgmma: 64 or 128
  int extras = 0;       // 0..3, see above
  int warpgroups = 2;   // per CTA: 1, 2 or 4 (4 with n = 64 only)
  int ctas = 132;
  int iters = 2000;
};

// RunWgmmaStepProbe(): runs the probe twice (the first warms up) and writes
// the cycles per step. Blocks until done (a diagnostic, not a hot path).
hipError_t RunWgmmaStepProbe(const WgmmaStepProbeConfig& config, double* cycles_per_step);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_STEP_PROBE_H_
