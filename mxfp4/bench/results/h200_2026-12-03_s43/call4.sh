#!/usr/bin/env bash
# Session 43 call 4: variant qa32 = call 3's qa with QuantizeAOperandKernel held to 32 registers (launch bounds 256, 8),
# against main 2d7f8f3 (A/B only).
source tools/device/call_preamble.sh c4 qa32
export MXFP4_REQUIRE_GPU=1
L="16x2112x7168:auto:auto:0,16x2048x2048:auto:auto:0,16x1024x1024:auto:auto:0,16x8192x8192:auto:auto:0"
L="$L,1x4096x4096:auto:auto:0,4x4096x4096:auto:auto:0,64x16384x512:auto:auto:0,64x7168x2048:auto:auto:0"
L="$L,256x3072x1536:auto:auto:0,8x7168x4096:auto:auto:0,32x3072x3072:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 400 bash tools/device/only_ab.sh --reps=3 "$L" qa32 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
finish_call
