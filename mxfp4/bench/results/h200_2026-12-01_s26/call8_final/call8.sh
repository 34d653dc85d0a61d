#!/usr/bin/env bash
# session 26 call 8: the final tree (both 192-row ws tiles and auto's rules for them): every GPU test binary
# with memcheck and racecheck, the contest benchmark, then auto on mid and large M (hot and cold).
set -u
source tools/device/call_preamble.sh c8
st run_all
OUT="$O/run" timeout 400 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st large
L=384x4096x4096:auto:auto:0,320x2880x4096:auto:auto:0,192x7168x2048:auto:auto:0,768x4096x4096:auto:auto:0,3072x3072x3072:auto:auto:0,4096x4096x4096:auto:auto:0
timeout 150 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L --cold > "$O/large_cold.log" 2>&1; echo "large rc=$?" | tee -a "$O/steps.log"
st done
tail -24 "$O/run_all.log"
grep -E "^only" "$O/large_cold.log" | cut -c1-150
finish_call
