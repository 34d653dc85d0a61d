#!/usr/bin/env bash
# session 37 call 5 (stage = session 36's 2e5b553; variant "chain" = call 4's (b1e1198); variant "rows" = chain plus:
# the ring tiles' decode kernels write and combine only their kMmaRows activation rows of the partials (8 / 16 / 32
# of 64; the rest are +0 and never stored)).
# 1. rows' quant_then_mma_test; memcheck + racecheck on the decode and cluster tests.
# 2. base / chain / rows, interleaved, two rounds: decode plans with and without clusters, M = 64 controls.
source tools/device/call_preamble.sh c5 chain rows
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/rows/mxfp4.gpu.gemm.quant_then_mma_test
timeout 120 "$T" > "$O/quant_then_mma_test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/quant_then_mma_test.log" | head -2 | tr '\n' ' ')"
F=--gtest_filter='*SplitKOverClusters*:*RingTilesNarrowWgmmaForFewRows*:*RingDecodeKernelsDeepRingWraps*:*RingTilesForLargeDecodeWeights*'
MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
export MXFP4_ONLY_TIMEOUT=120
F=""
for s in 1x3072x5888 4x3072x5888 8x4096x4096 16x4096x4096 32x4096x4096 1x8192x8192 1x5120x2048 8x7168x4096 \
         16x8192x8192 1x4096x14336 12x2560x5120 64x4096x4096; do F="$F,$s:auto:auto:0"; done
st "A/B"
timeout 300 bash tools/device/only_ab.sh --reps=2 "${F#,}" chain rows > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
