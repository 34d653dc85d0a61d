#!/usr/bin/env bash
# Session 47 call 6: the integer-accumulation headroom where the producer converts nothing: the prepared weight
# (":prepared", the opt-in copy for static weights, whose image an int8 design would hold ready-shifted), base
# vs hr2 (call 2's variant: every block accumulated in the wgmma, no promotion; wrong results). Hot, two rounds.
source tools/device/call_preamble.sh c6 hr2
export MXFP4_REQUIRE_GPU=1
A="256x3072x1536:auto:auto:0:prepared,512x3072x1536:auto:auto:0:prepared,1024x4096x4096:auto:auto:0:prepared"
A="$A,4096x4096x4096:auto:auto:0:prepared,384x4096x4096:auto:auto:0:prepared,1024x4096x4096:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=120
timeout 500 bash tools/device/only_ab.sh --reps=2 "$A" hr2 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
