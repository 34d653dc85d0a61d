// File: mxfp4/gpu/gemm/internal/wgmma_step_probe.h
//
// Diagnostics, not a path: what one block-step of the e4m3 wgmma ring tiles
// (internal/wgmma_ring_gemm_body.h) costs when its pieces are added one at a
// time, on every SM (docs/paths.md "What a ring step costs").
// Each warpgroup loops over `iters` steps of
//   wgmma m64n<n>k32 e4m3 (A from registers, B from shared memory, zero
//   accumulator) + wait_group 0 + the promotion (n / 2 FFMAs per thread)
//   [+ extras]
// with extras:
//   1: an mbarrier phase per step (arrive with expect_tx + wait);
//   2: 1 + a release counter per warp and step (shared atomicAdd by lane 0);
//   3: 2 + a 2 KB bulk copy per step that the step waits for (latency exposed);
//   4: the synchronization of 2 once per stage of 4 steps (as the ring tiles);
//   5: 4 + the weights: per step a lane's two 4-byte words and two scale bytes,
//      loaded 4 steps ahead (WeightRowPair's pattern), converted to the E4M3
//      A fragment (Fp4x8ToLutBytes) that the wgmma uses;
//   6: 5 + the promotion's form: a warp vote on the scale bytes and sb from
//      them (the ring tiles' fast path).
// Extras 7..13 are the warp-specialized ring tiles' consumer loop instead
// (wgmma_ring_ws_gemm_body.h): both operands in shared memory (SS form), no
// stage synchronization, constant weight scales; 1 or 2 warpgroups:
//   7: wgmma + wait_group 0 + the promotion (no overlap inside a warpgroup);
//   8: two wgmmas in flight (the promotion of block j while j + 1 runs);
//   9: 7 without the promotion (meant as a wgmma's latency; on the H200 it
//      reports less than the e4m3 peak allows, as if the unread outputs'
//      work were dropped: do not read it as a floor);
//  10: 8 without the wgmma (the promotion alone);
//  11: 8 plus a third warpgroup doing the ws producer's conversion work
//      (LDS.128, four Fp4x8ToLutBytes, two STS.128 a block), unsynchronized;
//  12: four wgmmas in flight (n = 64 only);
//  13: 7 with the two warpgroups taking turns on the tensor cores (one
//      promotes while the other's wgmma runs; named barriers, as
//      FlashAttention-3's ping-pong; 2 warpgroups only).
// The result is the slowest warpgroup's clock64() cycles per step.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_STEP_PROBE_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_STEP_PROBE_H_

#include "mxfp4/gpu/platform/hip_runtime.h"

namespace mxfp4::gpu::gemm_internal {

inline constexpr int kMaxWgmmaStepExtras = 13;
inline constexpr int kFirstSsWgmmaStepExtra = 7;

struct WgmmaStepProbeConfig {
  int n = 64;           // activation rows per wgmma: 64 or 128
  int extras = 0;       // 0..kMaxWgmmaStepExtras, see above
  int warpgroups = 2;   // per CTA: 1, 2 or 4 (4 with n = 64 and extras < 7 only)
  int ctas = 132;
  int iters = 2000;     // a multiple of 4
};

// WgmmaStepProbeSupports(): whether the probe runs `c` (RunWgmmaStepProbe
// refuses the rest with hipErrorInvalidValue; wgmma_step_benchmark walks the
// table with it).
inline bool WgmmaStepProbeSupports(const WgmmaStepProbeConfig& c) {
  if (!(c.n == 64 || c.n == 128) || c.extras < 0 || c.extras > kMaxWgmmaStepExtras ||
      c.iters <= 0 || c.iters % 4 != 0 || c.ctas <= 0) {
    return false;
  }
  if (!(c.warpgroups == 1 || c.warpgroups == 2 || c.warpgroups == 4)) return false;
  if (c.n == 128 && c.warpgroups == 4) return false;  // registers
  if (c.extras < kFirstSsWgmmaStepExtra) return true;
  if (c.warpgroups == 4) return false;
  if (c.extras == 11 || c.extras == 13) return c.warpgroups == 2;  // a producer / a partner
  if (c.extras == 12) return c.n == 64;          // four partial sets: registers
  return true;
}

// RunWgmmaStepProbe(): runs the probe twice (the first warms up) and writes
// the cycles per step. Blocks until done (a diagnostic, not a hot path).
hipError_t RunWgmmaStepProbe(const WgmmaStepProbeConfig& config, double* cycles_per_step);

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_STEP_PROBE_H_
