#!/usr/bin/env bash
# session 28 call 5: the final tree (the ring tiles' decode kernels and the decode rule for N >= 5120,
# K >= 1024): every GPU test binary with memcheck and racecheck, the contest and sweep benchmark sets, then
# auto on decode shapes (hot and cold).
set -u
source tools/device/call_preamble.sh c5
st run_all
OUT="$O/run" timeout 480 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st decode
L=""
for s in 16x16384x16384 32x16384x16384 1x16384x16384 16x8192x28672 16x28672x8192 16x8192x8192 32x8192x8192 \
         16x7168x4096 1x5120x2048 8x8192x1024 16x7168x2048 32x8192x1024 32x16384x1024 16x4096x4096; do
  L="$L,$s:auto:auto:0"
done
L="${L#,}"
timeout 90 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L --cold > "$O/decode.log" 2>&1; echo "decode rc=$?" | tee -a "$O/steps.log"
st done
tail -24 "$O/run_all.log"
grep -E "^only" "$O/decode.log" | cut -c1-150
finish_call
