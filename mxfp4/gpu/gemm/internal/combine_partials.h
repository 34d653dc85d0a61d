// File: mxfp4/gpu/gemm/internal/combine_partials.h
//
// CombinePartialsAndStore(): the epilogue of the streaming and wgmma bodies.
// Every CTA of a (1, 1, cluster_size) cluster holds kPartials fp32 tiles
// [partial][block_m][block_n + 4] in shared memory at the same offset; the
// K-split chunk of tile w of cluster rank r is r * kPartials + w. Each output
// is combined in chunk order, ((p0 + p1) + p2) + ... (distributed shared
// memory for the other ranks; a two-CTA cluster as a chain), then stored by
// StoreOutputs4. The CTAs of a
// cluster share the outputs of the tile; the caller has written its partials
// and not yet synchronized. A lone CTA whose tile lies inside C with bf16
// 4-wide stores takes a loop without bounds checks or output-form branches.
// CombinePushedPair(): the two-CTA combine of the streaming tiles' pushed-pair
// kernels, which call it directly (stream_gemm_body.h's kPushedPair);
// CombinePushedRanks() that of their clusters of more than two CTAs.
//
// Device TUs only.

#ifndef MXFP4_GPU_GEMM_INTERNAL_COMBINE_PARTIALS_H_
#define MXFP4_GPU_GEMM_INTERNAL_COMBINE_PARTIALS_H_

#include <cooperative_groups.h>

#include <type_traits>

#include "mxfp4/gpu/gemm/internal/bulk_copy.h"
#include "mxfp4/gpu/gemm/internal/mma_ops.h"
#include "mxfp4/gpu/gemm/internal/store_outputs.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// v += q, lane by lane, rounded to nearest (one step of the chunk-order sum).
MXFP4_DEVICE_INLINE void AddInOrder(float4& v, const float4& q) {
  v.x = __fadd_rn(v.x, q.x);
  v.y = __fadd_rn(v.y, q.y);
  v.z = __fadd_rn(v.z, q.z);
  v.w = __fadd_rn(v.w, q.w);
}

// v += q rounded to nearest: AddInOrder for one output.
MXFP4_DEVICE_INLINE void AddInOrder(float& v, float q) { v = __fadd_rn(v, q); }

// The next kN chunks of the chunk-order sum: v = q[0] when they are the first
// (`first`: v holds nothing yet; never +0 + q[0], which would turn a -0
// partial into +0), else v += q[0]; then v += q[1], ..., q[kN - 1].
template <int kN, typename Item>
MXFP4_DEVICE_INLINE void AddChunksInOrder(Item& v, const Item (&q)[kN], bool first) {
#pragma unroll
  for (int w = 0; w < kN; ++w) {
    if (first && w == 0) {
      v = q[0];
    } else {
      AddInOrder(v, q[w]);
    }
  }
}

inline constexpr int kMaxClusterRanks = 8;

// PullOutputs(): CombineByPulling's loop with kWidth (4 or 1) outputs an item:
// item e of the tile from `first` on, every `threads`, each output's
// partials read rank by rank (ranks unrolled, predicated) and summed in chunk
// order, then stored.
template <int kWidth, int kThreads, int kBlockN, int kBlockM, int kPartials>
MXFP4_DEVICE_INLINE void PullOutputs(const GemmKernelArgs& p,
                                     const float* const (&src)[kMaxClusterRanks],
                                     int cluster_size, int first, int threads, int n0, int m0) {
  using Item = std::conditional_t<kWidth == 4, float4, float>;
  constexpr int kCStride = kBlockN + 4;
  constexpr int kPartialFloats = kBlockM * kCStride;
  constexpr int kItemsPerRow = kBlockN / kWidth;
  for (int e = first; e < kBlockM * kItemsPerRow; e += threads) {
    const int ml = e / kItemsPerRow;
    const int nl = (e % kItemsPerRow) * kWidth;
    const int m = m0 + ml;
    const int n = n0 + nl;
    if (m >= p.m || n >= p.n) continue;
    const int off = ml * kCStride + nl;
    Item v;
#pragma unroll
    for (int r = 0; r < kMaxClusterRanks; ++r) {
      if (r < cluster_size) {
        Item q[kPartials];
#pragma unroll
        for (int w = 0; w < kPartials; ++w) {
          q[w] = *reinterpret_cast<const Item*>(src[r] + w * kPartialFloats + off);
        }
        AddChunksInOrder(v, q, r == 0);
      }
    }
    if constexpr (kWidth == 4) {
      StoreOutputs4(p, m, n, v);
    } else {
      StoreOutput1(p, m, n, v);
    }
  }
}

