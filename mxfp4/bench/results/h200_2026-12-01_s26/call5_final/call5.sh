#!/usr/bin/env bash
# session 26 call 5: the final tree (the n128_m192 ws tile and auto's waves-x-rows rule between it and the
# n128_m128 ws tile; the wgmma-order quantizer for any multiple of 64 rows): every GPU test binary with
# memcheck and racecheck, the contest benchmark, then auto on large M (hot and cold).
set -u
source tools/device/call_preamble.sh c5
st run_all
OUT="$O/run" timeout 400 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st large
L=768x4096x4096:auto:auto:0,3072x3072x3072:auto:auto:0,4096x4096x4096:auto:auto:0,1536x4096x4096:auto:auto:0,2048x7168x2048:auto:auto:0
timeout 120 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L > "$O/large_hot.log" 2>&1; echo "large hot rc=$?" | tee -a "$O/steps.log"
timeout 120 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L --cold > "$O/large_cold.log" 2>&1; echo "large cold rc=$?" | tee -a "$O/steps.log"
st done
tail -24 "$O/run_all.log"
grep -E "^only" "$O/large_hot.log" "$O/large_cold.log" | cut -c1-150
finish_call
