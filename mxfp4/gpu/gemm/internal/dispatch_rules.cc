// File: mxfp4/gpu/gemm/internal/dispatch_rules.cc
//
// Auto's measured rules (dispatch_rules.h; docs/paths.md "Dispatch"): each
// threshold beside the H200 measurement that set it. Host only.

#include "mxfp4/gpu/gemm/internal/dispatch_rules.h"

#include <algorithm>
#include <cstdint>

#include "absl/status/statusor.h"
#include "mxfp4/gpu/gemm/internal/path_tiles.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu::gemm_internal {

// Measured on the H200, 2026-11-30 (docs/paths.md, "Dispatch"): every choice
// below is the fastest, or within 5% of the fastest, tested configuration of
// gemm_paths_benchmark --sweep for the contest shapes of its class.
//   M <= 8, K <= 512    fused_quant     stream_n32_m8_k4 (one kernel) within
//                                       one wave, stream_n64_m16_k4_fold
//                                       while its grid fits one, the default
//                                       up to 3 waves, stream_n64_m16_k2_fold
//                                       beyond (Fused8RowTile)
//   8 < M <= 16, K <= 512
//                       fused_quant     stream_n32_m16_k4 below 32 N tiles of
//                                       32 rows, stream_n32_m16_k4_c4 while
//                                       its clusters of 4 stay resident,
//                                       beyond that stream_n64_m16_k4_fold
//                                       (k2_fold beyond 132 CTAs;
//                                       Fused16RowTile)
//   M <= 8, K > 512     quant_then_mma  streamq_n32_m16_k8_bulk where that plan
//                                       has <= 132 CTAs, else splitk_small_m
//                                       stream_n32_m8_k8_bulk (cluster K-split);
//                                       beyond N = 1024 with K <= 2048
//                                       splitk_small_m stream_n32_m8_k8
//                                       (MidLayerSplitK); the ring tile from
//                                       K = 8192 at N = 1280..1920
//                                       (RingForLongKMidLayer8Rows)
//   8 < M <= 16, K > 512
//                       quant_then_mma  streamq_n32_m16_k8_bulk (without a
//                                       K-split beyond N = 1024 up to K =
//                                       2048: Bulk16RowCluster); splitk_small_m
//                                       stream_n32_m8_k8 at K <= 2048 from N =
//                                       544 (EightRowRegisterSplitK, the
//                                       small-layer rule) and at K <= 1024
//                                       beyond (MidLayerSplitK); the ring tile
//                                       in places (RingForLongKSmallLayer,
//                                       RingForWide16Rows)
//   16 < M <= 32, K <= 512
//                       fused_quant     stream_n64_m16_k4_fold (two 16-row
//                                       tiles, each CTA quantizes its own
//                                       rows; its k2 twin
//                                       stream_n64_m16_k2_fold beyond 132
//                                       CTAs)
//   16 < M <= 32, K > 512
//                       splitk_small_m  stream_n32_m8_k8 from N = 512 at K <=
//                                       2048 where it fits (small layers),
//                       quant_then_mma  streamq_n32_m16_k8_bulk without a
//                                       K-split beyond N = 1024 up to K = 3072
//                                       and 132 CTAs (Bulk16RowCluster),
//                                       else wgmma8_n64_m64_k2_fold / _k4_fold
//                                       (RingFor32Rows: K >= 1024 on 32..132
//                                       CTAs, K >= 4096 below), else
//                                       streamq_n32_m32_k4 (k8 from 128 N
//                                       tiles)
//   M <= 32, K > 512 with N x K >= 24 Mi or N >= 5120 and K >= 1024
//   (and M <= 8 at N = 2113..4096 from K = 4096 at M = 5..8, from K =
//   4608 at M <= 4 where K-blocks % 16 == 0, else from K = 5632)
//                       quant_then_mma  the ring tile AutoRingTile picks
//                                       (RingForDecode; its decode kernel:
//                                       m64n8k32 / m64n16k32 / m64n32k32
//                                       wgmmas; k4 without a cluster from
//                                       K = 2560: RingK4ForShortDecode)
//   M > 32              quant_then_mma  an e4m3 wgmma ring tile (AutoRingTile:
//                                       the 64-row K-split tile up to one
//                                       wave, then the 128-row one, N-split
//                                       beyond; K split over a cluster too
//                                       for few tiles with a long K:
//                                       RingClusterSize);
//                                       prequant_n64_m64_s2_fold only for a
//                                       forced split count
// (a _bulk tile falls back to its register-streaming twin when its slabs do
// not fit in shared memory).
// Session 11 (H200, gemm_paths_benchmark --only, graph replay): with the
// one-kernel paths launched programmatically, fused stream_n32_m16_k4 beat
// quant_then_mma's streamq_n32_m16_k8_bulk for 8 < M <= 16 at K = 512
// (16x2880x512 3.28 against 4.36 us, 16x4096x512 3.46 against 4.49), so every
// M <= 32 with K <= 512 is fused (16 < M <= 32: Fused32RowTile).
constexpr int64_t kFusedMaxM = 16;
constexpr int64_t kFusedMaxGroups = 16;
constexpr int64_t kSplitKSmallMMaxM = 8;
constexpr int64_t kStreamPrequantMaxM = 32;
// 16 < M <= 32 with K <= 512: fused_quant (Fused32RowTile).
constexpr int64_t kFused32RowMinM = 16;
// Pipelined split counts: about this many CTAs (2 of these CTAs fit an SM)
// ...
constexpr int64_t kSplitKSmallMTargetCtas = 200;
// ... and for quant_then_mma (tile prequant_n64_m64_s2_fold, ~100 KB of
// shared memory: 2 CTAs per SM) about two CTAs per SM, at most 4 splits.
constexpr int64_t kQuantThenMmaTargetCtas = 264;
constexpr int kQuantThenMmaMaxSplits = 4;
// Streaming tiles (internal/stream_gemm_body.h): about one CTA per SM (more
// CTAs, each with a shorter K-range, measured slower: every CTA pays the
// latency of filling its A slice) and at least this many K-blocks per warp
// chunk.
constexpr int64_t kStreamTargetCtas = 132;
constexpr int64_t kStreamMinChunkBlocks = 2;

TileConfigId PipelinedDefaultTile(GemmPath path, int64_t m) {
  switch (path) {
    case GemmPath::kFusedQuant:
      // Measured: 8-row tiles (more CTAs, each quantizing fewer rows) beat
      // 16/32-row tiles up to M = 32 (docs/paths.md).
      if (m <= 32) return TileConfigId::kFusedN64M8;
      return TileConfigId::kFusedN64M64;
    case GemmPath::kSplitKSmallM:
      if (m <= 8) return TileConfigId::kFusedN64M8;
      if (m <= 16) return TileConfigId::kFusedN64M16;
      return TileConfigId::kFusedN64M32;
    default:
      // Measured (run 5, docs/paths-history.md): the folded-scale n64_m64 tile with
      // 2 stages (2 CTAs per SM) beat n64_m64 / n128_m64 by 8-17% on every
      // quant_then_mma contest shape.
      return TileConfigId::kPrequantN64M64S2Fold;
  }
}

// Streaming tiles (stream_gemm_body.h) up to M = 32 (docs/paths.md,
// "Dispatch"), the pipelined tiles beyond.
TileConfigId DefaultTile(GemmPath path, int64_t m) {
  if (m > kStreamPrequantMaxM) return PipelinedDefaultTile(path, m);
  switch (path) {
    case GemmPath::kFusedQuant:
      return m <= 8 ? TileConfigId::kStreamN32M8K4 : TileConfigId::kStreamN32M16K4;
    case GemmPath::kSplitKSmallM:
      if (m <= 8) return TileConfigId::kStreamN32M8K8;
      if (m <= 16) return TileConfigId::kStreamN32M16K8;
      return TileConfigId::kStreamN64M32K2;
    default:
      return m <= 16 ? TileConfigId::kStreamQN32M16K8 : TileConfigId::kStreamQN32M32K4;
  }
}

// Measured 2026-11-30 (sweep): for 16 < M <= 32 with at least this many
// 32-row N tiles, streamq_n32_m32_k8 (16 warps, 2x the warps per SM) beat
// streamq_n32_m32_k4 (32x4096x512: 5.18 vs 5.91 us), below it lost
// (32x2880x512: 5.11 vs 4.82 us).
constexpr int64_t kStreamQK8MinNTiles = 128;

// The bulk variant (TileConfigDesc::bulk_b) that auto tries for a default
// streaming tile, or the tile itself. Measured 2026-11-30 (H200 sweep,
// docs/paths.md "Bulk streaming tiles"): the bulk variants win where a warp's
// chunk is long and A has few rows (16x2112x7168: 10.2 vs 11.7 us;
// 16x3072x1536: 6.2 vs 6.6 us; 8x2112x7168 splitk: 11.1 vs 11.4 us) and lose
// on the 32-row tiles (32x2880x512: 6.1 vs 4.8 us) and at K = 512 fused
// (4x2880x512: 4.2 vs 3.3 us).
TileConfigId AutoBulkTwin(TileConfigId id) {
  switch (id) {
    case TileConfigId::kStreamQN32M16K8:
      return TileConfigId::kStreamQN32M16K8Bulk;
    case TileConfigId::kStreamN32M8K8:
      return TileConfigId::kStreamN32M8K8Bulk;
    default:
      return id;
  }
}

// The byte-A form of a default streaming tile's bulk variant, or the tile
// itself: auto's choice where the fp16 bulk variant does not fit in shared
// memory at the default tile's cluster size (AutoBulkTwin above gives way).
// Its A slice is half the bytes (E5M2 since session 70, E4M3 before);
// placing A into fp16 at the MMA costs ~1K cycles of math (E4M3's F2FP
// ~1.4K), so where the fp16 form fits it stays (H100, session 70:
// 16x2112x7168 fp16 8.34, E5M2 8.84, E4M3 9.14 us; H200, session 24: fp16
// 8.03 against E4M3 8.57). Measured 2026-12-01 (H200, session
// 24, gemm_paths_benchmark --only, hot graph replay, two runs; docs/paths.md
// "Measured (2026-12-01, session 24)"), auto before -> after, where the rule
// applies: 12x2880x4096 9.79 -> 8.08 us (the fp16 bulk form needs a cluster
// of 2, 180 CTAs: 11.34), 16x2880x4096 9.59 -> 7.96, 16x4096x4096 10.50 ->
// 8.71, 16x5120x4096 17.64 -> 15.13, 16x7168x4096 17.92 -> 15.66,
// 16x2880x8192 19.46 -> 17.27, 16x1536x8192 10.52 -> 9.09.
TileConfigId AutoBulkE5m2Twin(TileConfigId id) {
  return id == TileConfigId::kStreamQN32M16K8 ? TileConfigId::kStreamQN32M16K8BulkE5m2 : id;
}

// Where the register-streaming default does not fit even at the largest
// cluster (its fp16 A slice; a long K over few N tiles), auto runs
// quant_then_mma M <= 64 on the 64-row K-split ring tile rather than the
// pipelined tile. Measured 2026-12-01 (H200, session 27, gemm_paths_benchmark
// --only, hot graph replay): 16x16384x53248 prequant_n64_m64_s2_fold 662 us,
// wgmma8_n64_m64_k4_fold 251 (wgmma8_n64_m64_k2_ws_fold 317). (That shape now
// takes the ring tiles by RingForDecode; the fallback serves weights
// below its size, e.g. 16x256x65536.)
constexpr TileConfigId kLongKFallbackTile = TileConfigId::kWgmma8N64M64K4Fold;

