#!/usr/bin/env bash
# Session 46 call 6: variant ts3 = ts2's fix plus helpers that store each tail partial in their accumulators'
# order (16-byte stores) and raise their tiles' flags once all their units are out (call 4: ~7K cycles a unit of
# 8 blocks); the tile CTAs read the tail in that order. Diagnostic kept for this call: a helper stamps its first
# unit's end in the "math done wg1" slot. Tests (the tail split and the ws cases), then base vs ts3 timing.
source tools/device/call_preamble.sh c6 ts3
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/ts3/mxfp4.gpu.gemm.quant_then_mma_test
timeout 200 "$T" --gtest_filter='*WsTailSplit*:*ContestShapes*:*WarpSpecialized*' > "$O/test.log" 2>&1
st "quant_then_mma_test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | tr '\n' ' ')"
grep -E "^\[  FAILED|NOT bit-exact" "$O/test.log" | head -10
B=/tmp/v/ts3/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 100 "$B" --only=256x3072x1536:auto:auto:0,128x4288x2048:auto:auto:0 --phase_clock > "$O/diag.log" 2>&1
st "diag rc=$?"
grep -v "^device\|^per call" "$O/diag.log"
export MXFP4_ONLY_TIMEOUT=90
A="256x3072x1536:auto:auto:0,128x4288x2048:auto:auto:0,192x3072x1536:auto:auto:0,200x3000x1536:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=2 "$A" ts3 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
