#!/usr/bin/env bash
# session 31 call 4: the final tree (session 31's host-only plan rules, no GEMM kernel changed): every GPU test
# with memcheck + racecheck, contest + sweep (session 30's final tree never had this run).
source tools/device/call_preamble.sh c4
st run_all
OUT="$O/run" timeout 540 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
