#!/usr/bin/env bash
# Session 47 call 8: what a quantizer that sees each row's whole K costs (the int8 activations of "What to do
# next" item 1c need each row's smallest scale before they are written). Variant q2 (timing only, wrong
# results): the ring/ws tiles' wgmma-order quantizer (pow2 row tiles, no stage order, K <= 2048) as one CTA per
# 8 rows, each warp quantizing up to 8 blocks in phase 1, the rows' smallest scale by shared-memory atomicMin,
# then phase 2 writing the E4M3 operand, fold flags and scales as before plus an int8 encoding at the row's
# shift over the same bytes. Whole GEMM calls (quantizer + GEMM), hot and cold, base vs q2.
source tools/device/call_preamble.sh c8 q2
export MXFP4_REQUIRE_GPU=1
A="256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0,512x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
A="$A,1024x3072x1536:auto:auto:0,256x3072x1536:auto:auto:0:prepared"
export MXFP4_ONLY_TIMEOUT=90
timeout 250 bash tools/device/only_ab.sh --reps=3 "$A" q2 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
timeout 150 bash tools/device/only_ab.sh --cold "$A" q2 > "$O/cold.log" 2>&1
st "cold rc=$?"
grep -A200 -- '--- summary' "$O/cold.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
