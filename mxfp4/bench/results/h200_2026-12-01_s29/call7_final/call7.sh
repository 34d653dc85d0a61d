#!/usr/bin/env bash
# session 29 call 7: the final tree (ring cluster kernels pull; small-layer split-K rule; streaming
# kernels PTX-identical to session 28's): every GPU test with memcheck + racecheck, contest + sweep.
source tools/device/call_preamble.sh c7
st run_all
OUT="$O/run" timeout 540 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
