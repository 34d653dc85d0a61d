#!/usr/bin/env bash
# Session 43 call 3: variant qa = main 2d7f8f3 + the early-index wgmma-order quantizer (call 1's "early") + the same
# for QuantizeAOperandKernel (the first block's place before its grid-dependency wait), against main (A/B only).
source tools/device/call_preamble.sh c3 qa
export MXFP4_REQUIRE_GPU=1
L="16x2112x7168:auto:auto:0,32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,4x2880x512:auto:auto:0"
L="$L,16x4096x4096:auto:auto:0,32x4096x4096:auto:auto:0,16x2048x2048:auto:auto:0,4096x1024x1024:auto:auto:0"
L="$L,64x16384x512:auto:auto:0,64x512x16384:auto:auto:0,64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0"
L="$L,8x7168x4096:auto:auto:0,1x5120x4096:auto:auto:0,32x3072x3072:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 400 bash tools/device/only_ab.sh --reps=3 "$L" qa > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
T=/tmp/v/qa/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
xz -9 "$O/test.log"
finish_call
