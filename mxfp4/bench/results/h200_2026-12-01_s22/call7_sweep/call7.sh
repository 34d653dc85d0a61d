#!/usr/bin/env bash
# session 22 call 7: re-sweep the dispatch on the contest shapes (gemm_paths_benchmark --sweep --shapes=bench,
# staged b6e0376 = main's kernels but the ring prologue patches): every forced path/tile/split next to auto,
# hot (graph replay, warm) and cold. Last swept in sessions 16-17, before the ws tiles and the shifted weights.
set -u
source tools/device/call_preamble.sh c7
st sweep
timeout 300 stdbuf -oL .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --sweep --shapes=bench > "$O/sweep.log" 2>&1; echo "sweep rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^shape|geomean" "$O/sweep.log"
finish_call
