#!/usr/bin/env bash
# session 38 call 5 (stage = 95e1240: the long decode kernel with three steps of words and scales in flight;
# variant "w4s2" = the long kernel's words four steps ahead but its scale bytes two (they take as many registers as
# the words and are needed only at the promotion); every other kernel's PTX identical).
# 1. w4s2's decode tests (the long form's chunks of 24 / 40 / 26 / 64 steps: 0 / 0 / 2 / 0 left after the fours).
# 2. base / w4s2 interleaved, three rounds: the long kernel's shapes, controls.
source tools/device/call_preamble.sh c5 w4s2
export MXFP4_REQUIRE_GPU=1
F=--gtest_filter='*RingDecodeKernelsDeepRingWraps*:*RingTilesForLargeDecodeWeights*'
timeout 120 /tmp/v/w4s2/mxfp4.gpu.gemm.quant_then_mma_test "$F" > "$O/test_w4s2.log" 2>&1
st "test w4s2 rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test_w4s2.log" | head -2 | tr '\n' ' ')"
export MXFP4_ONLY_TIMEOUT=200
A=""
for s in 1x8192x22016 8x8192x22016 1x5120x13824 1x5120x17920 1x7168x18432 1x8192x28672 1x6144x16384 \
         1x8192x8192 64x7168x2048; do A="$A,$s:auto:auto:0"; done
st "A/B"
timeout 300 bash tools/device/only_ab.sh --reps=3 "${A#,}" w4s2 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