// Measured 2026-11-30 (sessions 5-6, H200 sweep, CUDA-graph replay;
// docs/paths.md "e4m3 wgmma ring tiles"): for M > 32 the e4m3 wgmma ring tiles beat
// the pipelined default where their one-wave grid (one CTA per 64 weight rows
// and row tile, K split over the CTA's warpgroups) has 48..132 CTAs. Session 6
// (leaner fast loop, sweep of the final tree): 64x7168x2048 wgmma8_n64_m64_k2
// 9.9 us (k4 10.1; 112 CTAs), 64x3072x1536 k2 7.7 us (k4 8.1; 48 CTAs),
// 256x3072x1536 wgmma8_n64_m128_k2 11.1 us (96 CTAs), 256x2880x512 6.7 us (90
// CTAs); the 4-warpgroup k4 tile no longer wins anywhere measured.
// Session 16 (gemm_paths_benchmark --only, hot graph replay): on grids of
// several waves too, 1.3x to 2.7x faster than the pipelined tile:
// 4096x4096x4096 298 us (m64 ring 430, pipelined 813), 1024x4096x4096 76
// (110, 208), 4096x512x512 13.3 (17.8, 20.5), 384x4096x4096 (192 CTAs) 37.8
// (41.8, 85.1), 64x16384x512 m64 8.2 (pipelined 10.1). (Until session 17
// grids of fewer than 48 CTAs kept the pipelined default, unmeasured.)
// Beyond one wave of the m128 tile (more than 132 CTAs) the tile whose two
// warpgroups split N instead of K, wgmma8_n128_m128_fold (half the CTAs, no
// combine, each ring stage read by both warpgroups), won every shape
// measured (session 16, call 5): 4096x4096x4096 275 against 300 us,
// 1024x4096x4096 69.5 / 76.3, 4096x1024x1024 26.8 / 31.9, 2048x7168x2048 126
// / 145, 512x3072x1536 15.6 / 18.0 (96 against 192 CTAs), 4096x512x512 10.9 /
// 13.4; within one wave the K-split tile keeps every SM it can (256x3072x1536:
// 96 CTAs against 48). Likewise for M <= 64 beyond one wave of
// wgmma8_n64_m64_k2_fold: wgmma8_n128_m64_k2_fold (4 warpgroups, 2 along N x
// 2 along K; call 6): 64x16384x4096 22.2 against 27.7 us, 48x16384x2048 12.9 /
// 16.1, 64x8512x4096 21.6 / 26.7, 64x16384x512 6.6 / 8.2, 64x8512x512 6.2 / 7.8
// (wgmma8_n128_m64_fold 6.3 / 6.3 there, slower at K >= 2048).
// Session 17 (gemm_paths_benchmark --only, hot graph replay, call 1): the
// 64-row K-split tile beats both the pipelined tile and the m128 tile
// wherever its own grid fits one wave, down to 16 CTAs: 64x2048x2048 (32
// CTAs) 8.46 us against pipelined 11.17, 64x1024x4096 (16) 13.38 / 17.29,
// 128x2048x2048 (64) 8.83 / 17.93 (m128 11.46), 256x1024x4096 (64) 14.42 /
// 31.72 (m128 19.76), 160x2560x4096 (120) 14.15 against auto's m128 19.80,
// 96x2880x512 (90) 4.70 / 7.74 (m128 5.77). Its four-warpgroup k4 twin wins
// from K = 4096 (every shape measured, 6-10%: 64x2816x7168 20.65 against
// 23.01) and loses slightly at K <= 2048 (64x2048x2048 8.54 / 8.46, 48x2880x512
// 5.17 / 4.74). Call 2: below 16 CTAs too, down to 2: 48x128x512 4.58 against
// pipelined 5.57, 64x256x4096 (4 CTAs) k4 12.91 / 16.15, 64x512x2048 (8) 8.15
// / 10.66, 64x896x7168 (14) k4 20.36 / 26.52, 128x384x2048 (12) 8.35 / 11.13.
// So auto never takes the pipelined tile for M > 32 without a forced split.
constexpr int64_t kRingOneWaveCtas = 132;
constexpr int64_t kRingK4MinGroups = 128;

// K-split clusters of the ring tiles (auto, no forced split): the largest
// cluster of up to kMaxSplits CTAs per output tile that keeps the grid within
// one wave (since session 30: of resident clusters, below) and every
// warpgroup's chunk at kRingMinChunkBlocks K-blocks or more, so that few
// output tiles with a long K (64x512x16384: 8 tiles of 512 blocks) use more
// than a few SMs; the chunks are combined in order
// through distributed shared memory (CombinePartialsAndStore).
// Measured (session 17 call 6, gemm_paths_benchmark --only, hot graph
// replay; auto's plain tile against its clusters): 64x512x16384 k4 43.75 us,
// cluster 2 25.07, 4 17.92, 8 15.63; 64x256x4096 k4 13.12 / 10.15 / 10.02 (c
// = 4: 8-block chunks); 64x1024x4096 k4 13.43 / 10.41 / 10.70 (c = 4);
// 256x1024x4096 k4 14.47 / 11.65; 64x2048x2048 k2 8.11 / 7.61; 128x2048x2048
// k2 8.58 / 8.42 (128 CTAs).
// Session 30 (H200): a cluster must fit in one GPC, so with one CTA per SM
// the device keeps only ResidentClusters(c) clusters of c CTAs at once
// (cluster_wave_benchmark: 66 of 2, 39 of 3, 30 of 4, 22 of 5, 17 of 6, 15 of
// 7 or 8), and a grid of more runs a second wave however few CTAs it has:
// with tiles x c <= 132 alone, 64x1024x16384 took clusters of 8 (16 > 15)
// and ran 23.9 us where 4 run 16.7; 64x1536x16384 5 (24 > 22) 32.1 against
// 17.0; 64x2048x8192 4 (32 > 30) 21.1 against 14.7 with 2. Odd and 6-CTA
// clusters never beat the best of 2, 4 and 8 by more than 2% (their chunks
// end off the ring's 4-block loop step); so the cluster is the largest of 8,
// 4, 2 whose clusters stay resident with chunks of kRingMinChunkBlocks or
// more (call 2, gemm_paths_benchmark --only, hot graph replay, k2 / k4 tiles
// with clusters 1..8 on M = 16 and 64, N = 512..2048, K = 8192 and 16384;
// docs/paths-history.md "Measured (2026-12-01, session 30)").
constexpr int64_t kRingMinChunkBlocks = 16;

int64_t ResidentClusters(int cluster_ctas) {
  constexpr int64_t kResident[kMaxSplits + 1] = {0, 132, 66, 39, 30, 22, 17, 15, 15};
  return cluster_ctas >= 1 && cluster_ctas <= kMaxSplits ? kResident[cluster_ctas] : 0;
}

// The largest cluster of 8, 4 or 2 CTAs, at most `max_cluster`, whose `tiles`
// clusters stay resident at one CTA per SM; else 1.
int LargestResidentCluster(int64_t tiles, int64_t max_cluster = kMaxSplits) {
  for (int c : {8, 4, 2}) {
    if (c <= max_cluster && tiles <= ResidentClusters(c)) return c;
  }
  return 1;
}

// Session 32 (call 1, gemm_paths_benchmark --only, hot graph replay, M = 48..256
// with 4..24 tiles of the 64-row k2 tile at K = 2048): clusters of 4 (chunks of
// 8 blocks a warpgroup) beat 2 by 10-22% where they stay resident: 48x256x2048
// 7.02 -> 6.04 us, 64x512x2048 7.41 -> 6.21, 128x512x2048 7.89 -> 6.92,
// 192x512x2048 8.00 -> 7.15, 48x1536x2048 7.17 -> 6.53; likewise at K = 3072
// (24x544x3072 7.39 -> 6.14, 32x1024x3072 7.40 -> 6.51) but not where the chunk
// ends off the ring's 4-block loop step (K = 3584: 14 blocks, 8.03 against
// 8.00); call 2: at K = 4096 clusters of 8 where they stay resident (4..8
// tiles: 48x128x4096 7.51 -> 6.78, 64x512x4096 7.89 -> 7.29, 128x256x4096
// 8.06 -> 7.44), also ahead of the k4 tile's clusters (8.30-9.24 there). So
// from K = 2048 up to 4096 the k2 tile's cluster may cut chunks to
// kRingShortMinChunkBlocks blocks when they stay whole loop steps. (At K =
// 1024 chunks of 8 lose: 64x512x1024 c1 5.31, c2 6.17, c4 5.60; at K = 1536
// no cluster beat none by more than 3%, call 2.)
constexpr int64_t kRingShortMinChunkBlocks = 8;
constexpr int64_t kRingShortMinGroups = 64;
constexpr int kRingK2WarpsK = GetTileConfig(TileConfigId::kWgmma8N64M64K2Fold).warps_k;
constexpr int kRingK4WarpsK = GetTileConfig(TileConfigId::kWgmma8N64M64K4Fold).warps_k;

// Whether `groups` K-blocks split over `cluster` CTAs of `warps_k` warpgroups
// give every warpgroup the same whole number of ring steps: only then do the
// ring tiles run their fast loop (wgmma_ring_gemm_body.h) on every CTA.
bool RingChunksWholeSteps(int64_t groups, int warps_k, int cluster) {
  return groups % (int64_t{cluster} * warps_k * kRingChunkAlignBlocks) == 0;
}

int RingClusterSize(int64_t tiles, int64_t groups, int warps_k) {
  if (warps_k == kRingK2WarpsK && groups >= kRingShortMinGroups && groups <= kRingK4MinGroups) {
    for (int c : {8, 4, 2}) {
      const int64_t splits = int64_t{c} * warps_k;
      if (tiles <= ResidentClusters(c) && RingChunksWholeSteps(groups, warps_k, c) &&
          groups / splits >= kRingShortMinChunkBlocks) {
        return c;
      }
    }
  }
  return LargestResidentCluster(tiles, groups / (kRingMinChunkBlocks * warps_k));
}

// The K-split over independent CTAs of the k4 ring tile's decode kernels
// (auto; GemmOptions::grid_split_k): for `tiles` output tiles, the most CTAs
// a tile, 8 down to 2, that keep the grid within one wave (tiles * s <= 132)
// with chunks of whole ring steps of at least kRingMinChunkBlocks blocks
// (every CTA in its fast loop); 1 for none. PlanTile takes it instead of the
// tile's K-split cluster of c CTAs where it has at least 2c CTAs a tile (a
// cluster must fit in one GPC, ResidentClusters: 32 tiles of 4 do not) or
// at least kGridSplitMinCtaBlocks blocks a CTA (without a cluster the CTAs
// run the deep decode ring, which pays for the workspace combine's ~1 us more
// than a cluster's only on long chunks).
// Measured (session 39 call 2, gemm_paths_benchmark --only, hot graph replay,
// cluster -> grid split; cold alike): 1x2048x16384 c2 17.61 us -> 4 CTAs
// 11.71, 16x1024x16384 c4 12.23 -> 8 CTAs 11.17, 1x4096x14336 c2 16.14 -> 2
// CTAs 14.60, 16x4096x14336 c2 16.69 -> 15.66; not taken: 1x4096x8192 c2
// 10.63 / 10.66 (128 blocks a CTA), 8x3072x7168 9.74 / 9.91, 16x4096x4096
// 7.50 / 8.48, 32x4096x4096 8.29 / 9.91, 1x1280x12288 c4 9.36 / 6 CTAs 9.62.
// Beyond one wave it loses (call 1: 1x5120x13824 over 3 CTAs, 240 in two
// waves, 21.21 against 20.70 on 80; 1x5120x4096 over 2, 14.27 against 8.41):
// every CTA pays ~2 us from entry to its first operands and ~1.2-2.5 us of
// combine (math done -> end), which a second wave cannot hide.
constexpr int64_t kGridSplitMinCtaBlocks = 192;
int RingGridSplitCtas(int64_t tiles, int64_t groups) {
  for (int s = kMaxGridSplits; s >= 2; --s) {
    if (tiles * s <= kRingOneWaveCtas && RingChunksWholeSteps(groups, kRingK4WarpsK, s) &&
        groups / (int64_t{s} * kRingK4WarpsK) >= kRingMinChunkBlocks) {
      return s;
    }
  }
  return 1;
}

int AutoGridSplit(int64_t tiles, int64_t groups, int cluster) {
  const int by_grid = RingGridSplitCtas(tiles, groups);
  return by_grid > 1 && (by_grid >= 2 * cluster || groups / by_grid >= kGridSplitMinCtaBlocks)
             ? by_grid
             : 1;
}

// CTAs of a launch of tile `id` without K splits: the planner's count
// (PlanTile: GridNTiles columns x row tiles).
int64_t TileGridCtas(TileConfigId id, int64_t m, int64_t n) {
  return GridOutputTiles(GetTileConfig(id), m, n);
}

