#!/usr/bin/env bash
# Session 47 call 5: variant es = the converting ws producer copies and converts stage 0 before the wait for the
# quantizer (only its thread 0 waits, in step 0 before its first fill), and the consumers' thread 0 fills stage
# 0's activations right after its own wait. 1) the variant's quant_then_mma_test (every case), memcheck and
# racecheck on WarpSpecializedRingTiles; 2) auto and forced ws plans, base vs es, hot (three rounds) and cold.
source tools/device/call_preamble.sh c5 es
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/es/mxfp4.gpu.gemm.quant_then_mma_test
timeout 240 "$T" > "$O/test.log" 2>&1
st "quant_then_mma_test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | tr '\n' ' ')"
grep -E "^\[  FAILED" "$O/test.log" | head -20
for tool in memcheck racecheck; do
  timeout 150 "$CS" --tool $tool --error-exitcode 99 "$T" --gtest_filter='*WarpSpecializedRingTiles*' > "$O/$tool.log" 2>&1
  st "$tool rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/$tool.log" | head -1)"
done
export MXFP4_ONLY_TIMEOUT=90
W64=quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1
A="256x3072x1536:auto:auto:0,512x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0,1024x4096x4096:auto:auto:0"
A="$A,256x2880x512:auto:auto:0,384x4096x4096:auto:auto:0,64x3072x1536:$W64,64x7168x2048:$W64"
timeout 200 bash tools/device/only_ab.sh --reps=3 "$A" es > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
timeout 150 bash tools/device/only_ab.sh --cold "$A" es > "$O/cold.log" 2>&1
st "cold rc=$?"
grep -A200 -- '--- summary' "$O/cold.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
