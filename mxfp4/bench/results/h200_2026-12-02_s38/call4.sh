#!/usr/bin/env bash
# session 38 call 4 (stage = 95e1240: the long-chunk M <= 8 decode kernel keeps three weight steps in flight): all 9
# GPU test binaries with memcheck and racecheck, then the contest and the sweep benchmarks.
source tools/device/call_preamble.sh c4
OUT="$O/run" timeout 560 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 \
  > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