// The ring tile auto uses for M > 32 (no forced split): the 64-row K-split
// tile where its grid fits one wave (k4 from kRingK4MinGroups K-blocks), else
// for M <= 64 the tile whose warpgroups split N and K; for M > 64 the 128-row
// K-split tile where its grid fits one wave - in its warp-specialized form,
// whose producer warpgroup converts the weights into shared memory (session
// 18, call 4, contest in graph replay, two runs: 256x3072x1536 9.85 / 9.83 ->
// 9.46 / 9.51 us; gemm_paths_benchmark --only, call 3: 256x2880x512 5.81 ->
// 5.47; its 64-row twin lost, 64x7168x2048 8.61 -> 9.25, and its n128_m128
// twin tied at 4096^3, 272.2 / 272.0) - else the 128-row tile whose
// warpgroups split N, also in its warp-specialized form since its producer
// issues a whole stage's copies at constant offsets (session 25, call 3,
// gemm_paths_benchmark --only, hot graph replay, ring -> ws: 512x3072x1536
// 15.07 -> 13.9 us, 1024x4096x4096 65.9 -> 61.9, 2048x7168x2048 119.6 ->
// 112.2, 1000x2880x4096 65.9 -> 62.7, 512x4096x4096 33.5 -> 31.6, 4096^3
// 260.6 -> 245.2; before that change the two tied). Where the m128 K-split
// grid exceeds a wave but its 192-row twin's fits one, that twin (session 26,
// call 7, gemm_paths_benchmark --only, hot graph replay, n128_m128 ws ->
// n64_m192_k2 ws: 384x4096x4096 30.1 -> 25.7 us, 384x3072x1536 13.4 -> 11.9,
// 192x7168x2048 16.9 -> 14.2, 160x8192x4096 29.8 -> 25.1, 320x2880x4096 31.4
// -> 25.6; with a prepared copy 384x4096x4096 26.1 -> 24.1; where the m128
// K-split grid fits it loses: 256x3072x1536 8.37 / 11.91, 512x2048x2048 10.67
// / 15.2). Beyond: between the n128_m128 ws tile and its
// 192-row twin (m64n192k32: the same work per block-step and row, a CTA 1.5x
// as long) auto takes the one whose grid needs fewer waves times CTA cost
// (session 26, gemm_paths_benchmark --only, hot graph replay, n128_m128 ->
// n128_m192; call 4: 768x4096x4096 59.0 -> 46.2 us (2 waves of 128 rows
// against 1 of 192), 3072^3 118.3 -> 107.9 (5 x 128 against 3 x 192);
// 1536x4096x4096 91.0 / 91.3 (a tie, 3 x 128 = 2 x 192: the 128-row tile
// kept), 4096^3 239 / 263, 2048x7168x2048 110 / 116, 1024x4096x4096 60.7 /
// 87.8, 512x3072x1536 13.6 / 19.8). A CTA costs its rows; with a prepared
// copy the 192-row one costs ~224 (its producer had less to save: 4096^3
// math 62.6K against the 128-row tile's 35.5K cycles, 1.76x; call 6:
// 768x4096x4096 51.3 -> 44.9, 768x2880x4096 50.9 -> 44.3, but 3072^3 102.8
// / 104.0 and 1536x4096x4096 79.3 / 88.3).
constexpr int64_t kPreparedM192CtaRows = 224;
// Session 32 (call 1, gemm_paths_benchmark --only, hot graph replay, M = 48..256,
// N = 256..2048, 4..128 CTAs): at K <= 1024 the k2 tile's warp-specialized twin
// (its producer warpgroup converts the weights into shared memory; no K-split
// cluster) beats it without a prepared copy too, 7-10% at K = 512 (64x512x512
// 4.15 -> 3.84 us, 256x2048x512 4.71 -> 4.27) and 1-6% at K = 1024 (64x1024x1024
// 5.27 -> 5.15, 256x2048x1024 5.99 -> 5.64); from K = 2048 it loses (64x512x2048
// 7.96 against the k2 tile's 6.21 with 4 CTAs a cluster, 256x2048x2048 8.70 /
// 8.57).
constexpr int64_t kRingWsShortMaxGroups = 32;
int64_t RingWaveCost(TileConfigId id, int64_t m, int64_t n, bool prepared) {
  const int64_t waves = (TileGridCtas(id, m, n) + kRingOneWaveCtas - 1) / kRingOneWaveCtas;
  const int64_t cta_rows = prepared && id == TileConfigId::kWgmma8N128M192WsFold
                               ? kPreparedM192CtaRows
                               : GetTileConfig(id).block_m();
  return waves * cta_rows;
}
// The decode kernels (M <= 32) of the k4 tile without a cluster hold up to 16
// stages of their rows in the activation ring since session 35
// (RingDeepDecodeRows), and with it beat the k2 tile from K = 2560 where
// neither takes a cluster and the k4 chunks are whole loop steps (session 35
// call 4, gemm_paths_benchmark --only, hot graph replay, M = 1 / 8 / 16 / 32
// at N = 5120 / 8192 and 7168: K = 2560 1.03-1.05x, 3072 1.10-1.11x, 3584
// 1.13-1.14x, e.g. 1x5120x3072 8.26 -> 7.49 us, 16x8192x3584 9.74 -> 8.52;
// K = 2048 within 2%, K <= 1536 the k2 tile level or ahead).
constexpr int64_t kRingK4ShortDecodeMinGroups = 80;  // K >= 2560
bool RingK4ForShortDecode(int64_t m, int64_t m64_tiles, int64_t groups) {
  return m <= kStreamPrequantMaxM && groups >= kRingK4ShortDecodeMinGroups &&
         RingChunksWholeSteps(groups, kRingK4WarpsK, 1) &&
         RingClusterSize(m64_tiles, groups, kRingK2WarpsK) == 1;
}

// With an int8 copy (`int8`: a caller's or staged) the 128-row tiles where
// auto would take a 192-row one: those have no integer form (docs/paths.md
// "Integer accumulation"), and the integer loop on 128 rows beats the E4M3
// copy on 192 (session 50 call 3, docs/paths.md "Staged weights").
TileConfigId AutoRingTile(int64_t m, int64_t n, int64_t groups, bool prepared, bool int8) {
  const int64_t m64_tiles = TileGridCtas(TileConfigId::kWgmma8N64M64K2Fold, m, n);
  if (m64_tiles <= kRingOneWaveCtas) {
    if (m > kStreamPrequantMaxM && groups <= kRingWsShortMaxGroups) {
      return TileConfigId::kWgmma8N64M64K2WsFold;
    }
    if (groups < kRingK4MinGroups) {
      return RingK4ForShortDecode(m, m64_tiles, groups) ? TileConfigId::kWgmma8N64M64K4Fold
                                                        : TileConfigId::kWgmma8N64M64K2Fold;
    }
    // The k2 tile where its K-split cluster is larger than the k4 tile's
    // (the same chunks on twice the SMs; session 30, hot graph replay:
    // 64x512x8192 k4 cluster 4 11.4 us -> k2 cluster 8 8.8, 16x512x8192 8.6
    // -> 7.0); on a tie k4 (16x1024x16384 k4 12.5 against k2 14.2, cluster 4).
    const int k2_cluster = RingClusterSize(m64_tiles, groups, kRingK2WarpsK);
    const int k4_cluster = RingClusterSize(m64_tiles, groups, kRingK4WarpsK);
    // On a tie k4 unless its chunks end off the ring's loop step: then some
    // of its CTAs take the exact loop, while the k2 tile's run its fast loop
    // (whole steps) or its partial loop (session 32 call 1: 16x1280x11264,
    // 22-block chunks, k4 cluster 4 13.74 us against k2 cluster 4 10.88;
    // 16x1280x10240, 20 blocks, 9.60 against 10.25; session 33 call 2, both
    // off the step: 1x4096x11008 k4 c2 23.2 against k2 c2 16.1, 16x4096x11008
    // 21.4 / 17.0).
    const bool k2_wins_tie = !RingChunksWholeSteps(groups, kRingK4WarpsK, k4_cluster);
    return k2_cluster > k4_cluster || (k2_cluster == k4_cluster && k2_wins_tie)
               ? TileConfigId::kWgmma8N64M64K2Fold
               : TileConfigId::kWgmma8N64M64K4Fold;
  }
  if (m <= 64) return TileConfigId::kWgmma8N128M64K2Fold;
  if (TileGridCtas(TileConfigId::kWgmma8N64M128K2WsFold, m, n) <= kRingOneWaveCtas) {
    return TileConfigId::kWgmma8N64M128K2WsFold;
  }
  if (int8) return TileConfigId::kWgmma8N128M128WsFold;
  if (TileGridCtas(TileConfigId::kWgmma8N64M192K2WsFold, m, n) <= kRingOneWaveCtas) {
    return TileConfigId::kWgmma8N64M192K2WsFold;
  }
  if (RingWaveCost(TileConfigId::kWgmma8N128M192WsFold, m, n, prepared) <
      RingWaveCost(TileConfigId::kWgmma8N128M128WsFold, m, n, prepared)) {
    return TileConfigId::kWgmma8N128M192WsFold;
  }
  return TileConfigId::kWgmma8N128M128WsFold;
}

// Session 17 (gemm_paths_benchmark --only, hot graph replay, call 3): for
// 16 < M <= 32 with long K and wide N the 64-row ring tile (rows beyond M are
// zeros) beats auto's streaming tile: 32x4096x4096 k4 13.22 us against
// streamq 18.30, 32x8192x2048 8.68 / 15.58, 17x4096x4096 13.09 / 17.70,
// 32x2048x7168 (32 CTAs) 20.23 / 22.97, 24x4096x2048 8.26 / 8.62; it loses
// on few CTAs or short K: 32x1024x4096 (16 CTAs) 12.99 / 9.65, 32x2880x1024
// (32 blocks) 5.75 / 5.20 (and at M = 16: 16x4096x4096 13.06 / 10.60).
// Session 31 call 2 (M = 24 / 32, N = 1088..2880, K = 1024..4096): with the
// K-split clusters of session 30 the ring tile also wins below 32 CTAs at K =
// 4096 (32x1088x4096 11.61 -> 7.14 us with k2 and 4 CTAs a cluster,
// 24x1792x4096 9.42 -> 7.21), and beyond 66 N tiles of 32 rows from K =
// 1024 (24x2880x1024 5.52 -> 4.94, 32x2880x1536 7.01 -> 5.85); up to 66 N
// tiles below K = 4096 the 16-row bulk streaming tile wins instead
// (Bulk16RowCluster).
constexpr int64_t kRing32RowMinCtas = 32;
constexpr int64_t kRing32RowMinGroups = 32;           // K >= 1024 from 32 CTAs
constexpr int64_t kRing32RowFewCtasMinGroups = 128;   // K >= 4096 below

// Whether auto runs 16 < M <= 32 (quant_then_mma, no forced split) on the
// 64-row ring tile: at most 132 CTAs of it, and K >= 1024 from 32 CTAs, K >=
// 4096 below.
bool RingFor32Rows(int64_t m, int64_t n, int64_t groups) {
  if (m <= kFused32RowMinM || m > kStreamPrequantMaxM || groups < kRing32RowMinGroups) {
    return false;
  }
  const int64_t ctas = TileGridCtas(TileConfigId::kWgmma8N64M64K2Fold, m, n);
  return ctas <= kRingOneWaveCtas &&
         (ctas >= kRing32RowMinCtas || groups >= kRing32RowFewCtasMinGroups);
}

// Small layers on split-K: for M <= 32 with N <= 1024 and 512 < K <= 4096
// (K <= 3072 for 64 <= N < 512) auto runs splitk_small_m on a narrow
// streaming tile with K split over a cluster of kSmallLayerClusterCtas CTAs
// (below N = 256 and from K = 1056: 4; 1..128 CTAs, no quantizer launch) -
// M <= 8 or N < 64: stream_n16_m8_k8; K >= 3072 from N = 256:
// stream_n32_m16_k8_bulk; M <= 16 or N <= 512: stream_n16_m16_k8; else
// stream_n32_m16_k4 - where it ran fused_quant on 2 to 32 CTAs (sessions
// 27-28's rule for N <= 1024 with K <= 2048, M <= 8: 3072; docs/paths-history.md
// "Measured (2026-12-01, session 28)") or quant_then_mma (K > 2048). Measured 2026-12-01
// (H200, session 29 calls 4-5, gemm_paths_benchmark --only, hot graph replay;
// docs/paths-history.md "Measured (2026-12-01, session 29)"), auto before -> the rule's
// tile: 16x1024x1024 4.62 -> 3.73 us (cuBLAS bf16 3.76), 1x1024x1024 3.62 ->
// 2.90, 8x512x2048 5.69 -> 4.17, 16x512x3072 12.89 -> 6.63, 8x1024x4096
// 10.67 -> 5.33, 32x1024x2048 8.07 -> 5.89, 32x1024x4096 9.59 -> 7.76,
// 16x256x2048 7.80 -> 4.71: 1.15-2.2x on all 104 shapes of the rule measured
// (M 1..32, N 256..1024, K 1024..4096). Outside it the rule's tiles lose:
// N = 256 with K >= 4096 at M = 16 (7.35 against 6.98), N = 1536 (e.g.
// 16x1536x2048 7.06 against 5.01: 192 CTAs), K >= 6144 in places.
// Session 29 call 8 extended the rule below N = 256 (N = 64..192, M = 1..32, K
// = 1024..3072, where the fused rule ran 2-12 CTAs): the narrow tiles with a
// cluster of 2 at K = 1024 and of 4 beyond won every shape, 1.25-2.0x (auto
// before -> now: 1x64x1024 3.52 -> 2.76 us, 16x128x2048 7.78 -> 4.51,
// 1x192x3072 7.70 -> 4.08, 32x128x3072 9.59 -> 5.28).
// Session 30 call 1 (N = 16..48, M = 1..32, K = 1024..4096, where the fused
// rule ran 1-2 CTAs up to K = 2048 and quant_then_mma beyond): the 8-row
// tile won every shape at every M (the 16-row one 10-15% behind from M = 9),
// 1.2-2.1x with the rule's clusters: 1x16x3072 7.44 -> 3.79 us, 16x32x2048
// 7.63 -> 3.78, 32x48x4096 7.59 -> 4.84, 8x16x1024 3.73 -> 2.94.
constexpr int64_t kSmallLayerMinN = 64;              // below: the 8-row tile, K <= 4096
constexpr int64_t kSmallLayerWideN = 256;            // below: no bulk tile, clusters of 4
constexpr int64_t kSmallLayerMaxN = 1024;
constexpr int64_t kSmallLayerMaxGroups = 128;        // K <= 4096
constexpr int64_t kSmallLayerNarrowN = 512;          // below: K <= 3072
constexpr int64_t kSmallLayerMaxGroupsNarrow = 96;
constexpr int64_t kSmallLayerBulkMinGroups = 96;     // K >= 3072: the bulk tile
constexpr int kSmallLayerClusterCtas = 2;
constexpr int kSmallLayerNarrowClusterCtas = 4;      // N < 256 with K > 1024
constexpr int64_t kSmallLayerNarrowClusterMinGroups = 33;
constexpr int64_t kSmallLayerBulk8RowMinGroups = 64;  // K >= 2048: the 8-row bulk tile
// M <= 4 below N = 64 from K = 3072: clusters of 8 (session 31 call 1, two
// rounds: 1x16x4096 4.11 -> 3.77 us, 4x48x4096 4.33 -> 4.17; from M = 5 the
// 8-row tile's 8 rows hold more work and 4 stays level).
constexpr int64_t kSmallLayerTinyMaxM = 4;
constexpr int64_t kSmallLayerTinyC8MinGroups = 96;
constexpr int kSmallLayerTinyClusterCtas = 8;

