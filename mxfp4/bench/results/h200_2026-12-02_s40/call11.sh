#!/usr/bin/env bash
# session 40 call 11 (variant "wring" = every consumer warp of the k4 decode kernels streams its own 16 weight rows through a private slot of the ring, one 1 KB bulk copy a stage from its own lane 0 on its own mbarrier, the first ones before the grid-dependency wait - What to do next item 4 (a) from calls 9-10; stage = session 39 call 3's, 352038b: the k4 decode kernels' fast loop loading its weight words
# from global memory into registers, kStepsAhead steps ahead; variant "wring" = each stage of their own ring also
# holds the stage's weights, copied in bulk with its activations (RingWeightStageBytes), the fast loop reading them
# from shared memory; 8 / 8 / 4 stages at M <= 8 / 16 / 32).
# 1. The variant's ring-decode and every-tile tests; memcheck on the decode tests.
# 2. Hot (--phase_clock), base and variant interleaved, two rounds, then both cold.
source tools/device/call_preamble.sh c11 wring
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/wring/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" --gtest_filter='*RingDecode*:*EveryTile*:*RingTiles*' > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
F=--gtest_filter='*RingDecodeKernelsDeepRingWraps*:*SplitKOverGrid*'
MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="1x5120x13824:auto:auto:0,1x8192x8192:auto:auto:0,16x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x8192x22016:auto:auto:0,16x16384x16384:auto:auto:0,8x7168x4096:auto:auto:0,1x2048x16384:auto:auto:0"
L="$L,16x1024x16384:auto:auto:0,1x4096x14336:auto:auto:0,1x5120x4096:$Q:1,32x5120x4096:$Q:1,16x4096x4096:$Q:1"
export MXFP4_ONLY_TIMEOUT=100
timeout 300 bash tools/device/only_ab.sh --reps=1 "$L" wring > "$O/ab.log" 2>&1
st "ab rc=$?"
timeout 90 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$L" --cold > "$O/cold_base.log" 2>&1
st "cold base rc=$?"
timeout 90 /tmp/v/wring/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$L" --cold > "$O/cold_wring.log" 2>&1
st "cold wring rc=$?"
finish_call
