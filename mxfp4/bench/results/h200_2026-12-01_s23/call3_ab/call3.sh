#!/usr/bin/env bash
# session 23 call 3: validate + A/B v3 = main (prepared weights in a kernel of their own: every other
# kernel PTX-identical to the staged a838eca; the ws twin also replaces a ring tile with a cluster where
# it has >= 32 CTAs): v3's tests with memcheck + racecheck, contest x2 (mxfp4_auto against the base;
# mxfp4_auto_prepared against cuBLAS bf16 in the same run); v3's prepared timings hot + cold and phase
# clocks of the prepared ws tiles.
set -u
source tools/device/call_preamble.sh c3 v3
VB=/tmp/v/v3
st ab
P=256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0
OUT="$O/ab" REPS=2 timeout 420 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P v3 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st timings
C=""
for s in 256x3072x1536 64x7168x2048 64x3072x1536 128x2048x2048 64x2816x7168 4096x4096x4096; do
  C="$C,$s:auto:auto:0,$s:auto:auto:0:prepared"
done
timeout 100 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --cold --only=${C#,} > "$O/timings.log" 2>&1; echo "timings rc=$?" | tee -a "$O/steps.log"
timeout 40 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --phase_clock --only=256x3072x1536:auto:auto:0:prepared,64x7168x2048:auto:auto:0:prepared > "$O/phase_prepared.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st done
grep '^only' "$O/timings.log" | cut -c1-150
grep -E '^only|entry -> ready|ready -> math|math done -> end' "$O/phase_prepared.log" | cut -c1-150
cat "$O/ab/v3_tests_summary.txt" 2>/dev/null | tail -6
finish_call