// The register 8-row split-K tile stream_n32_m8_k8 for K <= 2048: no K-split
// up to K = 1024 where its grid has at most 132 CTAs, clusters of 2 beyond
// where they stay resident; else none. Session 31 (H200, hot graph replay,
// auto before -> this tile): 16x1024x1024 3.75 -> 3.36 us (cuBLAS bf16 3.76),
// 16x768x2048 4.68 -> 4.30, 16x1088x1024 5.51 -> 3.37, 12x2048x1024 4.64 ->
// 3.46 (calls 5-6); at N = 512 stream_n16_m8_k8 with 2 stays ahead for M <=
// 16 (3.09 against 3.34). For 16 < M <= 32 from N = 512 (call 7, auto before
// -> this tile): 32x1024x1024 4.00 -> 3.48, 24x768x1024 3.84 -> 3.37,
// 32x512x1536 4.71 -> 4.13, 24x512x2048 4.70 -> 4.29.
constexpr int64_t kEightRowNoSplitMaxGroups = 32;  // K <= 1024
constexpr int64_t kEightRowMaxGroups = 64;         // K <= 2048

int Bulk16RowCluster(int64_t m, int64_t n, int64_t groups);

SplitKChoice EightRowRegisterSplitK(int64_t m, int64_t n, int64_t groups) {
  if (groups <= kFusedMaxGroups || groups > kEightRowMaxGroups) return {};
  const int cluster = groups <= kEightRowNoSplitMaxGroups ? 1 : kSmallLayerClusterCtas;
  if (TileGridCtas(TileConfigId::kStreamN32M8K8, m, n) > ResidentClusters(cluster)) return {};
  return {TileConfigId::kStreamN32M8K8, cluster};
}

// The small-layer rule's split-K plan for (m, n, groups). For 8 < M <= 32
// the 8-row tiles (stream_n16_m8_k8 with the rule's cluster or 2, else from
// K = 2048 stream_n32_m8_k8_bulk with 2) where their clusters - one per N
// tile and 8 rows - stay resident (ResidentClusters), else the 16-row tiles.
// Session 30 call 5 (M = 12..32, N = 64..1024, K = 1024..4096, auto before ->
// the 8-row tile, hot graph replay): 1.07-1.79x on 74 of 96 shapes, none
// slower: 16x512x3072 6.60 -> 4.93 us, 12x128x2048 4.25 -> 3.77, 16x1024x4096
// 7.52 -> 6.44, 32x256x4096 9.63 -> 5.39 (K = 4096 below N = 512, which the
// 16-row tiles left to quant_then_mma); where their clusters do not stay
// resident they lose (32x1024x1024 7.28 against 3.99).
SplitKChoice SmallLayerSplitK(int64_t m, int64_t n, int64_t groups) {
  const bool narrow_k_limit = m <= kSplitKSmallMMaxM && n >= kSmallLayerMinN &&
                              n < kSmallLayerNarrowN;
  if (m > kStreamPrequantMaxM || n > kSmallLayerMaxN || groups <= kFusedMaxGroups ||
      groups > kSmallLayerMaxGroups || (narrow_k_limit && groups > kSmallLayerMaxGroupsNarrow)) {
    return {};
  }
  const int cluster = n < kSmallLayerWideN && groups >= kSmallLayerNarrowClusterMinGroups
                          ? kSmallLayerNarrowClusterCtas
                          : kSmallLayerClusterCtas;
  if (n < kSmallLayerMinN && m <= kSmallLayerTinyMaxM && groups >= kSmallLayerTinyC8MinGroups) {
    return {TileConfigId::kStreamN16M8K8, kSmallLayerTinyClusterCtas};
  }
  if (m <= kSplitKSmallMMaxM || n < kSmallLayerMinN) return {TileConfigId::kStreamN16M8K8, cluster};
  const int n16_cluster =
      LargestResidentCluster(TileGridCtas(TileConfigId::kStreamN16M8K8, m, n), cluster);
  if (n16_cluster >= kSmallLayerClusterCtas) return {TileConfigId::kStreamN16M8K8, n16_cluster};
  if (n >= kSmallLayerNarrowN) {
    const SplitKChoice reg = EightRowRegisterSplitK(m, n, groups);
    if (reg.tile != TileConfigId::kCount) return reg;
    // Where it does not fit, quant_then_mma's 16-row bulk tile
    // (Bulk16RowCluster): 16 < M <= 32 at K <= 2048 and (session 32) K =
    // 3072..4096, 8 < M <= 16 at K = 3072..4096; where that does not take
    // 16 < M <= 32 at K = 4096 (beyond 96 CTAs of it), the ring tile
    // (RingFor32Rows; 32x1024x4096 7.75 -> 7.10 us; at N = 512 unmeasured).
    if (Bulk16RowCluster(m, n, groups) > 0 ||
        (n > kSmallLayerNarrowN && RingFor32Rows(m, n, groups))) {
      return {};
    }
  }
  if (groups >= kSmallLayerBulk8RowMinGroups &&
      LargestResidentCluster(TileGridCtas(TileConfigId::kStreamN32M8K8Bulk, m, n),
                             kSmallLayerClusterCtas) == kSmallLayerClusterCtas) {
    return {TileConfigId::kStreamN32M8K8Bulk, kSmallLayerClusterCtas};
  }
  if (n < kSmallLayerNarrowN && groups > kSmallLayerMaxGroupsNarrow) return {};
  if (groups >= kSmallLayerBulkMinGroups && n >= kSmallLayerWideN) {
    return {TileConfigId::kStreamN32M16K8Bulk, cluster};
  }
  if (m <= kFusedMaxM || n <= kSmallLayerNarrowN) return {TileConfigId::kStreamN16M16K8, cluster};
  return {TileConfigId::kStreamN32M16K4, cluster};
}

// 16 < M <= 32 beyond the small-layer rule (N > 1024) with 512 < K <= 3072
// and at most 132 CTAs of it: quant_then_mma on streamq_n32_m16_k8_bulk (the
// 32 rows as two 16-row tiles) without a K-split. Session 31 call 2 (hot
// graph replay, auto before -> this tile): 32x1088x1024 5.65 -> 4.04 us,
// 24x1152x2048 8.51 -> 5.49, 32x1536x1536 7.53 -> 4.94, 32x1792x3072 8.44 ->
// 6.65, 32x2048x2048 6.52 (ring) -> 5.61; with 2 CTAs a cluster it lost
// everywhere (two waves), and the 32-row streaming tile stayed behind
// (32x1152x2048 6.26 at best). For 8 < M <= 16 (call 5) the same tile
// without a K-split beat auto's clusters of 2 or 3 for 1024 < K <= 2048
// (16x1088x1536 5.56 -> 4.45, 16x2048x2048 5.54 -> 4.94, 9x2048x1536 5.09 ->
// 4.75) and at K = 3072 from 64 N tiles (16x2048x3072 6.63 -> 5.89; with 34 to
// 50 N tiles 2 stays ahead: 16x1088x3072 5.48 against 5.91, call 6
// 12x1600x3072 5.49 against 5.99).
constexpr int64_t kBulk16RowFor32RowsMaxGroups = 96;
constexpr int64_t kBulk16RowMaxGroups = 64;             // 8 < M <= 16: K <= 2048 ...
constexpr int64_t kBulk16RowLongMinNTiles = 64;         // ... K <= 3072 from 64 N tiles
// Call 7, small layers (512 < N <= 1024) beside the rule above: 16 < M <= 32
// at 1024 < K <= 2048 on the same tile without a K-split (32x1024x1536 5.29 ->
// 4.69 us, 32x768x2048 5.74 -> 5.24, 24x1024x2048 5.75 -> 5.37) and 8 < M <=
// 16 at K = 3072..4096 on it with 2 CTAs a cluster (16x1024x4096 6.44 ->
// 5.92, 12x640x3072 5.76 -> 5.38), where split-K's small-layer tiles ran.
constexpr int64_t kBulk16RowSmallMinGroups = 96;        // 8 < M <= 16: K = 3072..4096
constexpr int64_t kBulk16RowSmallMaxGroups = 128;
// Session 32 call 1 (M = 24 / 32, N = 544..2048, K = 3072..4096, hot graph
// replay, auto before -> this tile): 16 < M <= 32 at K = 3072..4096 with 2 CTAs
// a cluster up to 96 CTAs (32x768x3072 6.73 -> 5.82 us, 32x544x4096 7.56 ->
// 6.38, 24x768x4096 7.67 -> 6.48), without one beyond (32x1024x3072 6.81 ->
// 6.34, 24x1024x3584 7.29 -> 6.71; at K = 4096 it does not fit and the ring
// tile runs, RingFor32Rows: 32x1024x4096 7.75 -> 7.10), where split-K's
// 16-row bulk tile ran; beyond N = 1024 without one below K = 4096
// (24x1536x3584 9.68 -> 7.15, 32x2048x3584 8.44 -> 7.79).
constexpr int64_t kBulk16Row32RowsC2MaxCtas = 96;
constexpr int64_t kBulk16Row32RowsMaxGroups = 128;      // 16 < M <= 32 without a K-split: K < 4096

// The cluster of quant_then_mma's streamq_n32_m16_k8_bulk that auto runs for
// (m, n, groups) by the rules above, or 0 for none.
int Bulk16RowCluster(int64_t m, int64_t n, int64_t groups) {
  if (m <= kSplitKSmallMMaxM || m > kStreamPrequantMaxM || groups <= kFusedMaxGroups ||
      n <= kSmallLayerNarrowN ||
      TileGridCtas(TileConfigId::kStreamQN32M16K8Bulk, m, n) > kStreamTargetCtas) {
    return 0;
  }
  if (n <= kSmallLayerMaxN) {
    if (m > kFused32RowMinM) {
      if (groups > kEightRowNoSplitMaxGroups && groups <= kEightRowMaxGroups) return 1;
      if (groups < kBulk16RowSmallMinGroups || groups > kBulk16RowSmallMaxGroups) return 0;
      if (kSmallLayerClusterCtas * TileGridCtas(TileConfigId::kStreamQN32M16K8Bulk, m, n) <=
          kBulk16Row32RowsC2MaxCtas) {
        return kSmallLayerClusterCtas;
      }
      return groups < kBulk16Row32RowsMaxGroups ? 1 : 0;
    }
    return groups >= kBulk16RowSmallMinGroups && groups <= kBulk16RowSmallMaxGroups
               ? kSmallLayerClusterCtas
               : 0;
  }
  if (m > kFused32RowMinM) return groups < kBulk16Row32RowsMaxGroups ? 1 : 0;
  if (groups > kBulk16RowFor32RowsMaxGroups) return 0;
  return groups <= kBulk16RowMaxGroups ||
                 TileGridCtas(TileConfigId::kStreamQN32M16K8Bulk, m, n) >= kBulk16RowLongMinNTiles
             ? 1
             : 0;
}

