#!/usr/bin/env bash
# session 42 call 8: stage = quant_then_mma_test alone of the final tree plus the new RingStageOrderedActivations
# test. The new test (full scale), memcheck and racecheck on it, then racecheck of the whole binary at small scale
# (the final form's; call 5 ran it on the runtime-test form).
source tools/device/call_preamble.sh c8
export MXFP4_REQUIRE_GPU=1
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
F=--gtest_filter='*RingStageOrderedActivations*'
timeout 60 "$T" "$F" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
timeout 60 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$O/memcheck.log" | head -1)"
MXFP4_TEST_SCALE=small timeout 250 "$CS" --tool racecheck --error-exitcode 99 "$T" > "$O/racecheck.log" 2>&1
st "racecheck rc=$? $(grep -E 'RACECHECK SUMMARY' "$O/racecheck.log" | head -1) $(grep -E '^\[  (PASSED|FAILED)' "$O/racecheck.log" | head -2 | tr '\n' ' ')"
xz -9 "$O/racecheck.log" "$O/memcheck.log" 2>/dev/null
finish_call
