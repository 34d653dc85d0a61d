#!/usr/bin/env bash
# session 39 call 6 (stage = call 3's, 352038b; variant "late" = the decode kernels with two or three weight steps in
# flight load the steps after the first after the grid-dependency wait and the first fills, not before the wait:
# call 5 had entry -> dependency ~0.7K cycles longer a step loaded before it).
# 1. The variant's quant_then_mma_test; memcheck of its decode tests at small scale.
# 2. base / late interleaved, two rounds, hot, auto plans of the decode kernels it changes and controls.
source tools/device/call_preamble.sh c6 late
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/late/mxfp4.gpu.gemm.quant_then_mma_test
timeout 110 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
MXFP4_TEST_SCALE=small timeout 40 "$CS" --tool memcheck --error-exitcode 99 "$T" \
  --gtest_filter='*RingDecodeKernels*:*RingTilesNarrowWgmmaForFewRows*' > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
A=""
for s in 1x8192x8192 16x8192x8192 8x7168x4096 1x5120x4096 1x5120x2048 1x8192x22016 1x4096x14336 1x2048x16384 \
         8x4096x4096 16x4096x4096 32x4096x4096 64x7168x2048; do A="$A,$s:auto:auto:0"; done
export MXFP4_ONLY_TIMEOUT=40
timeout 100 bash tools/device/only_ab.sh --reps=2 "${A#,}" late > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