// CombineByPulling(): the cluster combine of CombinePartialsAndStore for
// clusters of more than 2 CTAs. Every rank's threads take a share of the
// tile's outputs (four a thread while there are enough for all threads of the
// cluster, else one) and read each output's cluster_size x kPartials partials
// in chunk order, the ranks unrolled up to kMaxClusterRanks and predicated so
// that later ranks' loads may be issued before earlier ranks' sums. The loop
// below it has ranks 0 and 1 alone read every partial of a 64 x 64 tile, rank
// by rank: distributed shared memory moves ~10 bytes a cycle into an SM, so
// that took ~10K cycles for 8 ranks (64x512x16384: 15.5 -> 13.2 us; docs/paths-history.md
// "Measured (2026-12-01, session 29)"). Two ranks keep the chain. Since
// session 77 the ring tiles of more than one warpgroup along K push instead
// (CombinePushedRanks, RingPushesRanks); this serves the others' forced
// clusters.
template <int kThreads, int kBlockN, int kBlockM, int kPartials>
MXFP4_DEVICE_INLINE void CombineByPulling(const GemmKernelArgs& p, const float* partials,
                                          int cluster_size, int n0, int m0) {
  namespace cg = cooperative_groups;
  cg::this_cluster().sync();
  const float* src[kMaxClusterRanks];
#pragma unroll
  for (int r = 0; r < kMaxClusterRanks; ++r) {
    src[r] = cg::this_cluster().map_shared_rank(partials, r < cluster_size ? r : 0);
  }
  const int threads = kThreads * cluster_size;
  const int first = static_cast<int>(threadIdx.x) + static_cast<int>(blockIdx.z) * kThreads;
  if (kBlockM * (kBlockN / 4) >= threads) {
    PullOutputs<4, kThreads, kBlockN, kBlockM, kPartials>(p, src, cluster_size, first, threads,
                                                          n0, m0);
  } else {
    PullOutputs<1, kThreads, kBlockN, kBlockM, kPartials>(p, src, cluster_size, first, threads,
                                                          n0, m0);
  }
  // Peers read this CTA's partials until they pass this barrier.
  cg::this_cluster().sync();
}

// PairChunks: the chunk walk of the two-CTA combines (CombineChainOfTwo,
// CombinePushedPair). Chunk c is four outputs of the tile, row Row(c) and
// columns Col(c)..+3, at Offset(c) in each partial; a thread takes chunks
// c = threadIdx.x + i * kThreads.
template <int kThreads, int kBlockN, int kBlockM, int kPartials>
struct PairChunks {
  static constexpr int kCStride = kBlockN + 4;
  static constexpr int kPartialFloats = kBlockM * kCStride;
  static constexpr int kChunksPerRow = kBlockN / 4;
  static constexpr int kChunks = kBlockM * kChunksPerRow;
  static constexpr int kPerThread = (kChunks + kThreads - 1) / kThreads;
  using Own = float4[kPerThread][kPartials];

  static MXFP4_DEVICE_INLINE int Row(int c) { return c / kChunksPerRow; }
  static MXFP4_DEVICE_INLINE int Col(int c) { return (c % kChunksPerRow) * 4; }
  static MXFP4_DEVICE_INLINE int Offset(int c) { return Row(c) * kCStride + Col(c); }

