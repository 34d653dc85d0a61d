#!/usr/bin/env bash
# session 28 call 8: an m64n8k32 decode kernel for M <= 8 (variant r8, branch s28_r8) against the staged tree
# (5ccf263: m64n16k32 there): the ring tests of its quant_then_mma_test (memcheck on the decode-kernel test),
# A/B on M <= 8 decode shapes (16x8192x8192 as a control: unchanged code path).
set -u
source tools/device/call_preamble.sh c8 r8
V=/tmp/v/r8
st test
timeout 150 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Ring*:*EveryTile*:*MSweep*:*TinyAndOdd*:*Deterministic*:*Underflow*:*FoldedScales*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/test.log"
st memcheck
timeout 90 "$CS" --tool memcheck --error-exitcode 3 $V/mxfp4.gpu.gemm.quant_then_mma_test \
  --gtest_filter='*NarrowWgmma*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/memcheck.log"
C=""
for s in 1x16384x16384 8x16384x16384 4x8192x8192 1x8192x4096 8x7168x4096 1x5120x2048 8x8192x1024 1x16384x1024 16x8192x8192; do
  C="$C,$s:auto:auto:0"
done
C="${C#,}"
st ab
MXFP4_ONLY_TIMEOUT=100 bash tools/device/only_ab.sh --reps=2 "$C" r8 > "$O/only_ab.log" 2>&1
grep -A60 "summary" "$O/only_ab.log" | tail -37
st done
finish_call
