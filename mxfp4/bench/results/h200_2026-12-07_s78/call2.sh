#!/usr/bin/env bash
# Session 78 call 2 (carry [".device-pack"]: stage of ab6fd50 (its combine kernels are main cd833ab's) and
# pc = main + CombinePushedRanks pushing one owner at a time, a warp's stores one contiguous run to one peer):
# only_ab on the pushed-ranks shapes (ring rp, streaming pr2) and controls, then the K-split checks.
set -u
source tools/device/call_preamble.sh c2 pc
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
Q="64x512x16384:auto:auto:0,32x512x8192:auto:auto:0,16x512x22016:auto:auto:0,128x512x4096:auto:auto:0"
Q="$Q,192x512x8192:auto:auto:0,64x544x6144:auto:auto:0,96x512x3072:auto:auto:0,64x512x8192:auto:auto:0"
Q="$Q,8x512x8192:auto:auto:0,16x64x16384:auto:auto:0,16x16x6144:auto:auto:0,16x16x2048:auto:auto:0"
Q="$Q,1x512x16384:auto:auto:0,64x7168x2048:auto:auto:0,16x2112x7168:auto:auto:0,128x1024x8192:auto:auto:0"
ab_means 5 200 "$Q" pc
T=/tmp/v/pc
run_test quant_then_mma_test 250 "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
run_test splitk_small_m_test 250 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 250 "$SPLIT_CHECK_FILTER" "$T/mxfp4.gpu.gemm.splitk_small_m_test" racecheck &
sanitize 250 "$SPLIT_CHECK_FILTER" "$T/mxfp4.gpu.gemm.splitk_small_m_test" memcheck &
wait
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'FAILED|azard|SUMMARY' "$f" | tail -4; done
timeout 40 $T/mxfp4.gpu.gemm.gemm_paths_benchmark --only=64x512x16384:auto:auto:0,8x512x8192:auto:auto:0 \
  --phase_clock 2>&1 | grep -E "only|phase (entry|ready|math)" 
finish_call