  // f(i, c) for this thread's chunks: unrolled, so that all of a pass's loads
  // are in flight together.
  template <typename F>
  static MXFP4_DEVICE_INLINE void ForEach(F&& f) {
    const int tid = static_cast<int>(threadIdx.x);
#pragma unroll
    for (int i = 0; i < kPerThread; ++i) {
      const int c = tid + i * kThreads;
      if (kChunks % kThreads != 0 && c >= kChunks) break;
      f(i, c);
    }
  }

  // f(j, c, m, n) for this thread's share of the chunks rank `rank` of
  // `ranks` owns in a pushing cluster (c = j * ranks + rank,
  // PushedRanksOwned) whose first output (m, n) lies inside C.
  template <typename F>
  static MXFP4_DEVICE_INLINE void ForEachOwned(const GemmKernelArgs& p, int ranks, int rank,
                                               int n0, int m0, F&& f) {
    const int owned = PushedRanksOwned(kChunks, ranks, rank);
    for (int j = static_cast<int>(threadIdx.x); j < owned; j += kThreads) {
      const int c = j * ranks + rank;
      const int m = m0 + Row(c);
      const int n = n0 + Col(c);
      if (m >= p.m || n >= p.n) continue;
      f(j, c, m, n);
    }
  }

  // Chunk c of this CTA's partials summed in order, ((p0 + p1) + ...) + p[kPartials - 1].
  static MXFP4_DEVICE_INLINE float4 Fold(const float* partials, int c) {
    const int off = Offset(c);
    float4 v = *reinterpret_cast<const float4*>(partials + off);
#pragma unroll
    for (int w = 1; w < kPartials; ++w) {
      AddInOrder(v, *reinterpret_cast<const float4*>(partials + w * kPartialFloats + off));
    }
    return v;
  }

  // Every partial of this thread's chunks, for rank 1 to continue rank 0's sums with.
  static MXFP4_DEVICE_INLINE void LoadOwn(const float* partials, Own& own) {
    ForEach([&](int i, int c) {
#pragma unroll
      for (int w = 0; w < kPartials; ++w) {
        own[i][w] = *reinterpret_cast<const float4*>(partials + w * kPartialFloats + Offset(c));
      }
    });
  }
};

// CombineChainOfTwo(): the combine of a two-CTA cluster, a chain instead of
// rank 0 reading all 2 x kPartials tiles. Rank 0 folds its own partials,
// ((p0 + p1) + ...) + p[kPartials - 1], into its slot 0; rank 1 continues each
// sum with its own partials in order and stores: the same sums in the same
// order as the general loop, one distributed-shared-memory load per four
// outputs, every thread of both CTAs working. The cluster barrier is split
// so that neither rank waits for more than it needs: rank 1 arrives at once
// and loads its own partials while rank 0 sums (phase 1, released by rank 0's
// sums); rank 1 arrives at phase 2 (relaxed) once it has stored the outputs
// made from rank 0's sums, and exits without waiting; rank 0 waits for phase 2
// only so that its shared memory outlives those reads (a thread that has exited
// no longer holds a cluster barrier). Measured (H200, session 37, phase
// clocks): with a full cluster barrier before and after rank 1's pass, "math
// done -> end" was ~4.6K cycles on 64x4096x4096 (k4, cluster 2), ~2.3K of them
// after rank 0's sums.
template <int kThreads, int kBlockN, int kBlockM, int kPartials>
MXFP4_DEVICE_INLINE void CombineChainOfTwo(const GemmKernelArgs& p, float* partials, int rank,
                                           int n0, int m0) {
  namespace cg = cooperative_groups;
  using Chunks = PairChunks<kThreads, kBlockN, kBlockM, kPartials>;
  __syncthreads();  // every partial of this CTA is written
  if (rank == 0) {
    Chunks::ForEach([&](int, int c) {
      *reinterpret_cast<float4*>(partials + Chunks::Offset(c)) = Chunks::Fold(partials, c);
    });
    ClusterArriveRelease();  // phase 1: the sums are rank 1's to read
    ClusterWait();
    ClusterArriveRelaxed();  // phase 2: rank 1 has read them
    ClusterWait();
    return;
  }
  ClusterArriveRelaxed();  // phase 1
  typename Chunks::Own own;
  Chunks::LoadOwn(partials, own);
  ClusterWait();
  const float* const head = cg::this_cluster().map_shared_rank(partials, 0);
  // Chunk c's first output in C. Spelled out, not Chunks::Row / Col: with
  // those the 32-row bulk tiles' and stream_n64_m16_k4_fold's PTX changed
  // (registers 126 -> 128 in the latter; kernel_diff, session 75).
  auto out_m = [&](int c) { return m0 + c / Chunks::kChunksPerRow; };
  auto out_n = [&](int c) { return n0 + (c % Chunks::kChunksPerRow) * 4; };
  auto inside = [&](int c) { return out_m(c) < p.m && out_n(c) < p.n; };
  // Only the chunks inside C read rank 0's sums: every remote load below is
  // consumed by a store before phase 2 (see there).
  float4 v[Chunks::kPerThread];
  Chunks::ForEach([&](int i, int c) {
    if (inside(c)) v[i] = *reinterpret_cast<const float4*>(head + Chunks::Offset(c));
  });
  Chunks::ForEach([&](int i, int c) {
    if (!inside(c)) return;
#pragma unroll
    for (int w = 0; w < kPartials; ++w) AddInOrder(v[i], own[i][w]);
    StoreOutputs4(p, out_m(c), out_n(c), v[i]);
  });
  // Phase 2, relaxed; no wait. It carries no data: it only keeps rank 0's
  // shared memory alive until this thread's remote loads are done, and each
  // of their values has been consumed by a store issued above (a warp issues
  // in order, and an instruction issues once its operands have arrived).
  // The release form costs a GPU-scope MEMBAR + ERRBAR on the chain's last
  // rank (H100, session 71: 16x2112x7168 8.32 -> 7.95 us, 1x2048x4096 6.25
  // -> 5.83 in this form; its SASS has the arrive after every store path).
  ClusterArriveRelaxed();
}

