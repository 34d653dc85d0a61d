#!/usr/bin/env bash
# Session 77 call 3: call2.sh cut to ~150 s (the budget after refused starts): only_ab base / qx (3 rounds) on
# the _c shapes and controls, then side by side: racecheck + memcheck of rp's ring cluster tests,
# rp's RingTilesSplitKOverClusters (call 1's two test errors fixed), qx's fused_quant_test in full, racecheck of
# its EveryTile (every _c tile). Steps go to $O as they finish (a cut call still brings its logs back).
set -u
source tools/device/call_preamble.sh c3 rp qx
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=20
Q="32x2048x512:auto:auto:0,24x1024x512:auto:auto:0,17x512x512:auto:auto:0"
Q="$Q,8x2048x512:fused_quant:stream_n32_m8_k4_c2:1,16x2048x512:fused_quant:stream_n32_m16_k4_c4:1"
Q="$Q,32x2880x512:auto:auto:0,1x2048x4096:auto:auto:0"
ab_means 3 45 "$Q" qx
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*"
sanitize 95 "$F" /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test racecheck &
sanitize 95 "$F" /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test memcheck &
run_test rp_clusters 95 /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test \
  --gtest_filter="*RingTilesSplitKOverClusters*" &
run_test fused_quant_test 95 /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test &
sanitize 95 "*EveryTile*" /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test racecheck &
wait
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'RUN|FAILED|azard|SUMMARY' "$f" | tail -8; done
finish_call
