#!/usr/bin/env bash
# session 39 call 4 (stage = call 3's; variant "final" = the final tree's quant_then_mma_test: the grid-split test
# keeps only its short-K cases at MXFP4_TEST_SCALE=small, after call 3's racecheck of the whole binary ran past
# run_all.sh's 240 s). The whole binary, then memcheck and racecheck of it at small scale without the 240 s cap.
source tools/device/call_preamble.sh c4 final
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/final/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/quant_then_mma_test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/quant_then_mma_test.log" | head -2 | tr '\n' ' ')"
MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool memcheck --error-exitcode 99 "$T" --gtest_filter='*SplitKOverGrid*' \
  > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 330 "$CS" --tool racecheck --error-exitcode 99 "$T" > "$O/racecheck.log" 2>&1
st "racecheck rc=$? $(grep -E '^\[  (PASSED|FAILED)|RACECHECK SUMMARY' "$O/racecheck.log" | head -3 | tr '\n' ' ')"
finish_call
