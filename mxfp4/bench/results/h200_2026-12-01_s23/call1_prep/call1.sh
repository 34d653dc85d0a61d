#!/usr/bin/env bash
# session 23 call 1: prepared weights (opt-in; main 95f65d9 = variant "v"; staged base = a838eca).
# 1. v's PreparedWeights path test (no sanitizer) - correctness first;
# 2. v's gemm_paths_benchmark --only: each shape plain vs :prepared, hot and cold (graph replay);
# 3. ab_contest base vs v: v's tests with memcheck + racecheck, contest x2 (the non-prepared ws tiles
#    changed SASS: a branch on b_prepared), phase clocks.
set -u
source tools/device/call_preamble.sh c1 v
VB=/tmp/v/v
st prepared_test
MXFP4_REQUIRE_GPU=1 timeout 120 $VB/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedWeights*:*WarpSpecialized*' > "$O/prepared_test.log" 2>&1; echo "prepared_test rc=$?" | tee -a "$O/steps.log"
tail -5 "$O/prepared_test.log"
st timings
C=""
for s in 256x3072x1536 64x7168x2048 64x3072x1536 256x2880x512 128x2048x2048 512x3072x1536 1024x4096x4096 4096x4096x4096 2048x7168x2048 96x2880x512; do
  C="$C,$s:auto:auto:0,$s:auto:auto:0:prepared"
done
timeout 150 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --cold --only=${C#,} > "$O/timings.log" 2>&1; echo "timings rc=$?" | tee -a "$O/steps.log"
grep '^only' "$O/timings.log"
st ab
P=256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0
OUT="$O/ab" REPS=2 timeout 380 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P v > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/v_tests_summary.txt" 2>/dev/null | tail -7
grep -E '^===|^only|entry -> ready|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
