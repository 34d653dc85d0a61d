#!/usr/bin/env bash
# session 28 call 6: the small-layer rule (fused_quant for M <= 32, 512 < K <= 1024, N <= 1024) at longer K:
# auto against the forced fused path with its default tile, M = 1, 8, 16, 32, N = 512 / 1024 / 1536,
# K = 1536..4096 (staged tree 5ccf263), hot and cold.
set -u
source tools/device/call_preamble.sh c6
S=""
for m in 1 8 16 32; do
  for n in 512 1024 1536; do
    for k in 1536 2048 3072 4096; do
      s="${m}x${n}x${k}"
      S="$S,$s:auto:auto:0,$s:fused_quant:auto:0"
    done
  done
done
S="${S#,}"
st sweep
timeout 250 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$S" --cold > "$O/sweep.log" 2>&1; echo "sweep rc=$?" | tee -a "$O/steps.log"
grep -E "^only|rror|not run" "$O/sweep.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13, $14}' | sed 's/tile=//'
st done
finish_call
