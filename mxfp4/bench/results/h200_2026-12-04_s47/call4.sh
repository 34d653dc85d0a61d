#!/usr/bin/env bash
# Session 47 call 4: the integer-accumulation headroom with its weight conversion: variant hr3 = hr2 (no
# promotion, call 2) with s8 wgmmas (m64nNk32.s32.s8.s8, SS, accumulating over every block into s32) and the
# producer converting E2M1 to int8 (2 x value x 2^shift, shift = the scale byte & 3 as a stand-in for the
# per-row reference: prmt tables, 11 instructions per 8 codes against the shifted E4M3's 7). Wrong results
# (the activations stay E4M3 bytes); times what an exact int8 design would cost. Base: slim stage of main.
source tools/device/call_preamble.sh c4 hr2 hr3
export MXFP4_REQUIRE_GPU=1
W=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
W64=quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1
WN=quant_then_mma:wgmma8_n128_m128_ws_fold:1
L="256x3072x1536:$W,64x7168x2048:$W64,64x7168x2048:auto:auto:0,512x3072x1536:$WN,1024x4096x4096:$WN,128x2048x2048:$W"
export MXFP4_ONLY_TIMEOUT=100
timeout 560 bash tools/device/only_ab.sh --reps=2 "$L" hr2 hr3 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log"
xz -9 "$O/ab.log"
finish_call
