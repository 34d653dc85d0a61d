#!/usr/bin/env bash
# session 27 call 10: small M with K = 768..2048 - the sweep had the forced fused_quant path faster than auto's
# quant_then_mma on 16x1024x1024 (4.72 against 5.62 us in graph replay): auto against fused_quant (its default
# tile) and splitk_small_m, hot and cold, tree 84c0405.
set -u
source tools/device/call_preamble.sh c10
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 16x1024x1024 16x2880x1024 16x4096x1024 16x7168x1024 8x1024x1024 8x2880x1024 8x4096x1024 4x2880x1024 32x1024x1024 32x2880x1024 32x4096x1024 16x2880x768 16x1024x2048 16x1536x1536 12x2048x1024; do
  C="$C,$s:auto:auto:0,$s:fused_quant:auto:0"
done
C="${C#,}"
st run
timeout 150 $B --only="$C" --cold > "$O/only.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^only|rror" "$O/only.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13}' | sed 's/tile=//'
finish_call
