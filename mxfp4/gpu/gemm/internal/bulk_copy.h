// File: mxfp4/gpu/gemm/internal/bulk_copy.h
//
// sm_90 bulk asynchronous copies (the TMA unit's 1-D form, no tensor map)
// and the shared-memory mbarriers that count their bytes. Used by the
// streaming tiles' bulk variants (stream_gemm_body.h) to put a warp's whole
// weight chunk in flight with a handful of instructions instead of one load
// per word: a 16-row group of preshuffled weights over consecutive K-blocks is
// one contiguous run of 256 bytes per block.
//
// Rules (PTX ISA, cp.async.bulk): source, destination and size are multiples
// of 16 bytes; an mbarrier is 8 bytes, 8-byte aligned, in shared memory.
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_BULK_COPY_H_
#define MXFP4_GPU_GEMM_INTERNAL_BULK_COPY_H_

#include <cstdint>

#include "mxfp4/gpu/platform/vendor.h"

#if !defined(MXFP4_GPU_DEVICE_COMPILER) || !defined(MXFP4_GPU_VENDOR_NVIDIA)
#error "bulk_copy.h is for the NVIDIA device build (nvcc, sm_90a) only"
#endif

namespace mxfp4::gpu::gemm_internal {

// MbarrierInit(): one expected arrival per phase.
MXFP4_DEVICE_INLINE void MbarrierInit(uint32_t bar) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(bar) : "memory");
}

// MbarrierInitCount(): `count` expected arrivals per phase.
MXFP4_DEVICE_INLINE void MbarrierInitCount(uint32_t bar, uint32_t count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}

// Makes initialized mbarriers visible to the async proxy (the bulk copies)
// and to the other threads that will wait on them.
MXFP4_DEVICE_INLINE void MbarrierInitFence() {
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// The one arrival of the phase, announcing `bytes` of bulk copies to come.
MXFP4_DEVICE_INLINE void MbarrierArriveExpectTx(uint32_t bar, uint32_t bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes)
               : "memory");
}

// One plain arrival (release semantics at CTA scope: the caller's earlier
// shared-memory accesses are ordered before it).
MXFP4_DEVICE_INLINE void MbarrierArrive(uint32_t bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}

// The spin loop around one form of mbarrier.try_wait.parity (operands: %0 the
// barrier, %1 the parity), shared by MbarrierWait and MbarrierWaitCluster.
#define MXFP4_MBARRIER_TRY_WAIT_LOOP(try_wait) \
  "{\n"                                        \
  ".reg .pred done;\n"                         \
  "wait_%=:\n" try_wait " done, [%0], %1;\n"   \
  "@!done bra wait_%=;\n"                      \
  "}\n"

// Blocks until phase `parity` of the barrier has completed (its arrival and
// all announced bytes).
MXFP4_DEVICE_INLINE void MbarrierWait(uint32_t bar, uint32_t parity) {
  asm volatile(MXFP4_MBARRIER_TRY_WAIT_LOOP("mbarrier.try_wait.parity.shared::cta.b64")::"r"(bar),
               "r"(parity)
               : "memory");
}

// MbarrierWaitCluster(): MbarrierWait with acquire at cluster scope, for
// phases completed by a peer CTA's st.async (StoreAsyncToPeer), whose
// complete_tx releases at cluster scope.
MXFP4_DEVICE_INLINE void MbarrierWaitCluster(uint32_t bar, uint32_t parity) {
  asm volatile(MXFP4_MBARRIER_TRY_WAIT_LOOP(
                   "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64")::"r"(bar),
               "r"(parity)
               : "memory");
}

#undef MXFP4_MBARRIER_TRY_WAIT_LOOP

// MapSharedRank(): the shared::cluster address of this CTA's shared-memory
// address `addr` in cluster CTA `rank`.
MXFP4_DEVICE_INLINE uint32_t MapSharedRank(uint32_t addr, uint32_t rank) {
  uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(addr), "r"(rank));
  return remote;
}

// ClusterCtaCount(): the CTAs of this CTA's cluster (1 without one).
MXFP4_DEVICE_INLINE uint32_t ClusterCtaCount() {
  uint32_t count;
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(count));
  return count;
}

// StoreAsyncToPeer(): 16 bytes into a peer CTA's shared memory (`remote`,
// from MapSharedRank), counted as complete_tx bytes on that CTA's mbarrier
// `remote_bar`. No fence: unlike a release barrier it waits for nothing the
// thread did before (session 53: the int8 quantizer's exchange).
MXFP4_DEVICE_INLINE void StoreAsyncToPeer(uint32_t remote, const float4& v, uint32_t remote_bar) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%0], {%1, %2, %3, %4}, "
      "[%5];" ::"r"(remote),
      "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w), "r"(remote_bar)
      : "memory");
}

// StoreAsyncToPeerB32(): StoreAsyncToPeer's 4-byte form.
MXFP4_DEVICE_INLINE void StoreAsyncToPeerB32(uint32_t remote, uint32_t v, uint32_t remote_bar) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%0], %1, [%2];" ::"r"(remote),
      "r"(v), "r"(remote_bar)
      : "memory");
}

// BulkCopyToShared(): `bytes` from global `src` to shared `dst`, completing
// on `bar` (complete_tx). The destination is this CTA's shared memory.
MXFP4_DEVICE_INLINE void BulkCopyToShared(uint32_t dst, const void* src, uint32_t bytes,
                                          uint32_t bar) {
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
          "r"(dst),
      "l"(src), "r"(bytes), "r"(bar)
      : "memory");
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_BULK_COPY_H_
