#!/usr/bin/env bash
# session 39 call 2 (stage = call 1's: the grid split with a __threadfence() by every thread before the ticket, auto
# over two waves; variant "acqrel" = the ticket as one atom.add.acq_rel.gpu (no fences), auto only within one wave,
# in place of a K-split cluster of at most as many CTAs).
# 1. The variant's quant_then_mma_test (auto plans changed); memcheck and racecheck on the grid-split test.
# 2. Hot (--phase_clock), base and variant interleaved, two rounds: auto (0), the K-split cluster (c), the grid
#    split (gS); then the variant cold.
source tools/device/call_preamble.sh c2 acqrel
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/acqrel/mxfp4.gpu.gemm.quant_then_mma_test
timeout 200 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
F=--gtest_filter='*SplitKOverGrid*'
MXFP4_TEST_SCALE=small timeout 80 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 80 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L=""
for s in 1x4096x14336 16x4096x14336 1x2048x16384 16x4096x4096 32x4096x4096 8x3072x7168 1x4096x8192 8x2880x8192 \
         32x2048x7168; do
  L="$L,$s:auto:auto:0,$s:$Q:2,$s:$Q:g2"
done
L="$L,1x2048x16384:$Q:g4,32x2048x7168:$Q:g4"
L="$L,1x1280x12288:auto:auto:0,1x1280x12288:$Q:4,1x1280x12288:$Q:g4,1x1280x12288:$Q:g6"
L="$L,16x1024x16384:auto:auto:0,16x1024x16384:$Q:4,16x1024x16384:$Q:g4,16x1024x16384:$Q:g8"
L="$L,1x5120x13824:auto:auto:0,1x5120x13824:$Q:g3,1x8192x8192:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=100
timeout 300 bash tools/device/only_ab.sh --reps=2 "${L#,}" acqrel > "$O/ab.log" 2>&1
st "ab rc=$?"
timeout 80 /tmp/v/acqrel/mxfp4.gpu.gemm.gemm_paths_benchmark --only="${L#,}" --cold > "$O/cold_acqrel.log" 2>&1
st "cold rc=$?"
finish_call
