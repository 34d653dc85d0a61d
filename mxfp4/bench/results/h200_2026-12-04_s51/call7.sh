#!/usr/bin/env bash
# Session 51 call 7: the final tree (full stage's gemm_paths_benchmark). Auto's prefill plans (the
# persistent grid where taken) against cuBLAS bf16 in the same process, and converting plans at
# K = 1024 persistent against one-tile (`+flat`), the rule's upper end; two interleaved rounds.
source tools/device/call_preamble.sh c7
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 4096x3072x1536 4096x1024x4096 4096x2880x512 8192x2880x512 1536x4096x4096; do
  C="$C,$s:auto:auto:0,$s:auto:auto:0:flat"
done
for s in 1024x4096x1024 4096x2880x1024 2048x7168x1024 1024x2880x768; do
  C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:nostage+flat"
done
C="${C#,}"
for r in 1 2; do
  timeout 200 $B --only="$C" $( [[ $r == 1 ]] && echo --only_cublas ) > "$O/ab$r.log" 2>&1
  st "round $r rc=$?"
done
for r in 1 2; do
  grep -E "^only" "$O/ab$r.log" | awk '{printf "%s %s %s ", $2"x"$4"x"$6, $8, ($0 ~ /persistent/ ? "pers" : "flat"); print ($0 ~ /staged/ ? "staged" : ($0 ~ /prepared_weight/ ? "prepared" : "conv"))}'
done | awk '{k=$1" "$4" "$3; v[k]=v[k]" "$2} END {for (k in v) print k": "v[k]}' | sort
grep -E "^only|cuBLAS" "$O/ab1.log" | awk '/^only/{s=$2"x"$4"x"$6} /cuBLAS/{print s, "cublas", $4}' | sort -u
xz -9 "$O"/*.log 2>/dev/null
finish_call
