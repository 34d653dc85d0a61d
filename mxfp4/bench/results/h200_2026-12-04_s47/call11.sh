#!/usr/bin/env bash
# Session 47 call 11: what per-stage activation references cost the quantizer (call 10's design). Variant q3 (timing
# only, wrong results): the wgmma-order quantizer's CTA (8 warps = 8 consecutive blocks of the same 8 rows) takes
# each 4-block stage's smallest scale per row by shared-memory atomicMin and a CTA barrier, then writes the E4M3
# operand as before plus an int8 encoding at the stage's shift over the same bytes. Whole calls, hot, base vs q3
# (call 8's whole-row form q2 cost 2-3 us).
source tools/device/call_preamble.sh c11 q3
export MXFP4_REQUIRE_GPU=1
A="256x3072x1536:auto:auto:0,256x3072x1536:auto:auto:0:prepared,64x7168x2048:auto:auto:0,512x3072x1536:auto:auto:0"
A="$A,1024x4096x4096:auto:auto:0:prepared"
export MXFP4_ONLY_TIMEOUT=90
timeout 300 bash tools/device/only_ab.sh --reps=2 "$A" q3 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
