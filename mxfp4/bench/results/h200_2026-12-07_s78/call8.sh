#!/usr/bin/env bash
# Session 78 call 8 (carry [".device-pack"]: stage of ab6fd50 and pl2 = main 34bb962 + the M <= 8 rule
# (Fused8RowTile) + the test FusedTilesForFewRowsAtShortK): auto before -> now on the M <= 8 shapes the
# rule moves and controls; pl2's fused_quant_test in full.
set -u
source tools/device/call_preamble.sh c8 pl2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
Q=""
for s in 8x5120x512 8x7168x512 1x8448x512 4x8448x512 8x10240x512 8x14336x512 1x14336x512 8x28672x512 \
         4x2880x512 8x4096x512 1x2048x512; do
  Q="$Q,$s:auto:auto:0"
done
ab_means 5 150 "${Q#,}" pl2
run_test fused_quant_test 200 /tmp/v/pl2/mxfp4.gpu.gemm.fused_quant_test
grep -E "FusedTilesForFewRows" "$O/fused_quant_test.log" | head -3
finish_call
