#!/usr/bin/env bash
# session 38 call 6 (stage = 95e1240; variant "final" = the final tree's quant_then_mma_test: 95e1240's kernels, two
# more long-kernel cases in RingDecodeKernelsDeepRingWraps - chunks of 25 and 27 steps). Call 5's variant w4s2 (words
# four steps ahead, scales two) was slower and is not kept; its run also caught a test case of N = 264 that the
# preshuffled layout refuses (now N = 272).
source tools/device/call_preamble.sh c6 final
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/final/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/quant_then_mma_test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/quant_then_mma_test.log" | head -2 | tr '\n' ' ')"
F=--gtest_filter='*RingDecodeKernelsDeepRingWraps*'
MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
finish_call
