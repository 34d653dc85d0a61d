#!/usr/bin/env bash
# session 22 call 4 (timing probe, no tests): where the M-pair ws tile's +2.7K math cycles come from.
# w = mc2.patch with one remote arrival per warp (producer and consumers) instead of per thread;
# x = w without the remote stores (half the weights never reach the peer: wrong results by design).
# Phase clocks of 256x3072x1536 on the pair tile and on the plain ws tile, each build.
set -u
source tools/device/call_preamble.sh c4 w x
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_mc2_fold:0
pb=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for who in w x; do
  st "$who"
  cp "/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark" "$pb"
  OUT="$O/pc_$who" MXFP4_PACK=none timeout 200 bash tools/device/run_all.sh --phase_clock=$P >/dev/null 2>&1
  { echo "== $who"; cat "$O/pc_$who/bench.log"; } >> "$O/phase_clock.log"
done
st done
grep -E '^==|^only|entry -> ready|ready -> math|math done -> end|rror' "$O/phase_clock.log"
finish_call
