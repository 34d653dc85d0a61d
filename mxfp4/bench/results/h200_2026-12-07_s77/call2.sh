#!/usr/bin/env bash
# Session 77 call 2 (carry [".device-pack"]: the stage of 3b20069, rp with call 1's two test cases fixed
# (N = 80 / 208 for the preshuffled layout) and qx; ~320 s):
#   qx (exp-s77-qx, on rp): the quantization clusters' exchange (the fused _c tiles: stream_n32_m32_k4_c4 is
#      auto's for 16 < M <= 32, K <= 512, N <= 2112) by st.async on an exchange mbarrier, instead of remote
#      stores and a release cluster barrier.
# only_ab base / qx (5 rounds) on the _c shapes and controls; then, side by side: rp's quant_then_mma_test in
# full, racecheck + memcheck of its tests that launch ring clusters of more than two CTAs (call 1's racecheck
# ran out of time in EveryTile before them), qx's fused_quant_test in full and racecheck + memcheck of its
# tests that run the _c tiles.
set -u
source tools/device/call_preamble.sh c2 rp qx
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
Q="32x2048x512:auto:auto:0,24x1024x512:auto:auto:0,17x512x512:auto:auto:0,32x1536x512:auto:auto:0"
Q="$Q,32x2112x512:fused_quant:stream_n32_m32_k4_c2:1,8x2048x512:fused_quant:stream_n32_m8_k4_c2:1"
Q="$Q,16x2048x512:fused_quant:stream_n32_m16_k4_c4:1"
Q="$Q,32x2880x512:auto:auto:0,4x2880x512:auto:auto:0,32x4096x512:auto:auto:0,1x2048x4096:auto:auto:0"
ab_means 3 80 "$Q" qx
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
run_test quant_then_mma_test 150 /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test &
sanitize 150 "$F" /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test racecheck &
sanitize 150 "$F" /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test memcheck &
run_test fused_quant_test 150 /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test &
G="*EveryTile*:*ContestShapes*:*MSweep*:*TinyAndOdd*"
sanitize 150 "$G" /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test racecheck &
sanitize 150 "$G" /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test memcheck &
wait
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'RUN|FAILED|azard|SUMMARY' "$f" | tail -12; done
finish_call
