#!/usr/bin/env bash
# Session 52 call 1. Base: the slim stage of session 51 (libraries). Variant p8 = the working tree on
# abefabb with the int8 kernels' persistent form (WgmmaRingWsInt8GemmBody's kPersistent; PlanGemm's
# persistent grid for int8 plans). The persistent and int8 tests, racecheck/memcheck of the new test
# (the timings: call2.sh).
source tools/device/call_preamble.sh c1 p8
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/p8
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
F='*PersistentGrid*:*Int8*:*WarpSpecialized*:*StagedWeights*:*PreparedWeights*'
timeout 240 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter="$F" > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log"
st "tests done: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qtm.log" | paste -sd' ')"
grep -E "FAILED  \]|Failure" -A6 "$O/qtm.log" | head -30
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGridInt8*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
for f in qtm racecheck memcheck; do xz -9 "$O/$f.log" 2>/dev/null; done
finish_call