// ArmPushedReceive(): before the math in both CTAs of a two-CTA K-split
// cluster that combines by CombinePushedPair (at kernel start, or once the
// copies are in flight: stream_gemm_body.h): rank 1's thread 0 initializes
// its receive barrier (SmemPlan::c_receive) expecting kBlockM x kBlockN fp32,
// and every thread arrives (relaxed) on the cluster barrier whose wait rank 0
// passes before its first push (so the barrier is initialized by then; the
// fence.mbarrier_init releases it at cluster scope).
template <int kBlockN, int kBlockM>
MXFP4_DEVICE_INLINE void ArmPushedReceive(int rank, uint32_t receive_bar) {
  if (rank == 1 && threadIdx.x == 0) {
    MbarrierInit(receive_bar);
    MbarrierInitFence();
    MbarrierArriveExpectTx(receive_bar, PushedReceiveTileBytes(kBlockM, kBlockN));
  }
  ClusterArriveRelaxed();
}

// CombinePushedPair(): the two-CTA combine without a release fence. Rank 0
// folds its partials, ((p0 + p1) + ...) + p[kPartials - 1], and pushes each
// 4-output sum into rank 1's receive tile with st.async (its bytes complete
// rank 1's receive barrier), then exits: nobody reads its shared memory.
// Rank 1 loads its own partials, waits for the barrier, continues each sum
// with them in order and stores. The same sums in the same order as
// CombineChainOfTwo, with no cluster barrier after the math (ArmPushedReceive
// made the one barrier before the math) and one-way remote stores instead of
// remote loads. Both CTAs run it (a two-CTA K-split cluster, rank = blockIdx.z),
// after the kernel's GridDependencyLaunchDependents().
template <int kThreads, int kBlockN, int kBlockM, int kPartials>
MXFP4_DEVICE_INLINE void CombinePushedPair(const GemmKernelArgs& p, const float* partials,
                                           const float* receive, uint32_t receive_bar, int rank,
                                           int n0, int m0) {
  using Chunks = PairChunks<kThreads, kBlockN, kBlockM, kPartials>;
  __syncthreads();  // every partial of this CTA is written
  if (rank == 0) {
    ClusterWait();  // ArmPushedReceive's phase: rank 1's barrier is initialized
    const uint32_t remote = MapSharedRank(SharedAddress(receive), 1u);
    const uint32_t remote_bar = MapSharedRank(receive_bar, 1u);
    Chunks::ForEach([&](int, int c) {
      StoreAsyncToPeer(remote + static_cast<uint32_t>(c) * 16u, Chunks::Fold(partials, c),
                       remote_bar);
    });
    return;
  }
  typename Chunks::Own own;
  Chunks::LoadOwn(partials, own);
  MbarrierWaitCluster(receive_bar, 0u);
  Chunks::ForEach([&](int i, int c) {
    const int ml = Chunks::Row(c);
    const int nl = Chunks::Col(c);
    if (m0 + ml >= p.m || n0 + nl >= p.n) return;
    float4 v = *reinterpret_cast<const float4*>(receive + c * 4);
#pragma unroll
    for (int w = 0; w < kPartials; ++w) AddInOrder(v, own[i][w]);
    StoreOutputs4(p, m0 + ml, n0 + nl, v);
  });
}

