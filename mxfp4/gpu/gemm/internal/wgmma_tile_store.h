// File: mxfp4/gpu/gemm/internal/wgmma_tile_store.h
//
// StoreWgmmaTileBf16(): the epilogue of the e4m3 wgmma ring tiles whose
// warpgroups split N only (no K-split partials to combine: wgmma8_n128_m64,
// wgmma8_n128_m128), for a lone CTA whose tile lies inside C with bf16 output
// and N % 8 == 0. The accumulators go to bf16
// in registers and through a staging tile in shared memory (stmatrix .trans:
// the accumulators' weight-row-major fragments become rows of C), then out as
// whole 128-byte row segments of each warpgroup. The general path
// (WriteRingPartials + CombinePartialsAndStore) moves the fp32 tile through
// shared memory element by element: math done -> end 2539 -> 1899 cycles on
// 2048x7168x2048 (wgmma8_n128_m128_fold, 123.0 -> 122.1 us; session 20 call
// 3; 4096^3 264.1 -> 261.9 us, 512x7168x2048 on n128_m64 49.2 -> 48.9,
// call 4). The same rounding (Float2ToBf16x2Bits), so the same bits.
// Not for the K-split tiles: summing their partials in registers (each
// warpgroup one slice of the tile, the others' parts through shared memory)
// was slower than the general path (256x3072x1536 9.13 -> 9.41 us, math done
// -> end 1809 -> 2096 cycles; session 20 calls 2-3). Not in the warp-
// specialized n128_m128 tile either (not dispatched by auto): its one A/B
// (call 4) had the epilogue 2552 -> 2229 cycles but the math +1.9K (4096^3
// 266.1 -> 273.3 us), unexplained, so its one-tile kernels keep the
// partials' path. Its persistent kernels (session 56) have a form that stores
// each tile through the checked form, each warpgroup its half after its own
// barrier (no fp32 partial tile, no barrier of both warpgroups a tile), taken
// for every bf16 launch with N % 8 == 0 (PersistentWsStoresDirect).
//
// Device TUs only (NVIDIA, sm_90a).

#ifndef MXFP4_GPU_GEMM_INTERNAL_WGMMA_TILE_STORE_H_
#define MXFP4_GPU_GEMM_INTERNAL_WGMMA_TILE_STORE_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// StMatrixX4Trans(): four 8x8 b16 matrices from the mma accumulator fragment
// (lane L holds row L/4, columns 2(L%4), 2(L%4)+1 of matrix i in r[i], the
// first in the low half), each stored transposed: row j of the stored matrix
// (16 bytes at the address lane 8i + j gives) = column j of the fragment.
MXFP4_DEVICE_INLINE void StMatrixX4Trans(uint32_t row_address, uint32_t r0, uint32_t r1,
                                         uint32_t r2, uint32_t r3) {
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                   row_address),
               "r"(r0), "r"(r1), "r"(r2), "r"(r3)
               : "memory");
}

// The staging tile [kNa][kBlockN + 8] bf16 (16 bytes of padding a row: the 8
// rows of an stmatrix matrix fall on different banks).
template <int kNa, int kBlockN>
struct WgmmaTileStoreSmem {
  static constexpr uint32_t kStageStride = static_cast<uint32_t>(kBlockN + 8) * 2u;
  static constexpr uint32_t kBytes = static_cast<uint32_t>(kNa) * kStageStride;
};

// Whether every tile of a launch may take StoreWgmmaTileBf16<.., kChecked =
// true>: bf16 output, N % 8 == 0.
inline MXFP4_HOST_DEVICE bool WgmmaTileStoresChecked(const GemmKernelArgs& p) {
  return !p.c_fp32 && (p.n & 7) == 0;
}

// Whether a CTA's tile takes StoreWgmmaTileBf16 (CTA-uniform).
template <int kNa, int kBlockN>
MXFP4_DEVICE_INLINE bool WgmmaTileStoresDirect(const GemmKernelArgs& p, int cluster_size, int n0,
                                               int m0) {
  // Spelled out, not WgmmaTileStoresChecked(p): calling it changed ptxas's
  // code for five ring kernels (registers +1-2; kernel_diff, session 56).
  return cluster_size == 1 && !p.c_fp32 && (p.n & 7) == 0 && m0 + kNa <= p.m &&
         n0 + kBlockN <= p.n;
}

