#!/usr/bin/env bash
# Session 47 call 1: headroom of an integer-accumulation design (int8 wgmma, s32 accumulators over all K-blocks,
# no per-block promotion; exact where the scales' spread keeps every running sum below 2^24 units). Variant hr:
# the ws tiles' fast loop (m64 / m128 activation rows), when GemmOptions::cold_weights (":cold_weights"), issues
# each stage's four e4m3 wgmmas accumulating (scale-d = 1) into acc and skips the promotion (wrong results; an
# s8 wgmma runs at the e4m3 rate). Base: the slim stage of main (kernels as 120403e).
source tools/device/call_preamble.sh c1 hr
export MXFP4_REQUIRE_GPU=1
W=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
W64=quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1
WN=quant_then_mma:wgmma8_n128_m128_ws_fold:1
L="256x3072x1536:$W:cold_weights,256x3072x1536:auto:auto:0,64x7168x2048:$W64:cold_weights,64x7168x2048:auto:auto:0"
L="$L,64x3072x1536:$W64:cold_weights,512x3072x1536:$WN:cold_weights,1024x4096x4096:$WN:cold_weights"
export MXFP4_ONLY_TIMEOUT=120
timeout 500 bash tools/device/only_ab.sh --reps=2 "$L" hr > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log"
xz -9 "$O/ab.log"
finish_call
