#!/usr/bin/env bash
# session 42 call 9: call 8's test with its shapes fixed (the preshuffled weights need N % 16 == 0: N = 200 / 264 /
# 72 -> 208 / 272 / 80). The new test (full scale) and memcheck on it.
source tools/device/call_preamble.sh c9
export MXFP4_REQUIRE_GPU=1
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
F=--gtest_filter='*RingStageOrderedActivations*'
timeout 60 "$T" "$F" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
timeout 60 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$O/memcheck.log" | head -1)"
MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$? $(grep -E 'RACECHECK SUMMARY' "$O/racecheck.log" | head -1)"
finish_call