// Small layers with a long K (session 30): for M <= 32, 256 <= N <= 1024 and
// K > 4096, beyond SmallLayerSplitK's rule, auto ran quant_then_mma's
// streaming tiles with clusters of 4-8 CTAs, whose grids (17..32 clusters)
// did not stay resident (ResidentClusters) and ran two waves. Now M <= 8
// runs splitk_small_m on stream_n32_m8_k8_bulk (stream_n16_m8_k8 where its
// weight slabs do not fit) with the largest cluster of 8, 4 or 2 that stays
// resident, and 8 < M <= 32 the 64-row ring tile with its K-split cluster
// (8 < M <= 16 from N = 512; M > 16 at any N). Measured 2026-12-01 (H200,
// session 30 calls 1 and 3, gemm_paths_benchmark --only, hot graph replay,
// M = 1..32, N = 256..1536, K = 5120..16384; docs/paths.md "Measured
// (2026-12-01, session 30)"), auto before -> the rule's plan (call 3, two
// rounds): 1x512x8192 10.77 -> 6.13 us, 4x768x12288 14.01 -> 7.51,
// 8x1024x8192 12.57 -> 8.62, 1x256x16384 7.50 -> 6.72, 16x512x8192 13.91 ->
// 7.08, 32x768x8192 19.91 -> 7.50, 24x1024x12288 23.12 -> 11.60,
// 32x1536x8192 25.17 -> 9.93: 1.01-2.66x on all 124 shapes of the rule.
// Below N = 256 (64 <= N < 256, every M <= 32; call 8, M = 1..32, N =
// 64..192, K = 5120..16384, where auto ran the streaming tiles with
// clusters of 8): stream_n16_m8_k8 up to K = 8192 where its largest resident
// cluster has 4 CTAs or more, else the bulk tile with its own - call 9
// (auto, before -> after, two rounds): 1.05-1.84x on all 54 shapes measured:
// 1x64x16384 7.33 -> 6.59 us, 16x128x5120 7.13 -> 5.36, 32x64x5120 9.81 ->
// 5.33, 32x192x8192 11.96 -> 7.12.
// Session 31 (call 1, auto before -> call 3, two rounds): below N = 64 at
// every M <= 32 stream_n16_m8_k8 with its largest resident cluster (8 there),
// where quant_then_mma's streaming tiles ran (1.18-1.56x: 1x16x8192 5.51 ->
// 4.58 us, 32x32x6144 8.66 -> 5.54, 24x48x12288 9.87 -> 6.61); 8 < M <= 16
// at 256 <= N < 512 below K = 8192 stream_n32_m16_k4 with its largest
// resident cluster (12x256x6144 6.84 -> 6.17, 16x480x6144 7.71 -> 6.59,
// 12x496x6144 11.93 -> 7.99 with 4), the ring tile up to K = 12288
// (RingForLongKSmallLayer).
constexpr int64_t kLongKSmallLayerMinN = 256;   // for M <= 8 and the ring rule
constexpr int64_t kLongKNarrowMinN = 64;        // below kLongKSmallLayerMinN: every M <= 32
constexpr int64_t kLongKNarrowN16MaxGroups = 256;  // K <= 8192: stream_n16_m8_k8
constexpr int64_t kLongKSmallLayerMaxN = 1024;
constexpr int64_t kLongKSmallLayerMinGroups = kSmallLayerMaxGroups + 1;  // K > 4096
constexpr int64_t kLongKRingMinNUpTo16Rows = 512;
constexpr int64_t kLongKRingWideMinGroupsUpTo16Rows = 352;  // beyond N = 1024: K >= 11264
constexpr int64_t kLongKRingMidNMinGroupsUpTo16Rows = 320;  // K >= 10240 where c4 stays resident
constexpr int64_t kLongKStreamBulkMinNTiles = 34;   // clusters of 3 of the streaming tile, resident
constexpr int64_t kLongKStreamBulkMaxNTiles = 39;
constexpr int64_t kLongKStreamBulkMaxGroups = 512;  // K < 16384: its E5M2-A bulk form fits
// 8 < M <= 16 with 256 <= N < 512: split-K below K = 8192, the ring tile up
// to K = 12288, the streaming tile beyond (session 31).
constexpr int64_t kLongKMidRowsRingMinGroups = 256;
constexpr int64_t kLongKMidRowsRingMaxGroups = 384;
// 8 < M <= 16 beyond 66 N tiles of 32 rows (N > 2112), where the streaming
// tile's clusters of 2 no longer stay resident: the ring tile from K = 4128
// (session 31).
constexpr int64_t kLongKRingWideMinNTiles = 67;

bool RingForDecode(int64_t m, int64_t n, int64_t groups);

// The splitk_small_m plan of the long-K rule (M <= 8 from N = 256, every M
// <= 32 below it), or none.
SplitKChoice LongKSmallLayerSplitK(int64_t m, int64_t n, int64_t groups) {
  // Weights of 24 Mi elements or more (K >= 24576 here) stay on the decode
  // rule's ring tiles (unmeasured against split-K).
  if (m > kStreamPrequantMaxM || groups < kLongKSmallLayerMinGroups ||
      RingForDecode(m, n, groups)) {
    return {};
  }
  const bool below_narrow = n < kLongKNarrowMinN;
  const bool narrow = n >= kLongKNarrowMinN && n < kLongKSmallLayerMinN;
  const bool wide =
      n >= kLongKSmallLayerMinN && n <= kLongKSmallLayerMaxN && m <= kSplitKSmallMMaxM;
  const bool mid_rows = n >= kLongKSmallLayerMinN && n < kLongKRingMinNUpTo16Rows &&
                        m > kSplitKSmallMMaxM && m <= kFusedMaxM &&
                        groups < kLongKMidRowsRingMinGroups;
  const int n16_cluster = LargestResidentCluster(TileGridCtas(TileConfigId::kStreamN16M8K8, m, n));
  if (below_narrow) return {TileConfigId::kStreamN16M8K8, n16_cluster};
  if (mid_rows) {
    return {TileConfigId::kStreamN32M16K4,
            LargestResidentCluster(TileGridCtas(TileConfigId::kStreamN32M16K4, m, n))};
  }
  if (!narrow && !wide) return {};
  if (narrow && groups <= kLongKNarrowN16MaxGroups && n16_cluster >= 4) {
    return {TileConfigId::kStreamN16M8K8, n16_cluster};
  }
  return {TileConfigId::kStreamN32M8K8Bulk,
          LargestResidentCluster(TileGridCtas(TileConfigId::kStreamN32M8K8Bulk, m, n))};
}

// M <= 8 beyond the small-layer rule (N > 1024, below the decode rule) with
// 512 < K <= 2048: splitk_small_m on the register streaming tile
// stream_n32_m8_k8 without a K-split up to K = 1024, with 2 CTAs a cluster
// beyond where those clusters stay resident. Session 31 call 2 (M = 1 / 4 /
// 8, N = 1088..4096, hot graph replay), auto before -> this plan:
// 1x1536x1024 4.55 -> 3.33 us, 8x4096x1024 4.39 -> 3.51, 4x2048x1536 5.06 ->
// 3.94, 8x1088x2048 5.45 -> 4.24, 1x2048x2048 5.43 -> 4.10; from K = 3072
// and beyond 66 N tiles from K = 1536 auto's plans stay level or ahead,
// except at 49..66 N tiles (below). Calls 5-6 extended it to 8 < M <= 16 at
// K <= 1024 (two 8-row tiles, up to 132 CTAs: 16x1088x1024 5.51 -> 3.37 us,
// 9x2048x1024 4.64 -> 3.47).
constexpr int64_t kMidLayerBulkMaxGroups = 128;    // K <= 4096
constexpr int64_t kMidLayerBulkMinNTiles = 49;

SplitKChoice MidLayerSplitK(int64_t m, int64_t n, int64_t groups) {
  if (m > kFusedMaxM || n <= kSmallLayerMaxN || groups <= kFusedMaxGroups ||
      RingForDecode(m, n, groups)) {
    return {};
  }
  if (m > kSplitKSmallMMaxM) {
    // 8 < M <= 16: K <= 1024 only (beyond, streamq_n32_m16_k8_bulk without a
    // K-split: Bulk16RowCluster).
    return groups <= kEightRowNoSplitMaxGroups ? EightRowRegisterSplitK(m, n, groups)
                                               : SplitKChoice{};
  }
  if (groups <= kEightRowMaxGroups) {
    // No K-split up to K = 1024 at any grid size (call 3: 4x4800x1024, 150
    // CTAs, 6.81 -> 6.17 us), else as for the other rows.
    if (groups <= kEightRowNoSplitMaxGroups) return {TileConfigId::kStreamN32M8K8, 1};
    return EightRowRegisterSplitK(m, n, groups);
  }
  // 2048 < K <= 4096 with 49..66 N tiles of 32 rows: the bulk tile with 2
  // (call 5: 1x2048x4096 7.35 -> 5.93 us, 8x2048x3072 6.40 -> 5.85, where
  // quant_then_mma's bulk tile ran 128 CTAs; at N = 1536 level).
  const int64_t n_tiles = TileGridCtas(TileConfigId::kStreamN32M8K8Bulk, m, n);
  if (groups <= kMidLayerBulkMaxGroups && n_tiles >= kMidLayerBulkMinNTiles &&
      n_tiles <= ResidentClusters(kSmallLayerClusterCtas)) {
    return {TileConfigId::kStreamN32M8K8Bulk, kSmallLayerClusterCtas};
  }
  return {};
}

// The small-layer rules in the planner's order (dispatch_rules.h):
// SmallLayerSplitK, LongKSmallLayerSplitK, MidLayerSplitK.
SplitKCandidates SmallLayerSplitKCandidates(int64_t m, int64_t n, int64_t groups) {
  if (const SplitKChoice small = SmallLayerSplitK(m, n, groups);
      small.tile != TileConfigId::kCount) {
    return {{small}, 1};
  }
  if (const SplitKChoice long_k = LongKSmallLayerSplitK(m, n, groups);
      long_k.tile != TileConfigId::kCount) {
    const SplitKChoice fallback = {
        TileConfigId::kStreamN16M8K8,
        LargestResidentCluster(TileGridCtas(TileConfigId::kStreamN16M8K8, m, n))};
    return {{long_k, fallback}, 2};
  }
  if (const SplitKChoice mid = MidLayerSplitK(m, n, groups); mid.tile != TileConfigId::kCount) {
    return {{mid}, 1};
  }
  return {};
}

// Whether the k4 ring tile's grid with 4 CTAs a cluster stays resident (at
// most ResidentClusters(4) tiles of 64 rows: N <= 1920 at M <= 64), the
// condition of the long-K rules below that take its clusters of 4.
bool RingK4ClustersOf4Resident(int64_t m, int64_t n) {
  return TileGridCtas(TileConfigId::kWgmma8N64M64K4Fold, m, n) <= ResidentClusters(4);
}

// Whether auto runs 8 < M <= 32 with a long K on the 64-row ring tile.
bool RingForLongKSmallLayer(int64_t m, int64_t n, int64_t groups) {
  if (m <= kSplitKSmallMMaxM || m > kStreamPrequantMaxM || n < kLongKSmallLayerMinN ||
      groups < kLongKSmallLayerMinGroups) {
    return false;
  }
  // 8 < M <= 16 below N = 512 runs the ring tile for 8192 <= K < 12288
  // (session 31 call 3: 12x320x8192 7.16 -> 6.71 us, 16x448x10240 8.39 ->
  // 7.74; below it split-K wins, LongKSmallLayerSplitK; from K = 12288 the
  // streaming tile stays level: 16x256x12288 8.58 against 8.63, session 31
  // call 1) and beyond 66 N tiles of 32 rows, where the streaming tile's
  // clusters of 2 no longer stay resident (call 3: 12x2240x6144 12.84 ->
  // 9.75, 16x2880x6144 13.61 -> 9.81, 16x2496x8192 15.96 -> 11.51). It keeps
  // the streaming tile beyond N = 1024 below K = 12288 up to 66 N tiles
  // (session 30 call 1: 16x1536x8192 8.59 / 8.86). From
  // K = 12288 the ring tile wins there (call 10, auto before -> after, two
  // rounds, M = 9 / 12 / 16: 16x1536x12288 14.50 -> 10.61 us, 9x1792x12288
  // 14.83 -> 10.46, 12x1056x16384 18.25 -> 12.46, 16x1200x16384 16.80 ->
  // 12.66; N = 2016 level), up to the decode rule's 24 Mi elements at N =
  // 2048 - except at 34..39 N tiles of 32 rows below K = 16384, where the
  // streaming tile's clusters of 3 stay resident in its E5M2-A bulk form
  // (9x1200x12288 9.77 against the ring tile's 10.34). From M = 17 every N
  // goes (N = 1536: 24x1536x8192 24.86 -> 9.71; from N = 2048 RingFor32Rows
  // has it).
  if (m > kFusedMaxM) return true;
  if (n < kLongKRingMinNUpTo16Rows) {
    return groups >= kLongKMidRowsRingMinGroups && groups < kLongKMidRowsRingMaxGroups;
  }
  if (n <= kLongKSmallLayerMaxN) return true;
  const int64_t n_tiles = TileGridCtas(TileConfigId::kStreamQN32M16K8BulkE5m2, m, n);
  if (n_tiles >= kLongKRingWideMinNTiles) return true;
  const bool streaming_keeps_bulk = n_tiles >= kLongKStreamBulkMinNTiles &&
                                    n_tiles <= kLongKStreamBulkMaxNTiles &&
                                    groups < kLongKStreamBulkMaxGroups;
  // Session 32 (call 1): from K = 11264 the streaming tile's bulk forms no
  // longer fit at its cluster of 2 (16x1536x11264 15.63 us against the ring
  // tile's 11.14, 16x2048x11264 15.92 / 13.80), and from K = 10240 the ring
  // tile wins where its clusters of 4 stay resident (16x1280x10240 10.38 ->
  // 9.60, 12x1536x10240 10.67 -> 9.51; at N = 2048, 32 tiles of 64 rows, the
  // streaming tile stays ahead: 10.94 against 12.99).
  const bool ring_c4_resident = RingK4ClustersOf4Resident(m, n);
  const int64_t ring_min_groups = ring_c4_resident ? kLongKRingMidNMinGroupsUpTo16Rows
                                                   : kLongKRingWideMinGroupsUpTo16Rows;
  return groups >= ring_min_groups && !streaming_keeps_bulk;
}