// ArmPushedRanks(): at kernel start in every CTA of a K-split cluster of
// `ranks` > 2 CTAs that combines by CombinePushedRanks: thread 0 initializes
// the CTA's receive barrier expecting the (ranks - 1) float4 of each chunk
// the CTA owns (one sum from every other rank), and every thread arrives
// (relaxed) on the cluster barrier that every rank waits for before its first
// push. InitPushedRanksReceive() is its one thread's part, which the ring
// tiles run beside their stage barriers' init (their kernel-start cluster
// arrive is already there).
template <int kBlockN, int kBlockM>
MXFP4_DEVICE_INLINE void InitPushedRanksReceive(int ranks, int rank, uint32_t receive_bar) {
  const int owned = PushedRanksOwned(kBlockM * kBlockN / 4, ranks, rank);
  MbarrierInit(receive_bar);
  MbarrierInitFence();
  MbarrierArriveExpectTx(receive_bar, static_cast<uint32_t>((ranks - 1) * owned) * 16u);
}
template <int kBlockN, int kBlockM>
MXFP4_DEVICE_INLINE void ArmPushedRanks(int ranks, int rank, uint32_t receive_bar) {
  if (threadIdx.x == 0) InitPushedRanksReceive<kBlockN, kBlockM>(ranks, rank, receive_bar);
  ClusterArriveRelaxed();
}

// Where CombinePushedRanks' receive area lies, and which cluster barrier phase
// publishes its mbarrier's init to the pushing peers.
enum class PushedReceive {
  // An area of its own, armed by ArmPushedRanks at kernel start: the combine
  // waits for that phase (the streaming tiles).
  kArmed,
  // Over the CTA's ring of stages, free only once its math is done: every
  // rank arrives after its math and pushes once every rank has.
  kInRing,
  // An area of its own, the barrier published by a phase the kernel has
  // already waited for (the ring tiles' kernel-start phase, before their
  // first fill; RingReceiveAfterPlan): each rank pushes as soon as its math
  // is done, without a cluster barrier.
  kPublished,
};

