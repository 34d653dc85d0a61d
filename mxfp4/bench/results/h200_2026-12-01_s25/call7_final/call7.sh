#!/usr/bin/env bash
# session 25 call 7: the staged final tree (call 4 + the ws stage scales as 2^(S-120); auto's ws n128_m128 beyond
# one wave): every GPU test binary with memcheck and racecheck, the contest benchmark, and auto on the
# large-M shapes whose tile changed (hot and cold graph replay).
set -u
source tools/device/call_preamble.sh c7
st run_all
OUT="$O/run" timeout 430 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st large
timeout 120 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --cold \
  --only=512x3072x1536:auto:auto:0,1024x4096x4096:auto:auto:0,2048x7168x2048:auto:auto:0,4096x4096x4096:auto:auto:0,384x4096x4096:auto:auto:0,256x3072x1536:auto:auto:0 \
  > "$O/large.log" 2>&1; echo "large rc=$?" | tee -a "$O/steps.log"
st done
tail -32 "$O/run_all.log"
grep -E "^only" "$O/large.log" | cut -c1-150
finish_call
