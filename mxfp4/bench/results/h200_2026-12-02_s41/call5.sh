#!/usr/bin/env bash
# session 41 call 5 (run in session 42, 2026-12-03): the full stage of call 4's tree (stage order on the k4 tiles
# without a K split over CTAs): all GPU test binaries with memcheck and racecheck, the contest and the sweep.
source tools/device/call_preamble.sh c5
OUT="$O/run" timeout 540 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 \
  > "$O/run_all.log" 2>&1
st "run_all rc=$?"
grep -E "PASS|FAIL" "$O/run/summary.txt" | head -30
finish_call