// CombinePushedRanks(): the combine of a K-split cluster of `ranks` > 2 CTAs
// without a cluster barrier after the math. Chunk c (four outputs) belongs to
// rank c % ranks (PushedRanksOwned). Every rank sums its own kPartials
// partials of each chunk another rank owns in chunk order, ((p0 + p1) + ...),
// and pushes that one float4 into the owner's receive area with st.async (its
// bytes complete the owner's receive barrier); then it waits for its own
// barrier and sums each chunk it owns over the ranks in order, ((S0 + S1) +
// ...) + S[ranks - 1] (its own S from its shared memory), and stores. The
// contract of GemmPlan::split_group = kPartials (KSplit::group: each rank's
// splits summed first); before session 79 every partial went to the owner and
// was added one by one, 4x the bytes through distributed shared memory for the
// four-warpgroup tiles (64x512x16384: ~57 KB a CTA, its combine 7.8K cycles
// after 7.1K of math). No rank waits for another's reads before it exits (it
// has received all it needs once its barrier completes). Every CTA of the
// cluster runs it (rank = blockIdx.z, or its rank in the cluster where
// clusters are split over the grid too), after ArmPushedRanks at kernel
// start and GridDependencyLaunchDependents().
// kReceive (PushedReceive): the ring tiles' area lies over their ring of
// stages (kInRing: one cluster barrier after the math, against
// CombineByPulling's two and its remote loads) or, since session 80 where it
// fits, after their plan (kPublished: none); their receive barrier is
// initialized at kernel start (InitPushedRanksReceive) and published by their
// first cluster phase, completed before their first fill.
// SumPushedRanks(): CombinePushedRanks up to its stores: `emit(c, m, n, v)`
// takes each owned chunk's sum v (chunk c, outputs (m, n..n+3)) inside the
// output; CombinePushedRanksThroughWorkspace sends it to the workspace
// instead.
template <int kThreads, int kBlockN, int kBlockM, int kPartials, PushedReceive kReceive,
          typename Emit>
MXFP4_DEVICE_INLINE void SumPushedRanks(const GemmKernelArgs& p, const float* partials,
                                        const float* receive, uint32_t receive_bar, int ranks,
                                        int rank, int n0, int m0, Emit&& emit) {
  using Chunks = PairChunks<kThreads, kBlockN, kBlockM, kPartials>;
  constexpr int kChunks = Chunks::kChunks;
  const int owned_max = PushedRanksOwnedMax(kChunks, ranks);
  __syncthreads();  // every partial of this CTA is written (and, ring: its stages read)
  // Relaxed: the arrive publishes no data; the stages' only readers, the
  // wgmmas, completed at their wait_group (as the ring's own releases).
  if constexpr (kReceive == PushedReceive::kInRing) ClusterArriveRelaxed();
  // Every rank's barrier is initialized (kInRing: and its stages free).
  if constexpr (kReceive != PushedReceive::kPublished) ClusterWait();
  const uint32_t receive_addr = SharedAddress(receive);
  for (int c = static_cast<int>(threadIdx.x); c < kChunks; c += kThreads) {
    const int owner = c % ranks;
    if (owner == rank) continue;
    const uint32_t slot = static_cast<uint32_t>(rank * owned_max + c / ranks) * 16u;
    StoreAsyncToPeer(MapSharedRank(receive_addr + slot, static_cast<uint32_t>(owner)),
                     Chunks::Fold(partials, c),
                     MapSharedRank(receive_bar, static_cast<uint32_t>(owner)));
  }
  MbarrierWaitCluster(receive_bar, 0u);
  Chunks::ForEachOwned(p, ranks, rank, n0, m0, [&](int j, int c, int m, int n) {
    // Each sum starts from rank 0's (never +0 + S0, which would turn a -0
    // into +0).
    float4 v = rank == 0 ? Chunks::Fold(partials, c)
                         : *reinterpret_cast<const float4*>(receive + j * 4);
    for (int s = 1; s < ranks; ++s) {
      AddInOrder(v, s == rank ? Chunks::Fold(partials, c)
                              : *reinterpret_cast<const float4*>(receive +
                                                                 (s * owned_max + j) * 4));
    }
    emit(c, m, n, v);
  });
}
template <int kThreads, int kBlockN, int kBlockM, int kPartials,
          PushedReceive kReceive = PushedReceive::kArmed>
MXFP4_DEVICE_INLINE void CombinePushedRanks(const GemmKernelArgs& p, const float* partials,
                                            const float* receive, uint32_t receive_bar,
                                            int ranks, int rank, int n0, int m0) {
  SumPushedRanks<kThreads, kBlockN, kBlockM, kPartials, kReceive>(
      p, partials, receive, receive_bar, ranks, rank, n0, m0,
      [&p](int, int m, int n, const float4& v) { StoreOutputs4(p, m, n, v); });
}

