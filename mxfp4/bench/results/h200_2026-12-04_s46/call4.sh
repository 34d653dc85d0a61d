#!/usr/bin/env bash
# Session 46 call 4: variant ts2 = ts with the helpers' activation address fixed (a tail's first block at
# tail_first x block_m x 32 bytes, not tail_first x 32) and two diagnostics (not kept): a helper stamps the end
# of its first unit into the "math done wg1" slot, and GemmOptions::cold_weights (":cold_weights") forces the
# helpers' fast loop (skips their fold check). Call 3: helpers took ~14K cycles for 16 blocks a warpgroup.
source tools/device/call_preamble.sh c4 ts2
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/ts2/mxfp4.gpu.gemm.quant_then_mma_test
timeout 200 "$T" --gtest_filter='*WsTailSplit*:*ContestShapes*:*WarpSpecialized*:*FoldedScalesAtTheEdges*' > "$O/test.log" 2>&1
st "quant_then_mma_test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | tr '\n' ' ')"
grep -E "^\[  FAILED|NOT bit-exact|plan:" "$O/test.log" | head -20
B=/tmp/v/ts2/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 100 "$B" --only=256x3072x1536:auto:auto:0,256x3072x1536:auto:auto:0:cold_weights,256x3072x1536:auto:auto:0:notail,128x4288x2048:auto:auto:0,128x4288x2048:auto:auto:0:cold_weights --phase_clock > "$O/diag.log" 2>&1
st "diag rc=$?"
cat "$O/diag.log"
xz -9 "$O"/*.log
finish_call
