#!/usr/bin/env bash
# session 27 call 9: M <= 8 near the large-weight threshold, where auto moved from split-K (or the bulk
# streamq tile) to the ring tiles: auto (tree 84c0405) against the forced splitk_small_m path's default, hot and cold.
set -u
source tools/device/call_preamble.sh c9
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 1x8192x4096 4x7168x4096 8x7168x4096 2x5120x5120 8x4096x8192 1x4096x16384 4x28672x4096 1x16384x16384; do
  C="$C,$s:auto:auto:0,$s:splitk_small_m:auto:0"
done
C="${C#,}"
st run
timeout 120 $B --only="$C" --cold > "$O/only.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^only|rror" "$O/only.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13}' | sed 's/tile=//'
finish_call