// The CTA barrier before a lone CTA's combine: __syncthreads(), or named
// barrier 1 of kNamedBarrierThreads threads when only those take part (the
// warp-specialized ring tiles, whose producer warpgroup has exited).
template <int kNamedBarrierThreads>
MXFP4_DEVICE_INLINE void CombineBarrier() {
  if constexpr (kNamedBarrierThreads == 0) {
    __syncthreads();
  } else {
    asm volatile("bar.sync 1, %0;" ::"n"(kNamedBarrierThreads) : "memory");
  }
}

// kReleaseEarly: release the programmatic dependents before the combine
// (see below); the ring tiles pass false and release after it themselves.
// kNamedBarrierThreads > 0: only that many threads (tid < kThreads) run the
// combine, and cluster_size must be 1. kPullAcrossRanks: clusters of more
// than 2 CTAs share the outputs among all ranks (CombineByPulling); the
// ring tiles' cluster kernels. (The streaming tiles' cluster kernels with it
// ran 8x512x8192 12.50 -> 11.53 us but contest 16x2112x7168, whose 2-rank
// chain does not use it, 7.85 -> 7.97 from the changed code: session 29.)
template <int kThreads, int kBlockN, int kBlockM, int kPartials, bool kReleaseEarly = true,
          int kNamedBarrierThreads = 0, bool kPullAcrossRanks = false>