// M <= 8 beyond the streaming tile's clusters of 3 (40 N tiles of 32 rows on)
// from K = 8192, below the decode rule, where the k4 ring tile's clusters of
// 4 stay resident (N <= 1920): the ring tile (4 CTAs a cluster) instead of
// split-K's stream_n32_m8_k8 with 2 CTAs a cluster (its bulk form below K =
// 12288, its register form from there). Measured (gemm_paths_benchmark
// --only, hot graph replay): session 33 call 4, K >= 12288, 1.21-1.33x on all
// 7 shapes, 1x1280x12288 12.16 -> 9.84 us, 8x1280x16384 16.39 -> 12.29;
// session 34 call 5, K = 8192..11008 at N = 1280 / 1536 / 1920, 1.01-1.32x
// on all 36 shapes (M = 8 1.11-1.32x: 8x1536x10240 11.84 -> 9.04; M = 1 / 4
// 1.01-1.18x). Call 6: below K = 8192 (K = 4096..7168) the 16-row bulk
// streaming tile is ahead at N = 1280 (0.89-0.98x for the ring), with 36..39
// N tiles (N = 1152 / 1248) it is level or ahead, and from N = 1952 split-K
// is (0.73-0.92x).
constexpr int64_t kLongK8RowRingMinNTiles = 40;
constexpr int64_t kLongK8RowRingMinGroups = 256;  // K >= 8192
bool RingForLongKMidLayer8Rows(int64_t m, int64_t n, int64_t groups) {
  return m <= kSplitKSmallMMaxM && groups >= kLongK8RowRingMinGroups &&
         TileGridCtas(TileConfigId::kStreamN32M8K8, m, n) >= kLongK8RowRingMinNTiles &&
         RingK4ClustersOf4Resident(m, n);
}

// 8 < M <= 16 at K = 4096 from 128 N tiles of 32 rows (below the decode
// rule's 24 Mi elements and N = 5120): the ring tile (k4 with 2 CTAs a
// cluster) instead of the E5M2-A (then E4M3-A) bulk streaming tile. Session 31 call 5:
// 16x4096x4096 9.15 -> 8.49 us (cuBLAS bf16 8.99), 12x4096x4096 9.18 ->
// 8.43, 9x4096x4096 8.69 -> 8.40; at 90 N tiles the streaming tile stays
// ahead (16x2880x4096 7.55 against 8.30), as below K = 4096 (16x4096x3072 6.56
// against 7.70).
constexpr int64_t kRingWide16RowMinGroups = 128;
constexpr int64_t kRingWide16RowMinNTiles = 128;

bool RingForWide16Rows(int64_t m, int64_t n, int64_t groups) {
  return m > kSplitKSmallMMaxM && m <= kFusedMaxM && groups >= kRingWide16RowMinGroups &&
         TileGridCtas(TileConfigId::kStreamQN32M16K8BulkE5m2, m, n) >= kRingWide16RowMinNTiles;
}

// Decode GEMMs of large layers: for M <= 32 with K > 512 and a weight of at
// least kRingLargeWeightElements elements, auto runs quant_then_mma on the
// ring tiles (AutoRingTile: the 64-row K-split tile within one wave, else
// wgmma8_n128_m64_k2_fold; rows beyond M are zeros) instead of the
// streaming tiles, whose weight stream runs at ~0.6-1 TB/s there against
// ~1.7 for the ring tiles. Measured 2026-12-01 (H200, session 27,
// gemm_paths_benchmark --only, hot graph replay; docs/paths-history.md
// "Measured (2026-12-01, session 27)"), auto before -> the ring tile auto now
// takes:
// 16x16384x16384 227.5 -> 77.7 us (cuBLAS bf16 124), 32x16384x16384 430.7 ->
// 78.3, 8x16384x16384 139.6 -> 77.6 (split-K before), 4x16384x16384 128.3 ->
// 77.6, 16x53248x16384 701 -> 292 (n128_m64; the m64 k4 tile 271),
// 16x28672x8192 119.9 -> 77.5, 16x8192x28672 206.6 -> 71.7, 16x8192x8192
// 33.7 -> 22.5, 16x7168x4096 14.76 -> 12.88; below the threshold the
// streaming tile stays: 16x4096x4096 9.23 against 10.1 (ring k2). M <= 8
// near the threshold, split-K before: 1x8192x4096 14.56 -> 12.94,
// 8x7168x4096 15.56 -> 12.81, 2x5120x5120 17.97 -> 14.79, 8x4096x8192 15.51
// -> 14.78, 1x4096x16384 30.01 -> 24.28.
constexpr int64_t kRingLargeWeightElements = int64_t{24} << 20;
// Session 28 gave the 64-row ring tiles decode forms (M <= 16 / 32: the fast
// loop on m64n16k32 / m64n32k32 wgmmas, m64n8k32 for M <= 8;
// gemm_quant_then_mma_kernel.cu.cc):
// 16x16384x16384 77.2 -> 59.0 us, 16x8192x8192 22.0 -> 16.7, 32x8192x8192
// 22.2 -> 18.3, 16x7168x4096 12.9 -> 9.95. With them the ring tiles also win
// below the weight threshold wherever their grid has at least 80 CTAs (N >=
// 5120) and K >= 1024 (H200, session 28 call 4, gemm_paths_benchmark --only,
// hot graph replay; auto before -> the ring tile): 1x5120x2048 9.93 -> 6.48,
// 8x6144x1536 9.23 -> 5.63, 16x8192x1024 7.24 -> 5.06, 16x7168x3072 11.50 ->
// 8.78, 16x16384x1024 13.49 -> 6.51, 32x8192x1024 9.87 -> 5.32, 32x16384x1024
// 18.08 -> 7.09, 32x10240x2048 21.27 -> 9.74 (cold alike: 1.2-2.5x). With 64
// CTAs or fewer the streaming tiles stay ahead (call 3: 16x4096x2048 5.27
// against 6.71, 1x4096x4096 split-K 7.43 against 8.62, 16x2048x8192 10.11
// against 16.57).
constexpr int64_t kRingDecodeMinN = 5120;
constexpr int64_t kRingDecodeMinGroups = 32;

// Session 35 (gemm_paths_benchmark --only, hot graph replay): M <= 8 beyond
// 66 N tiles of 32 rows (N > 2112, where split-K's streaming tiles run
// without a cluster: their clusters of 2 no longer stay resident) up to 64
// tiles of 64 rows (N <= 4096), from K = 4608 and below the 24 Mi elements:
// the ring tiles with 2 CTAs a cluster (AutoRingTile: k2 where the k4 chunks
// end off the loop step, e.g. K = 4608 / 5632) beat split-K on all 43 shapes
// measured at N = 2240..4096 (calls 4, 5, 7), 1.00-1.38x: 1x2880x8192 14.10 ->
// 10.99 us, 8x3072x7168 13.95 -> 10.38, 8x2240x8192 15.32 -> 11.14,
// 8x3072x5120 10.86 -> 8.71, 4x4096x5632 10.34 -> 9.66; K = 4608 1.00-1.14x.
// At K = 4096 split-K stays ahead for M <= 4 (0.94-0.97x for the ring; M = 8
// 1.03x), and at N = 2048 (its clusters of 2 resident, 0.67-0.83x).
// Session 36 call 1 (two rounds, N = 2560 / 3072 / 4096): from M = 5 the
// streaming tile costs more (M = 6: 8.3 us at K = 4096 against M = 4's 7.4)
// and the ring wins from K = 4096 (M = 6 / 8: 1.02-1.06x; off-step K 4864 /
// 5376 1.09-1.17x); at M <= 4 the ring's off-step K (chunks not whole ring
// steps of either tile, K-blocks % 16 != 0: the last rank's chunk is short,
// the others' a step longer) stays behind split-K at K = 4864 (0.96-0.98x)
// and level at 5376 (0.99-1.04x).
constexpr int64_t kMidLayer8RowRingMinGroups = 144;          // K >= 4608
constexpr int64_t kMidLayer8RowSplitKCheapMaxM = 4;          // split-K's 8-row tile costs more beyond
constexpr int64_t kMidLayer8RowRingMinGroupsFrom5Rows = 128;  // K >= 4096 at M = 5..8
constexpr int64_t kMidLayer8RowRingOffStepMinGroups = 176;   // M <= 4: off-step K from 5632
constexpr int64_t kMidLayer8RowRingMaxTiles = 64;            // N <= 4096

bool RingForDecode(int64_t m, int64_t n, int64_t groups) {
  if (m > kStreamPrequantMaxM || groups <= kFusedMaxGroups) return false;
  if (n * groups * 32 >= kRingLargeWeightElements ||
      (n >= kRingDecodeMinN && groups >= kRingDecodeMinGroups)) {
    return true;
  }
  // Off-step K: the chunks of the k2 tile with 2 CTAs a cluster (and so of
  // the k4 tile) are not whole ring steps.
  const bool whole_steps = RingChunksWholeSteps(groups, kRingK2WarpsK, kSmallLayerClusterCtas);
  const int64_t min_groups =
      m > kMidLayer8RowSplitKCheapMaxM
          ? kMidLayer8RowRingMinGroupsFrom5Rows
          : (whole_steps ? kMidLayer8RowRingMinGroups : kMidLayer8RowRingOffStepMinGroups);
  return m <= kSplitKSmallMMaxM && groups >= min_groups &&
         TileGridCtas(TileConfigId::kStreamN32M8K8, m, n) >
             ResidentClusters(kSmallLayerClusterCtas) &&
         TileGridCtas(TileConfigId::kWgmma8N64M64K2Fold, m, n) <= kMidLayer8RowRingMaxTiles;
}

