#!/usr/bin/env bash
# Session 79 call 1 (carry [".device-pack"]: the full stage of main 6a27fb6, and grp = branch grp: K-split runs
# summed first - CombinePushedRanks sends each rank's sum of its own partials, one tile, GemmPlan::split_group).
# 1. Session 78's call 8 on the stage: auto (Fused8RowTile's plans) against the default tile forced for M <= 8 at
#    K = 512, and fused_quant_test in full (FusedTilesForFewRowsAtShortK never ran on a GPU).
# 2. grp against the stage on the shapes whose plans push (ring and streaming clusters of 3-8) and controls;
#    grp's quant_then_mma_test / splitk_small_m_test in full, racecheck and memcheck of their cluster cases,
#    phase clocks of 64x512x16384 on both.
set -u
source tools/device/call_preamble.sh c1 grp
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
S=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
B=""
for s in 8x5120x512 8x7168x512 1x8448x512 4x8448x512 8x10240x512 8x14336x512 1x14336x512 8x28672x512 \
         4x2880x512 8x4096x512 1x2048x512; do
  B="$B,$s:auto:auto:0,$s:fused_quant:stream_n32_m8_k4:1"
done
MXFP4_ONLY_BASE=$S timeout 120 bash tools/device/only_ab.sh --reps=5 "${B#,}" > "$O/m8.log" 2>&1
st "m8 rc=$?"
sed -n '/means over rounds/,$p' "$O/m8.log"
Q="64x512x16384:auto:auto:0,32x512x8192:auto:auto:0,192x512x8192:auto:auto:0,128x512x8192:auto:auto:0"
Q="$Q,32x1024x8192:auto:auto:0,64x1024x8192:auto:auto:0,16x512x22016:auto:auto:0,64x544x6144:auto:auto:0"
Q="$Q,8x512x8192:auto:auto:0,16x64x16384:auto:auto:0,16x16x6144:auto:auto:0,16x16x2048:auto:auto:0"
Q="$Q,1x512x16384:auto:auto:0,1x16x16384:auto:auto:0,8x128x22016:auto:auto:0"
Q="$Q,64x7168x2048:auto:auto:0,16x2112x7168:auto:auto:0,4x1024x8192:auto:auto:0"
ab_means 5 200 "$Q" grp
T=/tmp/v/grp
run_test fused_quant_test 250 .device/tests/mxfp4.gpu.gemm.fused_quant_test &
run_test quant_then_mma_test 250 "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
run_test splitk_small_m_test 250 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 250 "$SPLIT_CHECK_FILTER" "$T/mxfp4.gpu.gemm.splitk_small_m_test" racecheck &
sanitize 250 "$SPLIT_CHECK_FILTER" "$T/mxfp4.gpu.gemm.splitk_small_m_test" memcheck &
wait
grep -E "FusedTilesForFewRows" "$O/fused_quant_test.log" | head -3
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'FAILED|azard|SUMMARY' "$f" | tail -4; done
for b in "$S" "$T/mxfp4.gpu.gemm.gemm_paths_benchmark"; do
  echo "== $b"
  timeout 40 "$b" --only=64x512x16384:auto:auto:0,8x512x8192:auto:auto:0,32x512x8192:auto:auto:0 \
    --phase_clock 2>&1 | grep -E "only|phase (entry|ready|math)"
done
finish_call
