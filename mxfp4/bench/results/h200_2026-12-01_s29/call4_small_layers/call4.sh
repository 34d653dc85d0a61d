#!/usr/bin/env bash
# session 29 call 4 (slim stage of 5004c92): small layers (N <= 1024, 512 < K <= 3072, M <= 32) on
# auto against split-K tiles with a 2-CTA cluster and the narrow fused tile (call 3 found
# splitk_small_m stream_n16_m16_k8 x2 at 3.74 us on 16x1024x1024 against auto's 4.63).
source tools/device/call_preamble.sh c4
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for n in 512 1024; do
  S=""
  for m in 1 4 8 12 16 24 32; do
    for k in 1024 1536 2048 3072; do
      s=${m}x${n}x${k}
      S="$S,$s:auto:auto:0,$s:splitk_small_m:stream_n16_m16_k8:2,$s:splitk_small_m:stream_n32_m16_k4:2,$s:fused_quant:stream_n16_m16_k8:0,$s:splitk_small_m:stream_n16_m16_k8:1"
      if (( m <= 8 )); then S="$S,$s:splitk_small_m:stream_n16_m8_k8:2,$s:splitk_small_m:stream_n32_m8_k4:2"; fi
    done
  done
  timeout 280 $B --only=${S#,} > "$O/n$n.log" 2>&1; st "n=$n rc=$?"
done
finish_call
