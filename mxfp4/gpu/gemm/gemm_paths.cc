// File: mxfp4/gpu/gemm/gemm_paths.cc
//
// The registry of GEMM paths (gemm.h GemmPathInfos(); docs/paths.md): what
// each path runs, its accumulation contract, its tiles and its shapes. Tests
// iterate it so that a new path is tested (and a skipped one is noticed).
// Also the paths' and tiles' names (gemm.h, internal/path_tiles.h).

#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "mxfp4/gpu/gemm/gemm.h"
#include "mxfp4/gpu/gemm/internal/path_tiles.h"
#include "mxfp4/gpu/gemm/internal/tile_config.h"

namespace mxfp4::gpu {
namespace gemm_internal {

absl::StatusOr<TileConfigId> TileByName(const std::string& name) {
  std::vector<std::string> names;
  for (int i = 0; i < static_cast<int>(TileConfigId::kCount); ++i) {
    const TileConfigDesc d = GetTileConfig(static_cast<TileConfigId>(i));
    if (name == d.name) return static_cast<TileConfigId>(i);
    names.push_back(d.name);
  }
  return absl::InvalidArgumentError(
      absl::StrFormat("unknown GEMM tile \"%s\"; known: %s", name, absl::StrJoin(names, ", ")));
}

bool PathAcceptsTile(GemmPath path, TileConfigId id) {
#define MXFP4_IS_TILE(tile) id == TileConfigId::tile ||
  switch (path) {
    case GemmPath::kFusedQuant:
      return MXFP4_FUSED_A_TILES(MXFP4_IS_TILE) MXFP4_FUSED_CLUSTER_TILES(MXFP4_IS_TILE)
                 id == TileConfigId::kFusedN64M64;
    case GemmPath::kSplitKSmallM:
      return MXFP4_FUSED_A_TILES(MXFP4_IS_TILE) false;
    case GemmPath::kQuantThenMma:
      return MXFP4_PREQUANT_A_TILES(MXFP4_IS_TILE) false;
    default:
      return false;
  }
#undef MXFP4_IS_TILE
}

}  // namespace gemm_internal

namespace {

constexpr GemmPathInfo kPaths[] = {
    {GemmPath::kFusedQuant, "fused_quant",
     "1 kernel: bf16 A EVEN-quantized in the CTA to fp16 operands (streaming tiles: the CTA's "
     "whole K-range once, weights loaded straight into registers; pipelined tiles: per cp.async "
     "stage), mma.sync m16n8k16 f16 x2 per block (swap AB: N on the 16-row side)",
     "block_fma; streaming tiles split the CTA's K-range over their warps_k warps, chunks of "
     "ceil(G/warps_k) blocks combined ((p0 + p1) + p2) + ... in chunk order; pipelined: no split",
     "streaming: stream_n32_m8_k4 (auto M <= 8, K <= 512, N <= 4224 and from 8448 to 3 waves), "
     "stream_n32_m16_k4 (auto "
     "8 < M <= 16, K <= 512, below 32 N tiles of 32 rows), stream_n32_m32_k4, "
     "stream_n32_m8_k8, stream_n32_m16_k8, stream_n32_m32_k8, stream_n16_m8_k8, "
     "stream_n16_m16_k8, stream_n64_m32_k2, stream_n64_m16_k4_fold (auto 16 < M <= 32, K <= 512; "
     "M <= 16 beyond the default or cluster tile's one wave), stream_n64_m16_k2_fold "
     "(auto there beyond 132 CTAs of the k4 tile); quantization clusters (a (C, 1, 1) cluster "
     "along N "
     "shares the quantization through distributed shared memory): stream_n32_m8_k4_c2, "
     "stream_n32_m16_k4_c4 (auto 8 < M <= 16, K <= 512, 1024 <= N <= 3840), "
     "stream_n32_m32_k4_c2, stream_n32_m32_k4_c4, stream_n32_m32_k8_c2; "
     "bulk streaming (weights by bulk async copies to shared memory; auto "
     "uses them where they fit): stream_n32_m8_k4_bulk, stream_n32_m16_k4_bulk, "
     "stream_n32_m8_k8_bulk, stream_n32_m16_k8_bulk; pipelined: fused_n64_m8, fused_n64_m16, fused_n64_m32, fused_n64_m64, "
     "fused_n64_m16_e4m3, fused_n64_m8_fold, fused_n64_m16_fold, fused_n64_m16_u_fold",
     "any M, N, K % 32 == 0; auto: M <= 32 and K <= 512", 1},
    {GemmPath::kSplitKSmallM, "splitk_small_m",
     "1 kernel: as fused_quant, K split over the 1..8 CTAs of a thread-block cluster, partial "
     "tiles combined through distributed shared memory",
     "block_fma per chunk; cluster x warps_k chunks of ceil(G/chunks) blocks; ((p0 + p1) + p2) + "
     "... in chunk order",
     "as fused_quant without the quantization-cluster tiles (auto: stream_n32_m8_k8, its bulk "
     "variant where it fits; small layers: stream_n16_m8_k8, stream_n32_m8_k8_bulk, "
     "stream_n16_m16_k8, stream_n32_m16_k4, stream_n32_m16_k8_bulk with a 2- or 4-CTA "
     "cluster, the 8-row tiles where their clusters stay resident (stream_n32_m8_k8 from N = "
     "512 at K <= 2048); long K: stream_n32_m8_k8_bulk / stream_n16_m8_k8 with up to 8, "
     "stream_n32_m16_k4 for 8 < M <= 16 at 256 <= N < 512; mid layers: stream_n32_m8_k8, "
     "stream_n32_m8_k8_bulk)",
     "any M, N, K % 32 == 0; auto: M <= 32 with N <= 1024 and 512 < K <= 4096 (M <= 8: K <= "
     "3072 for 64 <= N < 512; cluster of 2, below N = 256 of 4 from K = 1056), K > 4096 with "
     "N < 256 (M <= 32), 256 <= N <= 1024 (M <= 8) or 256 <= N < 512 below K = 8192 "
     "(8 < M <= 16) (the largest resident cluster of 8, 4, 2), M <= 8 beyond N = 1024 with "
     "K <= 2048 (M <= 16: K <= 1024; no K-split up to K = 1024, else 2), and M <= 8 with "
     "K > 512 where quant_then_mma would need more than 132 CTAs and the ring tiles do not "
     "take it (cluster for ~132 CTAs, resident)", 1},
    {GemmPath::kQuantThenMma, "quant_then_mma",
     "2 kernels: QuantizeAOperand (A -> fp16 operands + fp32 scales in the workspace; E5M2 for "
     "the byte-A bulk tile; E4M3 in the wgmma order + fold flags for the e4m3 wgmma ring "
     "tiles), then "
     "the GEMM on the prequantized operand (programmatic dependent launch): streaming, wgmma, "
     "e4m3 wgmma ring or cp.async-pipelined tiles; 3 with a staged weight (large M: "
     "PrepareWeight's kernel into the workspace first, WeightStaging)",
     "block_fma per chunk; cluster x warps_k chunks of ceil(G/chunks) blocks; ((p0 + p1) + p2) + "
     "... in chunk order",
     "streaming: streamq_n32_m16_k8 (auto M <= 16, K > 512), streamq_n32_m32_k4 (auto "
     "16 < M <= 32, K > 512, where the ring tile and the 16-row bulk tile do not take it), "
     "streamq_n32_m64_k4, streamq_n64_m64_k4, streamq_n32_m32_k8, streamq_n16_m32_k8, "
     "streamq_n16_m16_k8; bulk streaming (auto where they fit): streamq_n32_m16_k8_bulk (also "
     "8 < M <= 32 beyond N = 1024 up to K = 2048-3072 without a K-split, 16 < M <= 32 from "
     "N = 544 at K <= 2048, 8 < M <= 16 from N = 544 at K = 3072..4096 with 2, 16 < M <= 32 "
     "at K = 3072..4096 from N = 544 with 2 up to 96 CTAs, and beyond N = 1024 below K = 4096), "
     "streamq_n32_m16_k8_bulk_e5m2 (A as E5M2: auto where the fp16 form's A does not fit), "
     "streamq_n32_m32_k4_bulk, streamq_n32_m32_k8_bulk, streamq_n32_m64_k4_bulk, "
     "streamq_n64_m64_k4_bulk; wgmma: wgmma_n128_m64, wgmma_n256_m64, wgmma_n128_m64_fold, "
     "wgmma_n256_m64_fold; e4m3 wgmma ring (A in the wgmma order, scales folded, K split over "
     "warpgroups and, for few output tiles with a long K, a cluster): wgmma8_n64_m64_k2_fold "
     "(auto M > 32 where its grid has at most 132 CTAs, and 16 < M <= 32 from K = 1024 where "
     "it has 32..132, K = 4096 below; K < 4096, or from K = 4096 where its K-split cluster "
     "is larger than k4's or ties it where k4's chunks are off the ring step; K-split clusters of "
     "8, 4, 2 with whole-step chunks of 8 blocks at K = 2048..4096; chunks off the ring step on "
     "a partial loop), wgmma8_n64_m64_k4_fold (the same from K = 4096), both also for "
     "8 < M <= 32 with K > 4096 and N <= 1024 (M > 16: any N; M <= 16 from N = 512, below it "
     "8192 <= K < 12288, beyond N = 1024 from K = 10240-11264 or 67 N tiles; clusters of 8, 4 or 2 "
     "that stay resident), M <= 8 from K = 8192 at 40 N tiles of 32 rows up to N = 1920 (clusters "
     "of 4), and 8 < M <= 16 at K = 4096 from 128 N tiles, "
     "wgmma8_n64_m128_k2_fold, wgmma8_n128_m64_fold, "
     "wgmma8_n128_m128_fold, "
     "wgmma8_n128_m64_k2_fold (auto 32 < M <= 64 beyond 132 CTAs of the m64 tile); the 64-row "
     "tiles run M <= 8 / 16 / 32 on decode kernels (m64n8k32 / m64n16k32 / m64n32k32 wgmmas), "
     "auto M <= 32 "
     "with K > 512 where N x K >= 24 Mi or N >= 5120 with K >= 1024; "
     "warp-specialized e4m3 wgmma ring (a producer warpgroup converts the weights into shared "
     "memory; no K-split over CTAs): wgmma8_n64_m128_k2_ws_fold (auto M > 64 where the m64 grid "
     "exceeds 132 CTAs and its own does not), wgmma8_n128_m128_ws_fold (auto M > 64 beyond 132 "
     "CTAs of the m128 tile), wgmma8_n64_m192_k2_ws_fold (m64n192k32; auto where the m128 "
     "K-split grid exceeds 132 CTAs and its own does not), wgmma8_n128_m192_ws_fold (auto "
     "instead of the n128_m128 ws tile where its grid needs fewer waves x rows), "
     "wgmma8_n64_m64_k2_ws_fold (with a prepared weight copy, Mxfp4Weight::prepared, the "
     "producer copies it instead of converting, and auto runs M > 32 on the ws twin of its "
     "ring tile; auto M > 32 without a copy at K <= 1024); pipelined: "
     "prequant_n64_m64_s2_fold (auto M > 32 with a forced split count), prequant_n64_m64, prequant_n128_m64, "
     "prequant_n128_m64_e4m3, prequant_n64_m64_fold, prequant_n128_m64_fold, "
     "prequant_n64_m32_fold, prequant_n64_m64_s2u_fold",
     "any M, N, K % 32 == 0 (workspace: GemmWorkspaceSize); auto: M > 8 where fused_quant does "
     "not take it, M <= 8 with K > 512 where its plan has at most 132 CTAs, and M <= 32 with "
     "K > 512 where N x K >= 24 Mi or N >= 5120 with K >= 1024 (the ring tiles)",
     2},
};

}  // namespace

absl::Span<const GemmPathInfo> GemmPathInfos() { return absl::MakeConstSpan(kPaths); }

std::vector<std::string> GemmPathTileNames(GemmPath path) {
  std::vector<std::string> names;
  for (int i = 0; i < static_cast<int>(gemm_internal::TileConfigId::kCount); ++i) {
    const auto id = static_cast<gemm_internal::TileConfigId>(i);
    if (gemm_internal::PathAcceptsTile(path, id))
      names.push_back(gemm_internal::GetTileConfig(id).name);
  }
  return names;
}

const char* GemmPathName(GemmPath path) {
  switch (path) {
    case GemmPath::kAuto:
      return "auto";
    case GemmPath::kFusedQuant:
      return "fused_quant";
    case GemmPath::kSplitKSmallM:
      return "splitk_small_m";
    case GemmPath::kQuantThenMma:
      return "quant_then_mma";
  }
  return "unknown";
}

absl::StatusOr<GemmPath> ParseGemmPath(const std::string& name) {
  for (GemmPath p :
       {GemmPath::kAuto, GemmPath::kFusedQuant, GemmPath::kSplitKSmallM, GemmPath::kQuantThenMma}) {
    if (name == GemmPathName(p)) return p;
  }
  return absl::InvalidArgumentError(absl::StrFormat(
      "unknown GEMM path \"%s\"; expected auto, fused_quant, splitk_small_m or quant_then_mma",
      name));
}

}  // namespace mxfp4::gpu
