// File: mxfp4/gpu/gemm/internal/weight_prefetch.h
//
// PrefetchWeightTileToL2: asks L2 for a CTA's whole weight tile (its packed
// E2M1 rows over all of K and their E8M0 scale bytes), for
// GemmOptions::cold_weights. `cp.async.bulk.prefetch.L2` is a hint: no load
// sees it, so results are the same bit for bit.
//
// Why (docs/paths.md "Measured (2026-12-03 and 2026-12-04, sessions
// 44-45)"): the 64-row ring forms keep one or two steps of weight loads in
// flight; with the weight in HBM every step waits for HBM latency
// (64x7168x2048 10.4 us cold against 8.0 warm). Asked for whole, behind the
// first fills, the tile is in L2 when its steps come: 10-13% faster cold.
// Warm, the lookups cost L2 bandwidth the GEMM needs (1-2% slower), which is
// why it is a caller's hint and not auto's choice. One bulk prefetch a run
// (the TMA unit walks the lines) from one thread: a prefetch.global.L2 a
// line from every thread cost 4-7% warm.
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_WEIGHT_PREFETCH_H_
#define MXFP4_GPU_GEMM_INTERNAL_WEIGHT_PREFETCH_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/tile_config.h"
#include "mxfp4/gpu/platform/vendor.h"

namespace mxfp4::gpu::gemm_internal {

// Rows [n0, n0 + rows) of p's weight that lie below N (n0 a multiple of 32),
// all of K, from thread 0 (others return). In either layout the data is one
// run of bytes (preshuffled: whole 16-row groups, N % 16 == 0; natural: whole
// rows), starting 16-byte aligned (the weight pointer is, and a row is K/2
// bytes, K % 32 == 0); so are the scale bytes (shuffled16: whole 32-row
// groups, the stored rows padded to 256; natural: whole rows, the run trimmed
// to its 16-byte aligned inside, which the bulk prefetch needs).
template <bool kScalesShuffled16>
MXFP4_DEVICE_INLINE void PrefetchWeightTileToL2(const GemmKernelArgs& p, int n0, int rows, int t) {
  const int rows_in = min(rows, p.n - n0);
  if (t != 0 || rows_in <= 0) return;
  const int64_t row_bytes = p.k >> 1;
  const int groups = p.k >> 5;
  const uint8_t* const data = p.b_data + static_cast<int64_t>(n0) * row_bytes;
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(data),
               "r"(static_cast<uint32_t>(static_cast<int64_t>(rows_in) * row_bytes)));
  const int64_t scale_row_bytes = kScalesShuffled16 ? (groups + 7) & ~7 : groups;
  const int scale_rows = kScalesShuffled16 ? (rows_in + 31) & ~31 : rows_in;
  const uintptr_t scales =
      reinterpret_cast<uintptr_t>(p.b_scales + static_cast<int64_t>(n0) * scale_row_bytes);
  const uintptr_t lo = (scales + 15) & ~uintptr_t{15};
  const uintptr_t hi = (scales + static_cast<uintptr_t>(scale_rows * scale_row_bytes)) &
                       ~uintptr_t{15};
  if (hi > lo) {
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(lo),
                 "r"(static_cast<uint32_t>(hi - lo)));
  }
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WEIGHT_PREFETCH_H_
