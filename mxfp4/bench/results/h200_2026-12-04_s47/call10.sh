#!/usr/bin/env bash
# Session 47 call 10: per-stage integer accumulation (docs/paths.md item 1c's fallback design: references per 4-block
# stage, which a quantizer CTA sees whole). Variant hr5 (timing only, wrong results): the ws fast loop takes
# stages in pairs, each stage's 4 blocks as s8 wgmmas into s32 (the first write-only from zero), two sets; stage
# t's set promoted (I2F + FFMA, one per output and stage) under stage t + 1's wgmmas; no wgmma in flight across the
# back edge (no C75 warning in the build). Prepared weights (the target) and per-call weights; compare with call
# 6's hr2 (all promotion gone) and the base.
source tools/device/call_preamble.sh c10 hr5
export MXFP4_REQUIRE_GPU=1
A="256x3072x1536:auto:auto:0:prepared,512x3072x1536:auto:auto:0:prepared,1024x4096x4096:auto:auto:0:prepared"
A="$A,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0,1024x4096x4096:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=120
timeout 400 bash tools/device/only_ab.sh --reps=2 "$A" hr5 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
