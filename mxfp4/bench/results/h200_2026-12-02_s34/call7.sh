#!/usr/bin/env bash
# session 34 call 7 (stage = the final kernels and planner: b16cb7e's narrow decode copies + RingForLongKMidLayer8Rows
# from K = 8192): every GPU test with memcheck + racecheck; then the shapes whose plan the rule moved, auto against
# the old plan (split-K's bulk tile, 2 CTAs a cluster) and controls outside the region.
source tools/device/call_preamble.sh c7
OUT="$O/run" timeout 280 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=200
L="1x1280x8192,1x1536x8960,4x1920x10240,8x1536x8192,8x1920x8960,8x1280x10240,2x1536x11008,4x1280x11264"
L="$L,8x1280x7168,1x1248x8192,4x1952x8192"
st "rule A/B"
timeout 200 bash tools/device/only_sweep.sh --reps=2 "$L" "splitk_small_m:stream_n32_m8_k8_bulk:2" > "$O/rule.log" 2>&1
st "rule rc=$?"
finish_call
