#!/usr/bin/env bash
# session 29 call 8 (stage of a391918): layers below the small-layer rule (N < 256, fused rule) and
# K >= 6144 at N <= 1024 against split-K tiles with clusters of 2..8, for the next session's rule.
source tools/device/call_preamble.sh c8
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
S=""
for n in 64 128 192; do for m in 1 8 16 32; do for k in 1024 2048 3072; do
  s=${m}x${n}x${k}; S="$S,$s:auto:auto:0"
  if (( m <= 8 )); then t=stream_n16_m8_k8; else t=stream_n16_m16_k8; fi
  for c in 2 4 8; do S="$S,$s:splitk_small_m:$t:$c"; done
done; done; done
timeout 120 $B --only=${S#,} > "$O/narrow.log" 2>&1; st "narrow rc=$?"
S=""
for n in 512 1024; do for m in 1 8 16 32; do for k in 6144 8192 12288; do
  s=${m}x${n}x${k}; S="$S,$s:auto:auto:0"
  if (( m <= 8 )); then ts="stream_n16_m8_k8:2 stream_n16_m8_k8:4 stream_n32_m8_k8_bulk:4"; else ts="stream_n32_m16_k8_bulk:2 stream_n32_m16_k8_bulk:4 stream_n32_m16_k4:4"; fi
  for t in $ts; do S="$S,$s:splitk_small_m:$t"; done
done; done; done
timeout 120 $B --only=${S#,} > "$O/longk.log" 2>&1; st "longk rc=$?"
finish_call
