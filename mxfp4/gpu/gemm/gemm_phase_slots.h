// File: mxfp4/gpu/gemm/gemm_phase_slots.h
//
// The slots of GemmOptions::phase_clock (gemm.h), shared by the host API and
// the kernels (internal/phase_clock.h). Host/device header, no includes.

#ifndef MXFP4_GPU_GEMM_GEMM_PHASE_SLOTS_H_
#define MXFP4_GPU_GEMM_GEMM_PHASE_SLOTS_H_

namespace mxfp4::gpu {

// Phase clock slots of one CTA (GemmOptions::phase_clock), CTA index
// blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z):
// %globaltimer (ns) at entry and at the end, the SM id, and clock64() at
// entry, when the operands of the first K-block are in shared memory
// ("ready": after the grid-dependency wait and the first fill), when the
// math is done, and at the end (after the combine and the stores); the ring
// tiles also stamp the return of their grid-dependency wait ("dependency",
// 0 elsewhere) and when their second warpgroup's math is done ("math done
// wg1"; "math done" is the first warpgroup's, thread 0's; 0 elsewhere).
inline constexpr int kGemmPhaseSlots = 9;
enum GemmPhaseSlot : int {
  kPhaseGlobalEntryNs = 0,
  kPhaseSmId = 1,
  kPhaseClockEntry = 2,
  kPhaseClockReady = 3,
  kPhaseClockMathDone = 4,
  kPhaseClockEnd = 5,
  kPhaseGlobalEndNs = 6,
  kPhaseClockDependency = 7,
  kPhaseClockMathDoneWg1 = 8,
};

}  // namespace mxfp4::gpu

#endif  // MXFP4_GPU_GEMM_GEMM_PHASE_SLOTS_H_
