// File: mxfp4/gpu/gemm/internal/phase_clock.h
//
// Phase stamps of a GEMM CTA for diagnostics (GemmOptions::phase_clock,
// slots in gemm.h): where a CTA's time goes (launch skew, waiting for the
// preceding quantizer and the first operands, the math, the combine), which
// Nsight Compute's kernel-wide averages do not show. Thread 0 writes; with a
// null pointer (production) a stamp is one uniform test.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_PHASE_CLOCK_H_
#define MXFP4_GPU_GEMM_INTERNAL_PHASE_CLOCK_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/gemm_phase_slots.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

MXFP4_DEVICE_INLINE uint64_t* PhaseSlots(const GemmKernelArgs& p) {
  const uint64_t cta = blockIdx.x + static_cast<uint64_t>(gridDim.x) *
                                        (blockIdx.y + static_cast<uint64_t>(gridDim.y) * blockIdx.z);
  return p.phase_clock + cta * kGemmPhaseSlots;
}

MXFP4_DEVICE_INLINE uint64_t GlobalTimerNs() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// StampPhase(): clock64() into `slot`; kPhaseClockEntry / kPhaseClockEnd also
// record %globaltimer (and the SM at entry).
MXFP4_DEVICE_INLINE void StampPhase(const GemmKernelArgs& p, int slot) {
  if (p.phase_clock == nullptr || threadIdx.x != 0) return;
  uint64_t* s = PhaseSlots(p);
  s[slot] = static_cast<uint64_t>(clock64());
  if (slot == kPhaseClockEntry) {
    uint32_t sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    s[kPhaseSmId] = sm;
    s[kPhaseGlobalEntryNs] = GlobalTimerNs();
  } else if (slot == kPhaseClockEnd) {
    s[kPhaseGlobalEndNs] = GlobalTimerNs();
  }
}

// StampPhaseByThread(): clock64() into `slot`, from thread `tid` (a stamp of
// another warpgroup than thread 0's; no-op where the CTA has no such thread).
MXFP4_DEVICE_INLINE void StampPhaseByThread(const GemmKernelArgs& p, int slot, unsigned tid) {
  if (p.phase_clock == nullptr || threadIdx.x != tid) return;
  PhaseSlots(p)[slot] = static_cast<uint64_t>(clock64());
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_PHASE_CLOCK_H_
