#!/usr/bin/env bash
# Session 78 call 3 (carry [".device-pack"]: stage of ab6fd50 (its combine kernels are main cd833ab's) and
# bc = main + CombinePushedRanks by bulk copies: each rank owns a run of the tile's rows, one
# cp.async.bulk shared::cta -> shared::cluster per owner and partial instead of a st.async per float4):
# only_ab on the pushed-ranks shapes (ring rp, streaming pr2) and controls, then the K-split checks.
set -u
source tools/device/call_preamble.sh c3 bc
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
Q="64x512x16384:auto:auto:0,32x512x8192:auto:auto:0,16x512x22016:auto:auto:0,128x512x4096:auto:auto:0"
Q="$Q,192x512x8192:auto:auto:0,64x544x6144:auto:auto:0,96x512x3072:auto:auto:0,64x512x8192:auto:auto:0"
Q="$Q,8x512x8192:auto:auto:0,16x64x16384:auto:auto:0,16x16x6144:auto:auto:0,16x16x2048:auto:auto:0"
Q="$Q,1x512x16384:auto:auto:0,64x7168x2048:auto:auto:0,16x2112x7168:auto:auto:0,128x1024x8192:auto:auto:0"
ab_means 5 200 "$Q" bc
# The fused tiles' boundaries for 8 < M <= 32 at K = 512 (bc's binary: main's fused kernels, qx included).
B=""
for n in 256 512 1024 2048 2880 4096; do
  for t in stream_n32_m16_k4 stream_n32_m16_k4_c4 stream_n64_m16_k4_fold; do B="$B,16x${n}x512:fused_quant:$t:1"; done
done
for n in 256 512; do
  for t in stream_n32_m32_k4_c4 stream_n64_m16_k4_fold; do B="$B,32x${n}x512:fused_quant:$t:1"; done
done
B="$B,17x512x512:fused_quant:stream_n64_m16_k4_fold:1,24x1024x512:fused_quant:stream_n64_m16_k4_fold:1"
B="$B,12x2048x512:fused_quant:stream_n32_m16_k4:1,12x2048x512:fused_quant:stream_n32_m16_k4_c4:1"
MXFP4_ONLY_BASE=/tmp/v/bc/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 100 \
  bash tools/device/only_ab.sh --reps=5 "${B#,}" > "$O/fused_boundaries.log" 2>&1
st "fused boundaries rc=$?"
sed -n '/means over rounds/,$p' "$O/fused_boundaries.log"
T=/tmp/v/bc
run_test quant_then_mma_test 250 "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
run_test splitk_small_m_test 250 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 250 "$SPLIT_CHECK_FILTER" "$T/mxfp4.gpu.gemm.splitk_small_m_test" racecheck &
sanitize 250 "$SPLIT_CHECK_FILTER" "$T/mxfp4.gpu.gemm.splitk_small_m_test" memcheck &
wait
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'FAILED|azard|SUMMARY' "$f" | tail -4; done
timeout 40 $T/mxfp4.gpu.gemm.gemm_paths_benchmark --only=64x512x16384:auto:auto:0,8x512x8192:auto:auto:0,16x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0 \
  --phase_clock 2>&1 | grep -E "only|phase (entry|ready|math)" 
finish_call
