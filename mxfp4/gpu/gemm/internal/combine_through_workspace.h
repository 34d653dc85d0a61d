// File: mxfp4/gpu/gemm/internal/combine_through_workspace.h
//
// CombineThroughWorkspace(): the epilogue of the ring decode kernels whose
// K-split runs over independent CTAs (gridDim.z CTAs a tile, no cluster:
// GemmKernelArgs::grid_split_counters; HasRingGridSplitForm says why).
// Every CTA writes its warpgroups' chunk partials (the rows below M) to its
// slot of the workspace, fences, and takes a ticket from its tile's counter;
// the CTA that draws the last ticket sums every chunk's partial in chunk
// order, ((p0 + p1) + p2) + ..., from the workspace (its own from shared
// memory) and stores: the KSplit of a cluster's combine, bit for bit. The
// counters are zeroed by the call's quantizer, which every CTA has waited for
// (GridDependencyWait, before its first fill) long before it gets here; the
// next call's quantizer waits for this grid before it zeroes them again.
//
// CombinePushedRanksThroughWorkspace(): the same one level up, for K-split
// clusters split over the grid (HasRingClusterGridSplitForm).
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_COMBINE_THROUGH_WORKSPACE_H_
#define MXFP4_GPU_GEMM_INTERNAL_COMBINE_THROUGH_WORKSPACE_H_

#include <cstdint>

#include "mxfp4/gpu/gemm/internal/combine_partials.h"
#include "mxfp4/gpu/gemm/internal/store_outputs.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// *counter += 1 at GPU scope with acquire-release semantics; returns the old
// value. Release: the CTA's stores before the __syncthreads() that precedes
// it (cumulativity) are visible to whoever acquires the new count; acquire:
// the stores that every earlier incrementer released are visible here. (A
// __threadfence() - fence.sc.gpu - by every thread first cost ~1K cycles
// more: session 39 call 1.)
MXFP4_DEVICE_INLINE uint32_t TicketAcqRel(uint32_t* counter) {
  uint32_t old;
  asm volatile("atom.add.acq_rel.gpu.global.u32 %0, [%1], 1;"
               : "=r"(old)
               : "l"(counter)
               : "memory");
  return old;
}

// kRows: the partials' rows (a decode kernel's kMmaRows); kPartials: chunks a
// CTA (its warpgroups along K). `partials`: this CTA's, [kPartials][kRows]
// [kBlockN + 4] fp32 in shared memory, written by every warp and not yet
// synchronized.
template <int kThreads, int kBlockN, int kRows, int kPartials>
MXFP4_DEVICE_INLINE void CombineThroughWorkspace(const GemmKernelArgs& p, const float* partials,
                                                 int n0, int m0) {
  constexpr int kCStride = kBlockN + 4;
  constexpr int kItemsPerRow = kBlockN / 4;  // four outputs an item
  constexpr int kPartialFloats = kRows * kBlockN;
  constexpr int kSlotFloats = kPartials * kPartialFloats;
  const int tid = static_cast<int>(threadIdx.x);
  const int tile = static_cast<int>(blockIdx.y * gridDim.x + blockIdx.x);
  const int split = static_cast<int>(blockIdx.z);
  const int splits = static_cast<int>(gridDim.z);
  const int rows = min(kRows, p.m - m0);
  const int items = rows * kItemsPerRow;
  float* const slots = p.grid_split_partials + static_cast<int64_t>(tile) * splits * kSlotFloats;
  __syncthreads();  // every warp's partials are in shared memory
  // This CTA's partials out, past L1 (the last CTA reads them from L2).
  float* const own = slots + split * kSlotFloats;
#pragma unroll
  for (int w = 0; w < kPartials; ++w) {
    for (int i = tid; i < items; i += kThreads) {
      const int ml = i / kItemsPerRow;
      const int nl = (i % kItemsPerRow) * 4;
      __stcg(reinterpret_cast<float4*>(own + w * kPartialFloats + ml * kBlockN + nl),
             *reinterpret_cast<const float4*>(partials + (w * kRows + ml) * kCStride + nl));
    }
  }
  // The ticket releases this CTA's partials and, for the last CTA, acquires
  // every other one's (the barriers order the other threads' stores before
  // it and their loads after it).
  __syncthreads();
  bool last = false;
  if (tid == 0) {
    last = TicketAcqRel(p.grid_split_counters + tile) == static_cast<uint32_t>(splits - 1);
  }
  if (__syncthreads_or(last) == 0) return;
  for (int i = tid; i < items; i += kThreads) {
    const int ml = i / kItemsPerRow;
    const int nl = (i % kItemsPerRow) * 4;
    const int n = n0 + nl;
    if (n >= p.n) continue;
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    // The splits unrolled and predicated: later splits' loads may be issued
    // before earlier splits' sums.
#pragma unroll
    for (int z = 0; z < kMaxGridSplits; ++z) {
      if (z < splits) {
        float4 q[kPartials];
#pragma unroll
        for (int w = 0; w < kPartials; ++w) {
          q[w] = z == split
                     ? *reinterpret_cast<const float4*>(partials + (w * kRows + ml) * kCStride + nl)
                     : __ldcg(reinterpret_cast<const float4*>(slots + z * kSlotFloats +
                                                              w * kPartialFloats + ml * kBlockN +
                                                              nl));
        }
        AddChunksInOrder(v, q, z == 0);
      }
    }
    StoreOutputs4(p, m0 + ml, n, v);
  }
}