// Whether a persistent ws launch takes the direct-store kernel (the host's
// choice; WgmmaRingWsGemmBody's kDirectStore): every bf16 launch with N % 8 ==
// 0. Session 56 kept it to K <= 1024, since from K = 1536 its loop ran ~20 more
// instructions a stage (the descriptors in vector registers, an R2UR per word);
// session 57 found the cause (the fast-form vote, which ptxas took for
// divergent: WarpUniform, wgmma_ring_pieces.h), and with it fixed the direct
// form is faster at every K measured, 512 to 4096 (H100, session 57 call 2:
// 4096x2880x512 33.3 -> 31.4 us, 4096x3072x1536 72.4 -> 69.6, 4096^3 211.2 ->
// 207.9).
inline MXFP4_HOST_DEVICE bool PersistentWsStoresDirect(const GemmKernelArgs& p) {
  return WgmmaTileStoresChecked(p);
}

// Warpgroup wn (its 64 weight rows = columns wn * 64 .. of the tile) stores
// its accumulators: acc = the warp's m64n<kNa> accumulators (lane (gid, tig)
// of warp w4). `stage`: WgmmaTileStoreSmem's bytes, which no thread uses any
// more. Named barrier 2 + wn (the warpgroup's 128 threads).
// kChecked: a tile on C's edge too (rows past M and 8-column segments past N
// are not stored; still bf16 with N % 8 == 0, WgmmaTileStoresChecked).
template <int kNa, int kBlockN, bool kChecked = false>
MXFP4_DEVICE_INLINE void StoreWgmmaTileBf16(const GemmKernelArgs& p, unsigned char* stage,
                                            const float (&acc)[kNa / 2], int wn, int w4, int lane,
                                            int n0, int m0) {
  using Smem = WgmmaTileStoreSmem<kNa, kBlockN>;
  // This warp's strip: every activation row, its 16 weight rows (columns of
  // C) wn * 64 + 16 * w4 ...; lanes 8i .. 8i + 7 address the rows of matrix i.
  const int mat = lane >> 3;
  const uint32_t row_address =
      SharedAddress(stage) + static_cast<uint32_t>(8 * (mat >> 1) + (lane & 7)) * Smem::kStageStride +
      static_cast<uint32_t>(wn * 64 + 16 * w4 + 8 * (mat & 1)) * 2u;
#pragma unroll
  for (int c = 0; c < kNa / 8; c += 2) {
    // Matrices: (chunk c, weight rows gid), (c, gid + 8), (c + 1, gid), (c + 1, gid + 8).
    StMatrixX4Trans(row_address + static_cast<uint32_t>(8 * c) * Smem::kStageStride,
                    Float2ToBf16x2Bits(acc[4 * c], acc[4 * c + 1]),
                    Float2ToBf16x2Bits(acc[4 * c + 2], acc[4 * c + 3]),
                    Float2ToBf16x2Bits(acc[4 * c + 4], acc[4 * c + 5]),
                    Float2ToBf16x2Bits(acc[4 * c + 6], acc[4 * c + 7]));
  }
  // The warpgroup's rows out, whole 128-byte segments (a warp: 4 rows): a
  // warp storing only its 32-byte strip of 16 rows made 4x the L2 write
  // requests (2048x7168x2048 122.7 -> 126.1 us, session 20 call 2).
  asm volatile("bar.sync %0, 128;" ::"r"(2 + wn) : "memory");
  const int t = (w4 << 5) | lane;
#pragma unroll
  for (int i = 0; i < kNa / 16; ++i) {
    const int u = t + 128 * i;
    const int row = u >> 3;
    const int cols = wn * 64 + 8 * (u & 7);
    if constexpr (kChecked) {
      if (m0 + row >= p.m || n0 + cols >= p.n) continue;
    }
    const uint4 v = *reinterpret_cast<const uint4*>(stage + row * Smem::kStageStride + cols * 2);
    *reinterpret_cast<uint4*>(static_cast<uint16_t*>(p.c) +
                              static_cast<int64_t>(m0 + row) * p.n + (n0 + cols)) = v;
  }
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_WGMMA_TILE_STORE_H_
