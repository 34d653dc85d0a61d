#!/usr/bin/env bash
# session 36 call 8 (stage = call 5's tree; variant "dtest" = quant_then_mma_test with
# GemmPath.RingDecodeKernelsDeepRingWraps forced onto SplitK(1)): with the planner's own cluster on those few N tiles
# the test had run the cluster kernels, not the k4 decode kernels without a cluster it is about (nor the 32-stage
# RingLongDecode form). That test alone: plain, then memcheck and racecheck (MXFP4_TEST_SCALE=small).
source tools/device/call_preamble.sh c8 dtest
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/dtest/mxfp4.gpu.gemm.quant_then_mma_test
F=--gtest_filter='*RingDecodeKernelsDeepRingWraps*'
timeout 60 "$T" "$F" > "$O/run.log" 2>&1; st "run rc=$?"
MXFP4_TEST_SCALE=small timeout 50 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
finish_call
