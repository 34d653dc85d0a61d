#!/usr/bin/env bash
# session 25 call 9: the exact final tree (d81647a: call 7's tree + the ring cluster kernels' relaxed
# barrier): every GPU test binary with memcheck and racecheck, and the contest benchmark.
set -u
source tools/device/call_preamble.sh c9
st run_all
OUT="$O/run" timeout 380 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=200 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st done
tail -24 "$O/run_all.log"
finish_call
