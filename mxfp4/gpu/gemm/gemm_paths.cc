// File: mxfp4/gpu/gemm/gemm_paths.cc
//
// The registry of GEMM paths (gemm.h GemmPathInfos(); docs/paths.md): what
// each path runs, its accumulation contract, its tiles and its shapes. Tests
// iterate it so that a new path is tested (and a skipped one is noticed).

#include "mxfp4/gpu/gemm/gemm.h"

namespace mxfp4::gpu {

namespace {

constexpr GemmPathInfo kPaths[] = {
    {GemmPath::kFusedQuant, "fused_quant",
     "1 kernel: bf16 A rows streamed with B (cp.async, 16-byte), EVEN-quantized per stage in the "
     "CTA to fp16 operands, mma.sync m16n8k16 f16 x2 per block (swap AB: N on the 16-row side)",
     "block_fma, no K-split",
     "fused_n64_m8, fused_n64_m16, fused_n64_m32, fused_n64_m64 (fp16 MMA operands); "
     "fused_n64_m16_e4m3 (e4m3 fallback); fused_n64_m8_fold, fused_n64_m16_fold, "
     "fused_n64_m16_u_fold (folded activation scales)",
     "any M, N, K % 32 == 0; auto: 16 < M <= 32 and K <= 512", 1},
    {GemmPath::kSplitKSmallM, "splitk_small_m",
     "1 kernel: as fused_quant, K split over the 1..8 CTAs of a thread-block cluster, partial "
     "tiles reduced through distributed shared memory",
     "block_fma per split; splits of ceil(G/S) blocks; ((p0 + p1) + p2) + ... in split order",
     "fused_n64_m8, fused_n64_m16, fused_n64_m32; fused_n64_m16_e4m3; fused_n64_m8_fold, "
     "fused_n64_m16_fold, fused_n64_m16_u_fold",
     "any M, N, K % 32 == 0; auto: M <= 16 (splits for ~200 CTAs, at most 8, >= 8 blocks each)",
     1},
    {GemmPath::kQuantThenMma, "quant_then_mma",
     "2 kernels: QuantizeAOperand (A -> fp16 operands + fp32 scales in the workspace), then "
     "the tile GEMM on both operands via cp.async (programmatic dependent launch)",
     "block_fma per split; splits of ceil(G/S) blocks; ((p0 + p1) + p2) + ... in split order",
     "prequant_n64_m64, prequant_n128_m64; prequant_n128_m64_e4m3; folded activation scales: "
     "prequant_n64_m64_s2_fold (auto), prequant_n64_m64_fold, prequant_n128_m64_fold, "
     "prequant_n64_m32_fold, prequant_n64_m64_s2u_fold",
     "any M, N, K % 32 == 0 (workspace: GemmWorkspaceSize); auto: M > 32, or M > 16 with "
     "K > 512 (tile prequant_n64_m64_s2_fold, splits for ~264 CTAs, at most 4)",
     2},
};

}  // namespace

absl::Span<const GemmPathInfo> GemmPathInfos() { return absl::MakeConstSpan(kPaths); }

}  // namespace mxfp4::gpu
