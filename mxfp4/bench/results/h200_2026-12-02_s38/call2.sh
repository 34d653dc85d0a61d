#!/usr/bin/env bash
# session 38 call 2 (slim stage = session 37's e062c3a; variants "long3" / "long4" = three / four weight steps in
# flight in the fast loop of the long-chunk M <= 8 decode kernel only (RingLongDecode, 32-stage ring); every other
# kernel's PTX identical to the stage's (kernel_diff.sh)). Call 1 had three steps on every M <= 8 k4 and every
# two-warpgroup decode kernel: 1x8192x22016 38.9 -> 37.4 us, but 1x8192x8192 13.0 -> 13.8, 8x4096x4096 7.16 -> 7.47.
# 1. Both variants' decode tests (the long form's chunks of 96 blocks and more, the ideal check).
# 2. base / long3 / long4 interleaved, three rounds: every shape auto runs on the long kernel, controls.
source tools/device/call_preamble.sh c2 long3 long4
export MXFP4_REQUIRE_GPU=1
F=--gtest_filter='*RingDecodeKernelsDeepRingWraps*:*RingTilesForLargeDecodeWeights*:*RingTilesNarrowWgmmaForFewRows*'
for v in long3 long4; do
  timeout 120 /tmp/v/$v/mxfp4.gpu.gemm.quant_then_mma_test "$F" > "$O/test_$v.log" 2>&1
  st "test $v rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test_$v.log" | head -2 | tr '\n' ' ')"
done
MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool memcheck --error-exitcode 99 \
  /tmp/v/long4/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*RingDecodeKernelsDeepRingWraps*' > "$O/memcheck_long4.log" 2>&1
st "memcheck long4 rc=$?"
export MXFP4_ONLY_TIMEOUT=200
A=""
for s in 1x8192x22016 8x8192x22016 1x5120x13824 2x5120x13824 1x5120x17920 1x7168x18432 4x7168x18432 1x8192x28672 \
         1x6144x16384 1x8192x8192 1x4096x14336 64x7168x2048; do A="$A,$s:auto:auto:0"; done
st "A/B"
timeout 300 bash tools/device/only_ab.sh --reps=3 "${A#,}" long3 long4 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