// Measured 2026-11-30 (session 6, H200, graph replay): for 16 < M <= 32 and
// K = 512 the fused streaming tile whose cluster of CTAs along N shares the
// quantization of the 32 A rows against the two-launch quant_then_mma tiles.
// 32x4096x512 (128 N tiles): stream_n32_m32_k4_c2 4.66 us in the path sweep
// (wgmma8_n64_m64_k2 4.85, streamq_n32_m32_k8 5.26) and 4.93 / 4.96 in two
// contest runs (quant_then_mma 5.32 / 5.34); clusters of 4 did not fit one
// CTA per SM there (128 CTAs on 120 SMs: 6.30 us). 32x2880x512 (90 N tiles):
// stream_n32_m32_k4_c4 won the sweep (4.43 vs streamq_n32_m32_k4 4.64) but
// lost both contest runs (4.67 / 4.69 vs 4.58 / 4.60): the two harnesses
// disagree there, so auto kept quant_then_mma below 128 N tiles (until
// session 11, below).
// Session 10 (H200, gemm_paths_benchmark --only, graph replay, two runs each,
// same call): from 128 N tiles the cluster-less stream_n64_m16_k4 (the 32 A
// rows as two 16-row tiles, each CTA quantizing its own rows: 128 CTAs on
// 32x4096x512) beat _c2: 4.31 / 4.32 against 4.41 / 4.43 us (entry -> ready
// 3.25K against 3.97K cycles, its math 2.07K against 1.50K); on 32x2880x512
// _c4 stays ahead (4.17 against 4.22 us).
// Session 11: the one-kernel paths launch programmatically (their CTAs are
// resident while the previous kernel finishes), and fused_quant became the
// faster path on 32x2880x512 too (contest, graph replay, two runs each:
// 3.93 / 3.94 us forced against quant_then_mma 4.41 / 4.42; L2 flushed
// 7.01-7.61 against 7.40-7.90): auto takes fused_quant for every
// 16 < M <= 32 with K <= 512.
// Session 13: after session 12's prologue cuts (A loads before the weights'
// address math) stream_n64_m16_k4 also wins on 32x2880x512 (90 N tiles of 32
// rows; phase-clock runs, graph replay: 3.65 against _c4's 3.80 us).
// Session 64: the tile folds the activation scales (stream_n64_m16_k4_fold;
// H200 32x4096x512 3.64 -> 3.46 us, 32x2880x512 3.56 -> 3.40).
constexpr TileConfigId kAutoFused32RowTile = TileConfigId::kStreamN64M16K4Fold;
// Session 65 (H100, gemm_paths_benchmark --only, hot graph replay, 3 rounds):
// where that tile's grid passes one wave (16 warps a CTA, one CTA a SM) its
// k2 twin (8 warps, two CTAs a SM, one wave up to 264 CTAs) wins: 32xNx512
// N = 4608 6.29 -> 5.31 us, 6144 6.35 -> 5.36, 7168 6.38 -> 5.47, 8192 6.49 ->
// 5.59, 14336 12.49 -> 9.66, 24x7168x512 6.09 -> 5.34, 17x5120x512 5.65 ->
// 5.09; within one wave it loses (32x4096x512 3.42 against 3.90, 32x2880x512
// 3.33 against 3.69).
constexpr TileConfigId kAutoFused32RowWideTile = TileConfigId::kStreamN64M16K2Fold;
// Session 78 (H100, only_ab 5 rounds, after qx sped up the quantization
// clusters): the fold tile beats the cluster tile stream_n32_m32_k4_c4 below
// 90 N tiles too, where auto had kept the cluster tile since session 6
// (32xNx512, c4 against fold: N = 256 3.114 / 2.814 us, 512 3.136 / 2.838,
// 1024 3.230 / 2.958, 2048 3.276 / 3.012, 2496 3.348 / 3.010; 17x512x512
// 3.214 / 2.854, 24x1024x512 3.220 / 2.878).

// The fold tile for (m, n): kAutoFused32RowTile, kAutoFused32RowWideTile
// where its grid passes one wave.
TileConfigId FusedFoldTile(int64_t m, int64_t n) {
  return TileGridCtas(kAutoFused32RowTile, m, n) > ResidentClusters(1) ? kAutoFused32RowWideTile
                                                                        : kAutoFused32RowTile;
}
// The tile fused_quant uses for (m, n, groups) where 16 < M <= 32 and
// K <= 512: FusedFoldTile's - or kCount for none (AutoPath picks the path,
// PlanGemm the tile).
TileConfigId Fused32RowTile(int64_t m, int64_t n, int64_t groups) {
  if (m <= kFused32RowMinM || m > kStreamPrequantMaxM || groups > kFusedMaxGroups) {
    return TileConfigId::kCount;
  }
  return FusedFoldTile(m, n);
}

// Session 78 (H100, only_ab 5 rounds, K = 512, after qx): for 8 < M <= 16
// the quantization-cluster tile stream_n32_m16_k4_c4 beats the default
// stream_n32_m16_k4 from 32 N tiles of 32 rows while its clusters of 4 stay
// resident (16xNx512, default against c4: N = 1024 2.688 / 2.658 us, 2048
// 2.776 / 2.668, 2880 2.904 / 2.712; 12x2048x512 2.712 / 2.626), not below
// (N = 256 2.572 / 2.648, 512 2.596 / 2.666); beyond (N = 4096: 128 CTAs, 30
// clusters of 4 resident) c4 loses (3.528) and the fold tiles win, as for 32
// rows the k4 tile within one wave (16xNx512, default against fold: N =
// 4096 3.120 / 2.932, 5120 4.246 / 3.060, 7168 4.244 / 3.134, 8448 4.340 /
// 3.186), its k2 twin beyond (N = 8512 5.720 / k4 5.530 / k2 4.746, 14336
// 7.278 / 5.850 / 4.934, 28672 12.544 / 11.230 / 8.794; 9x8512x512 5.480 /
// 5.092 / 4.524).
constexpr TileConfigId kFused16RowClusterTile = TileConfigId::kStreamN32M16K4C4;
constexpr int64_t kFused16RowClusterMinNTiles = 32;

// The tile fused_quant uses for 8 < M <= 16 (K <= 512: the fused path's
// kFusedMaxGroups): DefaultTile's below kFused16RowClusterMinNTiles N tiles,
// kFused16RowClusterTile while its clusters stay resident, else
// FusedFoldTile's.
TileConfigId Fused16RowTile(int64_t m, int64_t n) {
  constexpr TileConfigDesc kCluster = GetTileConfig(kFused16RowClusterTile);
  const int64_t n_tiles = (n + kCluster.block_n() - 1) / kCluster.block_n();
  if (n_tiles < kFused16RowClusterMinNTiles) return DefaultTile(GemmPath::kFusedQuant, m);
  const int64_t resident_ctas =
      int64_t{kCluster.quant_cluster} * ResidentClusters(kCluster.quant_cluster);
  if (TileGridCtas(kFused16RowClusterTile, m, n) <= resident_ctas) return kFused16RowClusterTile;
  return FusedFoldTile(m, n);
}

// Session 78 (H100, only_ab 5 rounds, K = 512, calls 6-7): for M <= 8 the
// default stream_n32_m8_k4 (a CTA per 32 columns) wins while its grid fits
// one wave (8xNx512, default / fold / k2 fold: N = 2880 2.248 / 2.692 /
// 3.412, 4096 2.346 / 2.718 / 3.420); beyond, the fold tile while its own
// grid does (5120 2.982 / 2.756, 7168 3.050 / 2.894, 8448 3.160 / 2.944;
// 4x8448x512 2.900 / 2.814); then the default again up to three waves of
// its grid (8512 4.262 / 4.894 / 4.428, 10240 4.518 / 5.160 / 4.738, 12288
// 4.608 / 5.248 / 4.794; 1x12288x512 4.300 / 5.026 / 4.432), and the k2 fold
// beyond (14336 5.468 / 5.312 / 4.772, 28672 9.510 / 10.146 / 8.506;
// 1x14336x512 4.938 / 5.070 / 4.460).
constexpr int64_t kFused8RowDefaultMaxWaves = 3;

// The tile fused_quant uses for M <= 8 (K <= 512): as measured above.
TileConfigId Fused8RowTile(int64_t m, int64_t n) {
  const TileConfigId default_tile = DefaultTile(GemmPath::kFusedQuant, m);
  const int64_t default_ctas = TileGridCtas(default_tile, m, n);
  const int64_t wave = ResidentClusters(1);
  if (default_ctas <= wave) return default_tile;
  if (TileGridCtas(kAutoFused32RowTile, m, n) <= wave) return kAutoFused32RowTile;
  return default_ctas > kFused8RowDefaultMaxWaves * wave ? kAutoFused32RowWideTile : default_tile;
}

// The warp-specialized twin of an auto ring tile that auto runs instead when
// the weight has a prepared copy (its producer then copies the weights rather
// than converting them), or the tile itself. Measured (session 23, H200,
// gemm_paths_benchmark --only, hot graph replay; docs/paths.md "Prepared
// weights"): the twin wins wherever the ring tile runs without a K-split
// cluster (64x7168x2048 8.13 -> 6.49 us, 4096^3 260 -> 206, 96x2880x512 4.47
// -> 3.92) and, with a cluster, where its own grid has 44 or 64 CTAs
// (64x2816x7168 k4 cluster 3 27.3 -> 15.4, 128x2048x2048 k2 cluster 2 8.11 ->
// 6.38) but not 8 (64x512x16384 k4 cluster 8 15.4 against 32.8); the m128
// tiles' other twins lose to these (256x3072x1536 m64 k2 ws 9.78 against m128
// k2 ws 7.81; 4096^3 m128 k2 ws 223 against n128_m128 ws 206).
// Session 28: for M <= 32 the k4 tile's decode form (no twin) beats the
// twin (hot graph replay, the twin with the copy against the decode form
// without: 16x8192x8192 22.1 / 16.7 us, 32x4096x4096 9.91 / 9.37,
// 16x7168x4096 10.04 / 9.95; 8x7168x4096 9.91 / 10.1), the k2 tile's does
// not (32x2048x2048 6.18 / 6.55).
constexpr int64_t kPreparedTwinMinCtasWithCluster = 32;
TileConfigId PreparedWeightTwin(TileConfigId id, int64_t m) {
  switch (id) {
    case TileConfigId::kWgmma8N64M64K4Fold:
      return m <= kStreamPrequantMaxM ? id : TileConfigId::kWgmma8N64M64K2WsFold;
    case TileConfigId::kWgmma8N64M64K2Fold:
      return TileConfigId::kWgmma8N64M64K2WsFold;
    case TileConfigId::kWgmma8N128M128Fold:
      return TileConfigId::kWgmma8N128M128WsFold;
    default:
      return id;
  }
}

bool PreparedTwinPays(int cluster_ctas, int64_t twin_grid_ctas) {
  return cluster_ctas == 1 || twin_grid_ctas >= kPreparedTwinMinCtasWithCluster;
}

GemmPath AutoPath(int64_t m, int64_t n, int64_t groups) {
  if (m <= kFusedMaxM && groups <= kFusedMaxGroups) return GemmPath::kFusedQuant;
  if (Fused32RowTile(m, n, groups) != TileConfigId::kCount) return GemmPath::kFusedQuant;
  if (SmallLayerSplitKCandidates(m, n, groups).count > 0) return GemmPath::kSplitKSmallM;
  if (RingForDecode(m, n, groups) || RingForLongKMidLayer8Rows(m, n, groups)) {
    return GemmPath::kQuantThenMma;
  }
  if (m <= kSplitKSmallMMaxM) return GemmPath::kSplitKSmallM;
  return GemmPath::kQuantThenMma;
}

TileConfigId AutoTile(GemmPath path, int64_t m, int64_t n, int64_t groups, int split_k, bool copy,
                      bool int8_copy) {
  TileConfigId tile = DefaultTile(path, m);
  if (tile == TileConfigId::kStreamQN32M32K4 && (n + 31) / 32 >= kStreamQK8MinNTiles) {
    tile = TileConfigId::kStreamQN32M32K8;
  }
  if (path == GemmPath::kFusedQuant) {
    // 16 < M <= 32, K <= 512: stream_n64_m16_k4_fold / k2_fold.
    const TileConfigId row32_tile = Fused32RowTile(m, n, groups);
    if (row32_tile != TileConfigId::kCount) tile = row32_tile;
    // M <= 16, K <= 512: a quantization cluster or the fold tiles where
    // they win (measured at K = 512 only).
    if (groups <= kFusedMaxGroups) {
      if (m <= 8) tile = Fused8RowTile(m, n);
      if (m > 8 && m <= kFusedMaxM) tile = Fused16RowTile(m, n);
    }
  }
  if (path == GemmPath::kQuantThenMma && split_k <= 1 &&
      (m > kStreamPrequantMaxM || RingFor32Rows(m, n, groups) || RingForDecode(m, n, groups) ||
       RingForLongKSmallLayer(m, n, groups) || RingForLongKMidLayer8Rows(m, n, groups) ||
       RingForWide16Rows(m, n, groups))) {
    tile = AutoRingTile(m, n, groups, copy, copy && int8_copy);
  }
  return tile;
}

// The streaming default holds the CTA's whole K-range of A: the pipelined
// tile where a forced split count makes that too large, or (auto) the 64-row
// ring tile where even the largest cluster does.
TileConfigId OversizedStreamFallbackTile(GemmPath path, int64_t m, int split_k) {
  const bool ring_fallback = path == GemmPath::kQuantThenMma && split_k == 0 &&
                             m <= GetTileConfig(kLongKFallbackTile).block_m();
  return ring_fallback ? kLongKFallbackTile : PipelinedDefaultTile(path, m);
}

