#!/usr/bin/env bash
# session 34 call 10 (stage = 9ff1094's tree + the M <= 16 decode kernels' two steps of weights in flight, call 9's
# variant restricted to kMmaRows <= 16): every GPU test with memcheck + racecheck.
source tools/device/call_preamble.sh c10
OUT="$O/run" timeout 280 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
