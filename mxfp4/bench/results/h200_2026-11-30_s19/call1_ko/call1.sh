#!/usr/bin/env bash
# session 19 call 1: knockouts of the warp-specialized m128 tile's fast loop (ko1: no promotion, ko2: no wgmma,
# ko3: producer converts nothing, ko4: consumer v-loop rolled, ko5: ko1+ko3), phase clocks, against the staged f2a5ab3.
set -u
source tools/device/call_preamble.sh c1 ko1 ko2 ko3 ko4 ko5
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
for b in base ko1 ko2 ko3 ko4 ko5 base; do
  if [[ $b == base ]]; then B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; else B=/tmp/v/$b/mxfp4.gpu.gemm.gemm_paths_benchmark; fi
  st "$b"
  echo "=== $b" >> "$O/only.log"
  timeout 100 $B --only=$P --phase_clock >> "$O/only.log" 2>&1
done
st done
cat "$O/only.log"
finish_call
