#!/usr/bin/env bash
# session 22 call 1: validate + A/B "v" = session 21's two prepared prologue patches together
# (ring_barrier_init.patch: ring mbarrier inits one per thread; scale_check.patch: branch-free weight-scale
# check). base = main b6e0376 (staged). Tests + memcheck + racecheck, contest x2, phase clocks, source view.
set -u
source tools/device/call_preamble.sh c1
P=64x7168x2048:auto:auto:0,2048x7168x2048:quant_then_mma:wgmma8_n128_m128_fold:0,256x3072x1536:auto:auto:0
st ab
OUT="$O/ab" REPS=2 timeout 570 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P --profile_source=64x7168x2048:auto:auto:0 v > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/ab/*_source_*.csv 2>/dev/null
cat "$O/ab/v_tests_summary.txt" 2>/dev/null | tail -7
grep -E '^===|^only|entry -> ready|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