// Splits for a streaming tile: about kStreamTargetCtas CTAs, at least
// kStreamMinChunkBlocks blocks per warp chunk, and few enough blocks per CTA
// that its quantized A fits in shared memory (when some split count does).
// Where that count's clusters would not all stay resident
// (ResidentClusters), a smaller one whose clusters do: 4, 2, 3 or none, the
// first at which the tile's bulk twin (AutoBulkTwin, which auto runs where it
// fits) fits, else the first at which the tile itself fits.
// Session 31 (H200, gemm_paths_benchmark --only, hot graph replay): the
// count alone gave 33 N tiles clusters of 4 and 40..44 N tiles clusters of
// 3, which ran two waves; call 2, auto before -> after: 1x1280x1024 8.32 ->
// 4.49 us, 8x1408x2048 9.85 -> 4.93, 16x1280x4096 11.56 -> 5.91,
// 32x1408x1024 6.62 -> 5.11, 12x1280x8192 13.39 -> 8.50 (the then E4M3-A bulk
// form with 2), 1x1280x8192 12.23 -> 8.02 (split-K's bulk tile with 2).
// Clusters of 3 stay behind 2 where both fit (call 1: 16x1056x1024 5.49 /
// 4.58, 8x1056x2048 5.44 / 4.93), ahead where only 3 fits the bulk twin
// (1x1056x12288 8.18 against the register tile's 11.93 with 2).
// Session 32 (call 1, streamq_n32_m16_k8_bulk at 34..38 N tiles, K = 3072..6144,
// hot graph replay): where the count is 3 and 2 fits the bulk twin too, 2 wins
// from M = 8 (16x1216x3072 6.10 -> 5.43 us, 12x1152x4096 6.23 -> 5.83,
// 8x1088x3072 5.58 -> 5.37, 16x1088x6144 7.13 -> 6.90; 8x1088x6144 level) and
// 3 up to M = 4 (1x1088x6144 6.06 against 6.73, 4x1088x3072 5.33 / 5.36).
constexpr int64_t kStreamThreeClusterMaxM = 4;

int StreamAutoClusterSize(TileConfigId id, int64_t m, int64_t tiles, int64_t groups) {
  const TileConfigDesc cfg = GetTileConfig(id);
  const TileConfigDesc bulk = GetTileConfig(AutoBulkTwin(id));
  const int64_t kw = cfg.warps_k;
  const auto chunk_blocks = [&](int64_t s) { return (groups + s * kw - 1) / (s * kw); };
  const auto fits = [&](const TileConfigDesc& c, int64_t s) {
    return MakeLaunchSmemPlan(c, static_cast<int>(chunk_blocks(s)), static_cast<int>(s)).total <=
           static_cast<uint32_t>(kMaxDynamicSmem);
  };
  int64_t s = std::clamp<int64_t>(kStreamTargetCtas / std::max<int64_t>(1, tiles), 1, kMaxSplits);
  while (s > 1 && chunk_blocks(s) < kStreamMinChunkBlocks) --s;
  while (s < kMaxSplits && !fits(cfg, s)) ++s;
  if (s == 3 && m > kStreamThreeClusterMaxM &&
      AutoBulkTwin(id) == TileConfigId::kStreamQN32M16K8Bulk && fits(bulk, 2)) {
    return 2;
  }
  if (s == 1 || tiles <= ResidentClusters(static_cast<int>(s))) return static_cast<int>(s);
  for (const TileConfigDesc* c : {&bulk, &cfg}) {
    for (int64_t r : {4, 2, 3, 1}) {
      if (r < s && tiles <= ResidentClusters(static_cast<int>(r)) && fits(*c, r)) {
        return static_cast<int>(r);
      }
    }
  }
  return static_cast<int>(s);
}

// The cp.async-pipelined tiles: enough splits to put about one CTA on every
// SM (kSplitKSmallMTargetCtas / kQuantThenMmaTargetCtas), keeping at least
// one full pipeline stage of K per split.
int PipelinedSplitCount(GemmPath path, int64_t tiles, int64_t groups) {
  const bool small_m = path == GemmPath::kSplitKSmallM;
  const int64_t target = small_m ? kSplitKSmallMTargetCtas : kQuantThenMmaTargetCtas;
  const int64_t by_ctas = std::max<int64_t>(1, target / tiles);
  const int64_t by_k = std::max<int64_t>(1, groups / kStageBlocks);
  const int64_t cap = small_m ? kMaxSplits : kQuantThenMmaMaxSplits;
  return static_cast<int>(std::min<int64_t>({cap, by_ctas, by_k}));
}

// Measured 2026-11-30 (session 5, gemm_paths_benchmark --only, graph replay;
// mxfp4/bench/results/h200_2026-11-30_s5/small_m_long_k_bench.log): for
// M <= 8 and K > 512, quant_then_mma streamq_n32_m16_k8_bulk beat splitk_small_m
// stream_n32_m8_k8_bulk at N = 2112, K = 7168 (M = 1, 2, 4, 8: 8.9-9.2 vs
// 10.3-11.3 us; 132 CTAs; session 6 sweep 8x2112x7168: 9.05 vs 10.54) and lost
// at N = K = 4096 (13.6-14.5 vs 10.7-11.3 us), where its slabs need a cluster
// of 2 (256 CTAs). So auto takes the quant_then_mma plan of such a shape when
// it is that bulk tile (the measured one, not its register twin) within
// kStreamTargetCtas CTAs.
bool SmallMLongKPrefersQuantThenMma(const GemmPlan& quant_then_mma) {
  return quant_then_mma.grid_ctas <= kStreamTargetCtas &&
         quant_then_mma.tile == GetTileConfig(TileConfigId::kStreamQN32M16K8Bulk).name;
}

// Staged weights (WeightStaging::kAuto): the call stages the copy where the
// conversion it saves - one per row tile of the plan and weight element,
// ~0.0675 us per row tile and million elements - exceeds the staging
// kernel's cost: ~9 row tiles' worth of conversion (it reads the weight and
// writes 2.1x its bytes) plus ~3 us of launch and latency, i.e.
// kStagingFixedElements row-tile elements. Measured (H200, session 27,
// gemm_paths_benchmark --only ...:stage / :nostage, hot graph replay;
// docs/paths.md "Staged weights"): N = K = 4096 at M = 512 / 1024 / 1536 /
// 2048 / 4096 / 8192 (4..64 row tiles of 128) 34.6 / 61.5 / 87.6 / 113.1 /
// 212.3 / 414 us staged against 30.9 / 60.7 / 90.7 / 121.0 / 238.2 / 471;
// 4096x1024x4096 71.6 / 76.6, 2048x7168x2048 103.8 / 109.3, 4096x2880x512
// 36.9 / 36.3, 4096x512x512 10.5 / 9.3, 3072^3 107.3 / 107.0.
constexpr int64_t kStagingRowTiles = 9;
constexpr int64_t kStagingFixedElements = int64_t{5} * 4096 * 4096 / 2;

bool StagingPays(const GemmPlan& staged, int64_t m, const Mxfp4Weight& b) {
  const int64_t row_tiles = (m + staged.block_m - 1) / staged.block_m;
  return (row_tiles - kStagingRowTiles) * b.n * b.k > kStagingFixedElements;
}

// An int8 copy (StagingFormat::kInt8) saves the conversion too and halves
// the math where the CTAs' rows pass the integer check, for a staging kernel
// of about the E4M3 one's cost (11.3 against 8.5-9.2 us at 4096 x 4096), so it
// pays from fewer row tiles: where (row tiles - 1) x N x K > 2^26, from K =
// 1024 (at K = 512 the int8 quantizer's clusters cost more than the math
// saves). Measured (H200, session 50 call 2, gemm_paths_benchmark
// --narrow_scales --only ...:stage_int8 / :nostage, hot graph replay, every
// CTA integer; docs/paths.md "Staged weights"): 1024 x 4096 x 4096 (8 row
// tiles) 50.7 against 60.8 us, 1024x2880x4096 47.0 / 61.9, 1024x7168x2048
// 53.1 / 62.1, 2048x3072x1536 37.1 / 39.7, 4096x1024x4096 69.7 / 76.5,
// 4096^3 161.5 / 239.6 (E4M3 staged 213.4); level at 512x4096x4096 (30.9 /
// 30.9), 2048x1024x4096, 1024x3072x1536; slower at 512x7168x2048 (33.5 /
// 31.7), 4096x2880x512 (40.5 / 37.0), 8192x2880x512, 4096x512x512.
constexpr int64_t kInt8StagingMinK = 1024;
constexpr int64_t kInt8StagingRowTiles = 1;
constexpr int64_t kInt8StagingElements = int64_t{1} << 26;

bool Int8StagingPays(const GemmPlan& staged, int64_t m, const Mxfp4Weight& b) {
  const int64_t row_tiles = (m + staged.block_m - 1) / staged.block_m;
  return b.k >= kInt8StagingMinK &&
         (row_tiles - kInt8StagingRowTiles) * b.n * b.k > kInt8StagingElements;
}

// No tile that reads a copy has fewer than 64 rows, so at most this M the
// rules above cannot pay (the planner then skips planning the staged form:
// host time per call).
bool StagingCannotPay(int64_t m, bool int8_format) {
  return m <= (int8_format ? kInt8StagingRowTiles : kStagingRowTiles) * 64;
}

// GemmOptions::cold_weights pays on the 64x64 k2 ring tile's M > 32 form
// over all of K (session 45, docs/paths.md "Cold weights": 10-13% faster cold
// on 64x7168x2048, 40x7168x2048 and 64x3072x1536; the decode forms and the ws
// tiles lost even cold, their weight streams already keep HBM busy; the n128
// tile at K = 512 lost 3% and the k4 tile at K = 4096 was level) and only for
// weights that L2 holds across the call (a quarter of the H200's 60 MB L2).
constexpr int64_t kColdWeightPrefetchMaxBytes = int64_t{16} << 20;

bool PrefetchesWeight(const GemmPlan& plan, int64_t m, const Mxfp4Weight& b) {
  if (plan.path != GemmPath::kQuantThenMma || plan.cluster_ctas != 1 ||
      plan.grid_split_ctas != 1 || b.n * (b.k / 2) > kColdWeightPrefetchMaxBytes) {
    return false;
  }
  absl::StatusOr<TileConfigId> tile = TileByName(plan.tile);
  if (!tile.ok()) return false;
  return TakesColdWeightPrefetch(*tile) &&
         RingDecodeMmaRows(GetTileConfig(*tile), m) == 0;
}

// The persistent grid (GemmOptions::persistent_grid): the n128_m128 ws tile's
// plans whose one-tile grid exceeds a wave take one CTA per SM instead, each
// walking output tiles in the one-tile grid's order, where a tile has at
// least a ring of stages (K >= 416): the prologue is paid once a CTA and the
// next tile's first stages are filled under this tile's epilogue. Plans that
// read a copy (a caller's E4M3 copy or a staged one) gain 2.7-8.5%; the
// converting ones gain up to K = 1024 and lose 2-3.4% at K = 4096 (not for
// the L1 their shared memory leaves, session 51 call 8; most likely the
// static tile assignment, where the one-tile grid's scheduler balances their
// uneven tiles), so they take it up to K = 1024. The int8 plans (an int8
// copy, the caller's or staged) take it as the plans with a copy do; their
// CTAs decide over all their tiles' rows together, a CTA that fails running
// the converting persistent form. Measured (H200, session 51 call 5,
// gemm_paths_benchmark --only, hot graph replay, three rounds, one-tile ->
// persistent): staged 4096^3 216.2 -> 210.4 us, 2048x7168x2048 103.8 ->
// 99.4, 4096x3072x1536 74.0 -> 71.0, 8192x2880x512 70.7 -> 65.2; prepared
// 4096^3 209.7 -> 203.7; converting 4096x2880x512 36.4 -> 34.3, 2048x7168x2048
// 109.0 -> 109.1, 1024x4096x4096 60.2 -> 62.3, 4096^3 237.6 -> 242.7
// (docs/paths.md "Persistent grid").
constexpr int64_t kPersistentCtas = kRingOneWaveCtas;
constexpr int64_t kPersistentConvertingMaxGroups = 32;

void SetPersistentGrid(GemmPlan& plan, const Mxfp4Weight& b) {
  if (plan.path != GemmPath::kQuantThenMma || plan.cluster_ctas != 1 || plan.grid_split_ctas != 1 ||
      plan.grid_ctas <= kPersistentCtas ||
      (!plan.reads_prepared_weight && b.k / 32 > kPersistentConvertingMaxGroups)) {
    return;
  }
  absl::StatusOr<TileConfigId> t = TileByName(plan.tile);
  if (!t.ok()) return;
  const TileConfigDesc cfg = GetTileConfig(*t);
  if (!RingWsPersistentFits(cfg, plan.blocks_per_split, b.k / 32)) return;
  plan.persistent_ctas = kPersistentCtas;
  plan.grid_ctas = kPersistentCtas;
  plan.shared_memory_bytes = MakeRingSmemPlan(cfg, 0, 0, /*persistent=*/true).total;
}

}  // namespace mxfp4::gpu::gemm_internal
