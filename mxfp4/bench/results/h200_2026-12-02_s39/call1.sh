#!/usr/bin/env bash
# session 39 call 1 (stage = the K-split over independent CTAs: the k4 ring tile's decode kernels with gridDim.z
# CTAs a tile combining through the workspace, GemmOptions::grid_split_k, auto by RingGridSplitCtas).
# 1. The new test and its neighbours; memcheck and racecheck on the new test.
# 2. Hot (--phase_clock, two rounds) and cold: auto (0) against no grid split (g1) and forced counts (gS).
source tools/device/call_preamble.sh c1
export MXFP4_REQUIRE_GPU=1
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" --gtest_filter='*SplitKOverGrid*:*RingDecodeKernelsDeepRingWraps*:*RingTilesSplitKOverClusters*:*RingTilesForLargeDecodeWeights*' \
  > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
timeout 30 .device/tests/mxfp4.gpu.gemm.gemm_api_test > "$O/api_test.log" 2>&1
st "api test rc=$?"
F=--gtest_filter='*SplitKOverGrid*'
MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L=""
for s in 1x5120x13824 8x5120x13824 32x5120x13824 1x5120x17920 1x6144x16384 16x6144x16384; do
  L="$L,$s:auto:auto:g1,$s:auto:auto:0"
done
L="$L,1x5120x17920:$Q:g5,1x6144x16384:$Q:g2,1x6144x16384:$Q:g8"
L="$L,1x7168x18432:auto:auto:0,1x7168x18432:$Q:g2,1x7168x18432:$Q:g3,1x7168x18432:$Q:g4"
L="$L,8x5120x8192:auto:auto:0,8x5120x8192:$Q:g2,8x5120x8192:$Q:g4"
L="$L,1x5120x4096:auto:auto:0,1x5120x4096:$Q:g2,16x5120x5120:auto:auto:0,16x5120x5120:$Q:g2"
L="$L,1x8192x8192:auto:auto:0,1x8192x8192:$Q:g2,1x4096x14336:auto:auto:0,1x4096x14336:$Q:g2,1x4096x14336:$Q:g4"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2; do
  timeout 120 "$B" --only="${L#,}" --phase_clock > "$O/only_$r.log" 2>&1
  st "only $r rc=$?"
done
timeout 150 "$B" --only="${L#,}" --cold > "$O/only_cold.log" 2>&1
st "cold rc=$?"
finish_call
