#!/usr/bin/env bash
# Session 45 call 1: variant ln = main 4680395 + the register-streaming tiles' weight row n laundered through an
# empty asm before WeightRowPair is built (their rows are set early since 4df6956; before it, n was laundered and
# the rows built after the first A loads): does 16x512x3072's 2.2% loss (math phase 1897 -> 2208 cycles) go, and
# do the other fused-A shapes keep 4df6956's gain? A/B against the slim stage of main, three interleaved rounds.
source tools/device/call_preamble.sh c1 ln
export MXFP4_REQUIRE_GPU=1
L="4x2880x512:auto:auto:0,32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,16x512x512:auto:auto:0"
L="$L,16x1024x1024:auto:auto:0,1x1024x1024:auto:auto:0,8x512x2048:auto:auto:0,16x512x3072:auto:auto:0"
L="$L,1x4096x4096:auto:auto:0,32x1024x2048:auto:auto:0,1x32x4096:auto:auto:0,16x2112x7168:auto:auto:0"
L="$L,8x1024x3072:auto:auto:0,16x256x2048:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 300 bash tools/device/only_ab.sh --reps=3 "$L" ln > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
finish_call
