#!/usr/bin/env bash
# Session 46 call 3: variant ts = the tail split (GemmOptions::tail_split; the K-split ws tiles' tile CTAs run
# [0, 2C), helper CTAs on the idle SMs the tails [2C, K/32) of tile pairs) against the slim stage of main 090e4d9.
# 1) the variant's quant_then_mma_test (every quant_then_mma case: the ws body changed), memcheck and racecheck on
# its new WsTailSplit case; 2) auto plans, base vs ts, three rounds (the tail split where auto takes it, the other
# ws plans as controls); 3) ts alone: tail vs notail on forced plans.
source tools/device/call_preamble.sh c3 ts
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/ts/mxfp4.gpu.gemm.quant_then_mma_test
timeout 240 "$T" > "$O/test.log" 2>&1
st "quant_then_mma_test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | tr '\n' ' ')"
grep -E "^\[  FAILED|WsTailSplit" "$O/test.log" | head -20
for tool in memcheck racecheck; do
  timeout 120 "$CS" --tool $tool --error-exitcode 99 "$T" --gtest_filter='*WsTailSplit*' > "$O/$tool.log" 2>&1
  st "$tool WsTailSplit rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/$tool.log" | head -1)"
done
export MXFP4_ONLY_TIMEOUT=90
A="256x3072x1536:auto:auto:0,128x4288x2048:auto:auto:0,192x3072x1536:auto:auto:0,256x2880x512:auto:auto:0"
A="$A,512x3072x1536:auto:auto:0,256x4096x4096:auto:auto:0,64x1024x512:auto:auto:0,64x7168x2048:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=3 "$A" ts > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
W64=quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1
W128=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
B="256x3072x1536:$W128:notail,256x3072x1536:$W128:tail,128x4288x2048:$W128:notail,128x4288x2048:$W128:tail"
B="$B,64x7168x2048:$W64:notail,64x7168x2048:$W64:tail,200x3000x1536:$W128:notail,200x3000x1536:$W128:tail"
MXFP4_ONLY_BASE=/tmp/v/ts/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 120 bash tools/device/only_ab.sh --reps=2 "$B" \
  > "$O/tail.log" 2>&1
st "tail rc=$?"
grep -A200 -- '--- summary' "$O/tail.log"
xz -9 "$O"/*.log
finish_call
