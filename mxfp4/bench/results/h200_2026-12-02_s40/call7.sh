#!/usr/bin/env bash
# session 40 call 7 (stage = 352038b; variant "final" = the final tree's quant_then_mma_test: the kernels as staged,
# RingDecodeKernelsDeepRingWraps with its new M = 29 case): the new case alone, with memcheck, then the whole binary.
source tools/device/call_preamble.sh c7 final
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/final/mxfp4.gpu.gemm.quant_then_mma_test
F=--gtest_filter='*RingDecodeKernelsDeepRingWraps*'
timeout 60 "$T" "$F" > "$O/deep_ring.log" 2>&1
st "deep ring rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/deep_ring.log" | head -2 | tr '\n' ' ')"
MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
timeout 300 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
xz -9 "$O/test.log"
finish_call
