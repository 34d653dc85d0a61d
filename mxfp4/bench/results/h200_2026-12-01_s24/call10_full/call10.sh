#!/usr/bin/env bash
# session 24 call 10: the final tree (staged 291f1f8: the bulk loop unrolled by tile, on top of 5ce8c39) -
# every staged GPU test with memcheck and racecheck, the contest benchmark once, then auto on the shapes
# the new rule serves (hot/cold graph replay).
set -u
source tools/device/call_preamble.sh c10
st run_all
OUT="$O/run" timeout 420 bash tools/device/run_all.sh --tests --sanitize --bench=contest --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st only
C=""
for s in 16x2112x7168 8x2112x7168 16x3072x1536 4x4096x4096 1x4096x4096 12x2880x4096 16x2880x4096 12x4096x4096 16x4096x4096 16x5120x4096 16x7168x4096 16x2880x8192 16x1536x8192 10x2880x4096; do C="$C,$s:auto:auto:0"; done
timeout 90 stdbuf -oL .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${C#,} --cold > "$O/only.log" 2>&1; echo "only rc=$?" | tee -a "$O/steps.log"
st done
tail -16 "$O/run/summary.txt" 2>/dev/null
grep '^only' "$O/only.log" | cut -c1-120
xz -9 "$O"/run/*.log 2>/dev/null
finish_call
