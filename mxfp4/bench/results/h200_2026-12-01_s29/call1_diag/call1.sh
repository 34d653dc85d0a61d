#!/usr/bin/env bash
# session 29 call 1 (staged 5004c92): where the sweep's losses spend their time.
# Phase clocks of auto on the loss shapes, forced alternatives, and per-kernel
# durations (ncu gpu__time_duration, quantizer vs GEMM).
source tools/device/call_preamble.sh c1
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
A=""
for s in 64x512x16384 64x4096x4096 4096x512x512 4096x1024x1024 16x1024x1024 64x7168x2048 32x4096x512 256x3072x1536 64x256x4096; do A="$A,$s:auto:auto:0"; done
st phase
timeout 120 $B --only=${A#,} --phase_clock > "$O/auto_phase.log" 2>&1; st "auto rc=$?"
F=""
for s in 4096x512x512 4096x1024x1024; do
  for t in wgmma8_n128_m128_ws_fold wgmma8_n64_m128_k2_ws_fold wgmma8_n128_m192_ws_fold wgmma8_n64_m192_k2_ws_fold wgmma8_n128_m64_k2_fold wgmma8_n64_m64_k2_fold wgmma8_n128_m128_fold; do
    F="$F,$s:quant_then_mma:$t:0,$s:quant_then_mma:$t:0:nostage,$s:quant_then_mma:$t:0:prepared"
  done
done
for c in 64x512x16384:wgmma8_n64_m64_k2_fold:8 64x512x16384:wgmma8_n64_m64_k4_fold:4 64x4096x4096:wgmma8_n64_m64_k2_fold:1 64x4096x4096:wgmma8_n64_m64_k2_fold:2 64x4096x4096:wgmma8_n64_m64_k4_fold:1 64x4096x4096:wgmma8_n64_m64_k2_ws_fold:0 64x4096x4096:wgmma8_n64_m64_k2_ws_fold:0:prepared; do
  F="$F,${c%%:*}:quant_then_mma:${c#*:}"
done
timeout 200 $B --only=${F#,} > "$O/forced.log" 2>&1; st "forced rc=$?"
if [[ -n "$NCU" ]]; then
  for s in 4096x512x512 4096x1024x1024 64x512x16384 64x4096x4096 32x4096x512 256x3072x1536; do
    timeout 60 "$NCU" --clock-control none --metrics gpu__time_duration.sum,sm__cycles_active.avg,launch__grid_size \
      --launch-skip 6 --launch-count 4 --page raw --csv $B --only=$s:auto:auto:0 > "$O/ncu_$s.csv" 2>&1
    st "ncu $s rc=$?"
  done
fi
finish_call