// CombinePushedRanksThroughWorkspace(): the combine of K-split clusters of
// `ranks` > 2 CTAs split over the grid as well (HasRingClusterGridSplitForm:
// gridDim.z = clusters x ranks, `rank` = the CTA's rank in its cluster).
// Each cluster sums its ranks' runs as CombinePushedRanks does, but every
// owner writes its chunks' sums to its cluster's slot of the workspace
// ([tile][cluster][kBlockM][kBlockN] fp32, chunk c at c * 4) instead of the
// output and takes a ticket from counters[tile][rank]; the owner that draws
// the last ticket (its peers of the other clusters own the same chunks) adds
// the clusters' sums in order, ((C0 + C1) + C2) + ..., and stores:
// KSplit::outer_group = ranks. Only `ranks` chunks' worth of bytes a CTA goes
// through L2 (64x64 tile, 8 ranks: 2 KB written, and read once per cluster
// by the last).
template <int kThreads, int kBlockN, int kBlockM, int kPartials, PushedReceive kReceive>
MXFP4_DEVICE_INLINE void CombinePushedRanksThroughWorkspace(const GemmKernelArgs& p,
                                                            const float* partials,
                                                            const float* receive,
                                                            uint32_t receive_bar, int ranks,
                                                            int rank, int n0, int m0) {
  constexpr int kTileFloats = kBlockM * kBlockN;
  const int tile = static_cast<int>(blockIdx.y * gridDim.x + blockIdx.x);
  const int clusters = static_cast<int>(gridDim.z) / ranks;
  const int cluster = static_cast<int>(blockIdx.z) / ranks;
  float* const sums = p.grid_split_partials + static_cast<int64_t>(tile) * clusters * kTileFloats;
  float* const own = sums + cluster * kTileFloats;
  // This cluster's sums out, past L1 (the last cluster's owner reads them
  // from L2).
  SumPushedRanks<kThreads, kBlockN, kBlockM, kPartials, kReceive>(
      p, partials, receive, receive_bar, ranks, rank, n0, m0,
      [own](int c, int, int, const float4& v) {
        __stcg(reinterpret_cast<float4*>(own + c * 4), v);
      });
  // The ticket releases this CTA's sums and, for the last, acquires every
  // other cluster's (CombineThroughWorkspace's pattern).
  __syncthreads();
  bool last = false;
  if (threadIdx.x == 0) {
    last = TicketAcqRel(p.grid_split_counters + tile * ranks + rank) ==
           static_cast<uint32_t>(clusters - 1);
  }
  if (__syncthreads_or(last) == 0) return;
  using Chunks = PairChunks<kThreads, kBlockN, kBlockM, kPartials>;
  Chunks::ForEachOwned(p, ranks, rank, n0, m0, [&](int, int c, int m, int n) {
    // From cluster 0's sum (never +0 + C0).
    float4 v = __ldcg(reinterpret_cast<const float4*>(sums + c * 4));
    for (int z = 1; z < clusters; ++z) {
      AddInOrder(v, __ldcg(reinterpret_cast<const float4*>(sums + z * kTileFloats + c * 4)));
    }
    StoreOutputs4(p, m, n, v);
  });
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_COMBINE_THROUGH_WORKSPACE_H_
