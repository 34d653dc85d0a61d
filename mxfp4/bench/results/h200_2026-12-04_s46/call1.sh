#!/usr/bin/env bash
# Session 46 call 1: the headroom of a balanced K split (stream-K-like) on the two one-wave k2 plans that leave SMs
# idle: 64x7168x2048 (ring m64 k2, 112 CTAs on 132 SMs) and 256x3072x1536 (ws m128 k2, 96 CTAs). A tail split
# would have the tile's CTA take 2C blocks (C per warpgroup) and helper CTAs the last K - 2C; the same tile on a
# shorter K (2C blocks) times the tile CTAs' part: 64x7168x1792 (C = 28) and 256x3072x1280 (C = 20), and one
# step further. Slim stage of main, no variant.
source tools/device/call_preamble.sh c1
export MXFP4_REQUIRE_GPU=1
R=quant_then_mma:wgmma8_n64_m64_k2_fold:1
W=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
L="64x7168x2048:auto:auto:0,64x7168x2048:$R,64x7168x1792:$R,64x7168x1536:$R"
L="$L,256x3072x1536:auto:auto:0,256x3072x1536:$W,256x3072x1280:$W,256x3072x1024:$W"
export MXFP4_ONLY_TIMEOUT=90
timeout 300 bash tools/device/only_ab.sh --reps=2 "$L" > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log"
xz -9 "$O/ab.log"
finish_call
