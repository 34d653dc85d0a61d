#!/usr/bin/env bash
# Session 48 call 1: the cost of whole-row activation references through a cluster (timing variants, wrong results).
# q4: the wgmma-order quantizer as (C,1,1) clusters per 8-row group (C = ceil(G / (8 ipw)), ipw = ceil(G / 64) items a
# warp), each CTA's row minimum stored into every peer's shared memory, one cluster barrier, then an int8 store at the
# row's shift over the E4M3 bytes. h2q4: q4 + hr2 (the ws loop accumulating every block in the wgmma, no promotion):
# the time of the whole-K integer design on prepared weights before its per-CTA check and final scaling.
source tools/device/call_preamble.sh c1 q4 h2q4
export MXFP4_REQUIRE_GPU=1
A="256x3072x1536:auto:auto:0:prepared,512x3072x1536:auto:auto:0:prepared,1024x4096x4096:auto:auto:0:prepared"
A="$A,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=120
timeout 560 bash tools/device/only_ab.sh --reps=2 "$A" q4 h2q4 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
tail -5 "$O/ab.log"
xz -9 "$O"/*.log
finish_call
