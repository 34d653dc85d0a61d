#!/usr/bin/env bash
# session 37 call 6 (stage = 33d1152: CombineChainOfTwo and the decode kernels' kMmaRows-row partials): all 9 GPU
# test binaries with memcheck and racecheck, then the contest and the sweep benchmarks.
source tools/device/call_preamble.sh c6
OUT="$O/run" timeout 560 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 \
  > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
