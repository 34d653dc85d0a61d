#!/usr/bin/env bash
# session 37 call 4 (stage = session 36's 2e5b553; variant "chain" = the two-CTA cluster combine with a split
# barrier (CombineChainOfTwo in combine_partials.h: rank 1 arrives at once and loads its own partials while rank 0
# sums, arrives again once it has read rank 0's sums - before its stores - and exits without waiting; all loads of a
# thread unrolled), plus four new two-CTA cases in GemmPath.RingTilesSplitKOverClusters).
# 1. chain's fused_quant / splitk_small_m / quant_then_mma tests; memcheck + racecheck on the cluster tests.
# 2. base vs chain, interleaved, two rounds: auto on two-CTA-cluster plans and controls (phase clocks).
# 3. the contest, base then chain, one round.
source tools/device/call_preamble.sh c4 chain
export MXFP4_REQUIRE_GPU=1
for t in quant_then_mma splitk_small_m fused_quant; do
  timeout 120 /tmp/v/chain/mxfp4.gpu.gemm.${t}_test > "$O/${t}_test.log" 2>&1
  st "$t rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/${t}_test.log" | head -2 | tr '\n' ' ')"
done
T=/tmp/v/chain/mxfp4.gpu.gemm.quant_then_mma_test
F=--gtest_filter='*SplitKOverClusters*:*MidLayersAndResidentClusters*:*SmallLayers*'
MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
export MXFP4_ONLY_TIMEOUT=120
F=""
for s in 64x4096x4096 12x2560x5120 16x2112x7168 4x3072x5888 64x4096x2048 128x2048x2048 1x3072x5888 64x2048x4096 \
         64x4096x8192 8x4096x4096 64x7168x2048 256x3072x1536; do F="$F,$s:auto:auto:0"; done
F="$F,64x4096x2048:quant_then_mma:wgmma8_n64_m64_k2_fold:1"
st "A/B"
timeout 200 bash tools/device/only_ab.sh --reps=2 "${F#,}" chain > "$O/ab.log" 2>&1
st "ab rc=$?"
OUT="$O/contest" REPS=1 timeout 200 bash tools/device/ab_contest.sh chain > "$O/contest.log" 2>&1
st "contest rc=$?"
finish_call
