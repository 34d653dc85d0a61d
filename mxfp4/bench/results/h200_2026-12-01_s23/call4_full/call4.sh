#!/usr/bin/env bash
# session 23 call 4: the final tree's kernels (staged 15f7a62: prepared weights, the launcher refactor) -
# every staged GPU test with memcheck and racecheck (the GEMM tester changed for every path), then the
# contest benchmark once (mxfp4_auto and mxfp4_auto_prepared against cuBLAS).
set -u
source tools/device/call_preamble.sh c4
st run_all
OUT="$O/run" timeout 560 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st done
tail -16 "$O/run/summary.txt" 2>/dev/null
xz -9 "$O"/run/*.log 2>/dev/null
finish_call
