#!/usr/bin/env bash
# Session 51 call 8 (diagnostic, variant l1 = the final tree plus l1.patch, timing only): why
# converting plans lose with the persistent kernel at long K. Suspicion: its 218 KB of shared memory
# (the one-tile kernel 155 KB) leaves L1 ~38 KB, and the converting producer's 1-byte scale loads
# go through L1. MXFP4_FLAT_BIG_SMEM=1 launches the one-tile kernel with the persistent kernel's
# shared memory; MXFP4_PERSISTENT_ANY_K=1 lets converting plans beyond K = 1024 take the persistent
# kernel. Three configurations per shape (one-tile, one-tile with 218 KB, persistent), three rounds.
source tools/device/call_preamble.sh c8 l1
B=/tmp/v/l1/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 4096x4096x4096 1024x4096x4096 2048x7168x2048 512x7168x2048; do
  C="$C,$s:auto:auto:0:nostage+flat"
done
for s in 4096x4096x4096 2048x7168x2048; do
  C="$C,$s:auto:auto:0:stage+flat"
done
C="${C#,}"
P=""
for s in 4096x4096x4096 1024x4096x4096 2048x7168x2048 512x7168x2048; do
  P="$P,$s:auto:auto:0:nostage"
done
P="${P#,}"
for r in 1 2 3; do
  timeout 60 $B --only="$C" > "$O/flat$r.log" 2>&1; st "flat $r rc=$?"
  MXFP4_FLAT_BIG_SMEM=1 timeout 60 $B --only="$C" > "$O/big$r.log" 2>&1; st "big $r rc=$?"
  MXFP4_PERSISTENT_ANY_K=1 timeout 60 $B --only="$P" > "$O/pers$r.log" 2>&1; st "pers $r rc=$?"
done
for f in flat big pers; do
  for r in 1 2 3; do
    grep -E "^only" "$O/$f$r.log" | awk -v f=$f '{print $2"x"$4"x"$6, ($0 ~ /staged/ ? "staged" : "conv"), f, $8, ($0 ~ /persistent/ ? "(p)" : "")}'
  done
done | awk '{k=$1" "$2" "$3; v[k]=v[k]" "$4$5} END {for (k in v) print k": "v[k]}' | sort
xz -9 "$O"/*.log 2>/dev/null
finish_call
