#!/usr/bin/env bash
# session 34 call 8 (stage as call 7, the final kernels and planner): the contest and sweep benchmarks (cuBLAS /
# cuBLASLt baselines in the same run).
source tools/device/call_preamble.sh c8
OUT="$O/run" timeout 420 bash tools/device/run_all.sh --bench=contest,sweep > "$O/run_all.log" 2>&1
st "bench rc=$?"
finish_call
