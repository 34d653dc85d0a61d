#!/usr/bin/env bash
# session 27 call 5: the staged-weights tree (branch exp/stagew): every GPU test binary with memcheck and racecheck,
# the contest and sweep benchmark sets (auto against cuBLAS; the sweep's large-M rows stage their weights now).
set -u
source tools/device/call_preamble.sh c5
st run_all
OUT="$O/run" timeout 560 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st done
tail -30 "$O/run_all.log"
finish_call
