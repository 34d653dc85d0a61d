#!/usr/bin/env bash
# session 29 call 5 (slim stage of 5004c92): the narrow split-K tiles with a cluster over a wider grid
# (N 256..1536, K 1024..8192, M 1..32) against auto, to bound the small-layer rule.
source tools/device/call_preamble.sh c5
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for n in 256 512 768 1024 1536; do
  S=""
  for m in 1 8 16 32; do
    for k in 1024 2048 3072 4096 6144 8192; do
      s=${m}x${n}x${k}; S="$S,$s:auto:auto:0"
      if (( m <= 8 )); then ts="stream_n16_m8_k8:1 stream_n16_m8_k8:2 stream_n16_m8_k8:4 stream_n32_m8_k4:2 stream_n32_m8_k4:4 stream_n32_m8_k8_bulk:2 stream_n32_m8_k8_bulk:4"
      else ts="stream_n16_m16_k8:1 stream_n16_m16_k8:2 stream_n16_m16_k8:4 stream_n32_m16_k4:2 stream_n32_m16_k4:4 stream_n32_m16_k8_bulk:2 stream_n32_m16_k8_bulk:4"; fi
      for t in $ts; do S="$S,$s:splitk_small_m:$t"; done
    done
  done
  timeout 100 $B --only=${S#,} > "$O/n$n.log" 2>&1; st "n=$n rc=$?"
done
finish_call
