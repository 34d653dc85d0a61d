#!/usr/bin/env bash
# session 19 call 3: ws producer knockouts ko7 (LDS + STS, no conversion arithmetic), ko8 (the conversion arithmetic only, no LDS/STS of weights), ko9 (no cp.async of the raw weights) against the staged f2a5ab3.
set -u
source tools/device/call_preamble.sh c3 ko7 ko8 ko9
st step
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
for b in base ko7 ko8 ko9; do
  if [[ $b == base ]]; then B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; else B=/tmp/v/$b/mxfp4.gpu.gemm.gemm_paths_benchmark; fi
  st "$b"
  echo "=== $b" >> "$O/only.log"
  timeout 100 $B --only=$P --phase_clock >> "$O/only.log" 2>&1
done
st done
grep -E '^===|^only|ready -> math' "$O/only.log"
finish_call
