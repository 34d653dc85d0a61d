#!/usr/bin/env bash
# session 19 call 2: wgmma_step_benchmark with the SS-form overlap modes (extras 7..12), and ko6 (the ws producer
# arrives on the full barrier before converting: its conversion off the consumers' wait) against the staged f2a5ab3.
set -u
source tools/device/call_preamble.sh c2 ko6
st step
timeout 120 /tmp/v/ko6/mxfp4.gpu.gemm.wgmma_step_benchmark > "$O/wgmma_step.txt" 2>&1
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
for b in base ko6; do
  if [[ $b == base ]]; then B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; else B=/tmp/v/$b/mxfp4.gpu.gemm.gemm_paths_benchmark; fi
  st "$b"
  echo "=== $b" >> "$O/only.log"
  timeout 100 $B --only=$P --phase_clock >> "$O/only.log" 2>&1
done
st done
cat "$O/wgmma_step.txt"
grep -E '^===|^only|ready -> math' "$O/only.log"
finish_call