MXFP4_DEVICE_INLINE void CombinePartialsAndStore(const GemmKernelArgs& p, float* partials,
                                                 int cluster_size, int n0, int m0) {
  namespace cg = cooperative_groups;
  constexpr int kCStride = kBlockN + 4;
  constexpr int kPartialFloats = kBlockM * kCStride;
  const int tid = static_cast<int>(threadIdx.x);
  const int rank = static_cast<int>(blockIdx.z);
  // The math is done: a following kernel launched programmatically (the next
  // call's A quantizer) may start and wait for our completion now, so that
  // its launch overlaps this epilogue. (At kernel entry its CTAs took SMs the
  // next GEMM wanted: 256x3072x1536 12.3 -> 13.7 us.)
  if constexpr (kReleaseEarly) GridDependencyLaunchDependents();
  constexpr int kChunksPerRow = kBlockN / 4;
  if (cluster_size == 2) {
    CombineChainOfTwo<kThreads, kBlockN, kBlockM, kPartials>(p, partials, rank, n0, m0);
    return;
  }
  if (cluster_size == 1 && !p.c_fp32 && p.c_vector_ok && m0 + kBlockM <= p.m &&
      n0 + kBlockN <= p.n) {
    // One CTA, the whole tile inside C, bf16 output in 4-wide stores: the
    // loop below without its per-chunk bounds checks and output-form
    // branches (about half its instructions; the ring tiles' epilogue was
    // ~2.2K cycles of ~15K). The same sums in the same order.
    CombineBarrier<kNamedBarrierThreads>();
    // One 4-output chunk: the sum in chunk order, bf16, one 8-byte store.
    auto combine_chunk = [&](int c) {
      const int ml = c / kChunksPerRow;
      const int nl = (c % kChunksPerRow) * 4;
      const int off = ml * kCStride + nl;
      float4 v = *reinterpret_cast<const float4*>(partials + off);
#pragma unroll
      for (int w = 1; w < kPartials; ++w) {
        AddInOrder(v, *reinterpret_cast<const float4*>(partials + w * kPartialFloats + off));
      }
      uint16_t* const out =
          static_cast<uint16_t*>(p.c) + static_cast<int64_t>(m0 + ml) * p.n + (n0 + nl);
      *reinterpret_cast<uint2*>(out) =
          make_uint2(Float2ToBf16x2Bits(v.x, v.y), Float2ToBf16x2Bits(v.z, v.w));
    };
    constexpr int kChunks = kBlockM * kChunksPerRow;
    if constexpr (kChunks > kThreads) {
      // Several chunks a thread (the ring tiles: 4 or 8): unrolled, so that
      // every chunk's loads are in flight together. Measured (H200, session
      // 15, phase clocks): math done -> end 2346 -> 1822 cycles on
      // wgmma8_n64_m128_k2_fold, 1204 -> 869 on wgmma8_n64_m64_k2_fold;
      // 256x3072x1536 10.18 -> 9.91 us, 64x7168x2048 8.91 -> 8.86 (graph).
      // A thread's chunks are the same 4 columns kRowsPerStep rows apart:
      // one shared and one global address, constant steps from there. (The
      // per-chunk c / kChunksPerRow form cost ~100 address instructions
      // before the first load; this code runs once per CTA from a cold
      // instruction cache, where Nsight Compute found the epilogue stalled
      // on no_instruction: session 21 call 1.)
      static_assert(kThreads % kChunksPerRow == 0 && kChunks % kThreads == 0,
                    "whole rows per step, whole steps per thread");
      constexpr int kRowsPerStep = kThreads / kChunksPerRow;
      constexpr int kSteps = kChunks / kThreads;
      const int ml0 = static_cast<int>(threadIdx.x / kChunksPerRow);
      const int nl = static_cast<int>(threadIdx.x % kChunksPerRow) * 4;
      const float* const src = partials + ml0 * kCStride + nl;
      uint16_t* const out =
          static_cast<uint16_t*>(p.c) + static_cast<int64_t>(m0 + ml0) * p.n + (n0 + nl);
      const int64_t out_step = static_cast<int64_t>(kRowsPerStep) * p.n;
#pragma unroll
      for (int i = 0; i < kSteps; ++i) {
        const int off = i * kRowsPerStep * kCStride;
        float4 v = *reinterpret_cast<const float4*>(src + off);
#pragma unroll
        for (int w = 1; w < kPartials; ++w) {
          AddInOrder(v, *reinterpret_cast<const float4*>(src + w * kPartialFloats + off));
        }
        *reinterpret_cast<uint2*>(out + i * out_step) =
            make_uint2(Float2ToBf16x2Bits(v.x, v.y), Float2ToBf16x2Bits(v.z, v.w));
      }
    } else {
#pragma unroll 1
      for (int c = tid; c < kChunks; c += kThreads) combine_chunk(c);
    }
    return;
  }
  if constexpr (kPullAcrossRanks) {
    if (cluster_size > 2) {
      CombineByPulling<kThreads, kBlockN, kBlockM, kPartials>(p, partials, cluster_size, n0, m0);
      return;
    }
  }
  // Ranks of the loop below (with kPullAcrossRanks only a lone CTA gets here).
  const int ranks = kPullAcrossRanks ? 1 : cluster_size;
  int first_chunk = tid;
  int chunk_step = kThreads;
  if (ranks > 1) {
    cg::this_cluster().sync();
    first_chunk = tid + rank * kThreads;
    chunk_step = kThreads * ranks;
  } else {
    CombineBarrier<kNamedBarrierThreads>();
  }
  for (int c = first_chunk; c < kBlockM * kChunksPerRow; c += chunk_step) {
    const int ml = c / kChunksPerRow;
    const int nl = (c % kChunksPerRow) * 4;
    const int m = m0 + ml;
    const int n = n0 + nl;
    if (m >= p.m || n >= p.n) continue;
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    bool first = true;
    for (int r = 0; r < ranks; ++r) {
      const float* src = partials;
      if (ranks > 1) src = cg::this_cluster().map_shared_rank(partials, r);
#pragma unroll
      for (int w = 0; w < kPartials; ++w) {
        const float4 q =
            *reinterpret_cast<const float4*>(src + w * kPartialFloats + ml * kCStride + nl);
        if (first) {
          v = q;
          first = false;
        } else {
          AddInOrder(v, q);
        }
      }
    }
    StoreOutputs4(p, m, n, v);
  }
  // Peers read this CTA's partials until they pass this barrier.
  if (ranks > 1) cg::this_cluster().sync();
}

}  // namespace mxfp4::gpu::gemm_internal

#endif  // MXFP4_GPU_GEMM_INTERNAL_COMBINE_PARTIALS_H_
