#!/usr/bin/env bash
# session 27 call 4: staged weights (branch exp/stagew, variant stg1): a quant_then_mma call without a caller's
# prepared copy writes one into the workspace (PrepareWeight kernel) and runs the ws tile that reads it. Each
# shape with weight_staging kAlways (:stage) and kNever (:nostage), hot and cold graph replay, 2 rounds.
set -u
source tools/device/call_preamble.sh c4 stg1
V=/tmp/v/stg1/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 512x4096x4096 1024x4096x4096 1536x4096x4096 2048x4096x4096 3072x4096x4096 4096x4096x4096 8192x4096x4096 768x4096x4096 2048x7168x2048 4096x7168x2048 3072x3072x3072 4096x2880x512 4096x512x512 2048x2880x4096 4096x1024x4096; do
  C="$C,$s:auto:auto:0:stage,$s:auto:auto:0:nostage"
done
C="${C#,}"
for r in 1 2; do
  st "round $r"
  echo "=== stg1 (round $r)" >> "$O/ab.log"; timeout 280 $V --only="$C" --cold >> "$O/ab.log" 2>&1; echo "rc=$?" >> "$O/ab.log"
done
st done
grep -E "^only|^rc" "$O/ab.log" | awk '{print $2"x"$4"x"$6, $8, $11, $13, $NF, $(NF-1)}' | sed 's/tile=//' | sort | cut -c1-120
finish_call
