#!/usr/bin/env bash
# session 38 call 1 (stage = session 37's e062c3a; variant "ahead3" = three weight steps in flight in the fast loop
# of the M <= 8 decode kernels of four warpgroups and of every decode kernel of two warpgroups (two for their
# 32-row ones); docs/paths.md "What to do next (after session 37)" item 4).
# 1. ahead3's quant_then_mma_test; memcheck + racecheck on the decode tests.
# 2. base / ahead3 interleaved, two rounds: decode shapes on every changed kernel, 64-row controls.
# 3. Item 2 (plans after the cheaper combine): forced ring tiles and clusters around auto's plans (stage binary).
source tools/device/call_preamble.sh c1 ahead3
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/ahead3/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/quant_then_mma_test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/quant_then_mma_test.log" | head -2 | tr '\n' ' ')"
F=--gtest_filter='*RingTilesNarrowWgmmaForFewRows*:*RingDecodeKernelsDeepRingWraps*:*RingTilesForLargeDecodeWeights*:*RingTilesChunksOffTheRingStep*'
MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
export MXFP4_ONLY_TIMEOUT=150
A=""
for s in 1x8192x22016 1x5120x13824 1x4096x14336 1x8192x8192 8x7168x4096 16x8192x8192 16x16384x16384 \
         1x3072x5888 4x3072x5888 12x2560x5120 8x4096x4096 32x4096x4096 32x8192x8192 1x5120x2048 8x1920x12288 \
         16x4096x11008 1x1536x16384 64x7168x2048 64x4096x4096; do A="$A,$s:auto:auto:0"; done
st "A/B"
timeout 200 bash tools/device/only_ab.sh --reps=2 "${A#,}" ahead3 > "$O/ab.log" 2>&1
st "ab rc=$?"
R=quant_then_mma
G1=""
for m in 64 96 128; do for nk in 1024x4096 2048x2048 2048x4096 4096x2048 3072x3072 1536x4096 2048x8192; do
  G1="$G1 ${m}x${nk}"; done; done
st "G1"
timeout 150 bash tools/device/only_sweep.sh --reps=2 "$G1" \
  "$R:wgmma8_n64_m64_k2_fold:1,$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k4_fold:1,$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n128_m64_k2_fold:1,$R:wgmma8_n64_m128_k2_fold:2" \
  > "$O/g1.log" 2>&1
st "G1 rc=$?"
G2=""
for m in 1 8 16 32; do for nk in 1024x2048 2048x2048 2048x4096 3072x3072 4096x2048 4096x3072; do
  G2="$G2 ${m}x${nk}"; done; done
st "G2"
timeout 150 bash tools/device/only_sweep.sh --reps=2 "$G2" \
  "$R:wgmma8_n64_m64_k2_fold:1,$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k4_fold:1,$R:wgmma8_n64_m64_k4_fold:2" \
  > "$O/g2.log" 2>&1
st "G2 rc=$?"
finish_call
