#!/usr/bin/env bash
# Session 47 call 2: call 1's headroom again with variant hr2: call 1's hr kept the fast loop beside the
# accumulating one and ptxas serialized every wgmma of the m128 tiles (C7512, insufficient registers), so hr2
# replaces the ws tiles' fast loop (m64 / m128) by the accumulating one outright (no :cold_weights needed;
# wrong results). Base: the slim stage of main.
source tools/device/call_preamble.sh c2 hr2
export MXFP4_REQUIRE_GPU=1
W=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
W64=quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1
WN=quant_then_mma:wgmma8_n128_m128_ws_fold:1
L="256x3072x1536:$W,64x7168x2048:$W64,64x7168x2048:auto:auto:0,64x3072x1536:$W64"
L="$L,512x3072x1536:$WN,1024x4096x4096:$WN,128x2048x2048:$W"
export MXFP4_ONLY_TIMEOUT=120
timeout 500 bash tools/device/only_ab.sh --reps=2 "$L" hr2 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log"
xz -9 "$O/ab.log"
finish_call
