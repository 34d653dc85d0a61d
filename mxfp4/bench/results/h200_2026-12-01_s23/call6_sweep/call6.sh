#!/usr/bin/env bash
# session 23 call 6: the sweep shape set (M = 1 .. 8192 at N = K = 4096, ...) of the final kernels (staged
# 15f7a62) with the new mxfp4_auto_prepared row next to cuBLAS: where the prepared copy pays at large M.
set -u
source tools/device/call_preamble.sh c6
st sweep
OUT="$O/run" timeout 250 bash tools/device/run_all.sh --bench=sweep > "$O/run_all.log" 2>&1; echo "sweep rc=$?" | tee -a "$O/steps.log"
st done
tail -5 "$O/run/summary.txt" 2>/dev/null
finish_call
