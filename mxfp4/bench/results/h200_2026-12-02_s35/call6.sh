#!/usr/bin/env bash
# session 35 call 6 (stage = 879f13c): contest and sweep benchmarks (docs/performance.md "Latest").
source tools/device/call_preamble.sh c6
OUT="$O/run" timeout 400 bash tools/device/run_all.sh --bench=contest,sweep > "$O/run_all.log" 2>&1
st "bench rc=$?"
finish_call
