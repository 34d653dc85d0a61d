#!/usr/bin/env bash
# Session 51 call 10: the launcher restructure of 2e4ead7 (host only: the persistent kernels launched
# from the ws branch). Variant fin = that tree's quant_then_mma_test: the persistent, ws, staged,
# prepared, int8 and API-adjacent tests.
source tools/device/call_preamble.sh c10 fin
export MXFP4_REQUIRE_GPU=1
F='*PersistentGrid*:*SeveralWaves*:*WarpSpecialized*:*StagedWeights*:*PreparedWeights*:*Int8*:*ContestShapes*'
timeout 300 /tmp/v/fin/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter="$F" > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log"
st "tests done: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qtm.log" | paste -sd' ')"
grep -E "FAILED  \]|Failure" -A4 "$O/qtm.log" | head -12
xz -9 "$O"/*.log 2>/dev/null
finish_call
