#!/usr/bin/env bash
# session 28 call 3: the 64-row ring tiles' decode form (m64n16k32 / m64n32k32 fast loop for row tiles of
# <= 16 / 32 rows; variant nd, branch s28_narrow_decode) against the staged tree (b005b3e): its
# quant_then_mma_test (and memcheck on the new test), A/B on decode and M = 64 shapes, and a sweep of auto
# against the forced ring tiles below the decode rule's threshold (24 Mi weight elements).
set -u
source tools/device/call_preamble.sh c3 nd
V=/tmp/v/nd
st test
timeout 240 $V/mxfp4.gpu.gemm.quant_then_mma_test > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -3 "$O/test.log"
st memcheck
timeout 120 "$CS" --tool memcheck --error-exitcode 3 $V/mxfp4.gpu.gemm.quant_then_mma_test \
  --gtest_filter='*NarrowWgmma*:*LargeDecode*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/memcheck.log"
C=""
for s in 16x16384x16384 32x16384x16384 1x16384x16384 16x8192x28672 16x28672x8192 16x8192x8192 32x8192x8192 \
         16x7168x4096 8x7168x4096 64x4096x4096 64x512x16384 64x7168x2048 128x2048x2048 32x4096x4096 32x2048x2048; do
  C="$C,$s:auto:auto:0"
done
C="${C#,}"
st ab
MXFP4_ONLY_TIMEOUT=200 bash tools/device/only_ab.sh --reps=2 "$C" nd > "$O/only_ab.log" 2>&1
grep -A100 "summary" "$O/only_ab.log" | tail -61
q=quant_then_mma
S=""
for m in 1 8 16 32; do
  for nk in 4096x4096 2880x4096 8192x2048 2048x8192 7168x2048 4096x2048; do
    s="${m}x${nk}"
    S="$S,$s:auto:auto:0,$s:$q:wgmma8_n64_m64_k4_fold:0,$s:$q:wgmma8_n64_m64_k2_fold:0"
  done
done
S="${S#,}"
st sweep
timeout 250 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$S" --cold > "$O/sweep.log" 2>&1; echo "sweep rc=$?" | tee -a "$O/steps.log"
grep -E "^only|rror|not run" "$O/sweep.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13, $14}' | sed 's/tile=//'
st done
finish_call
