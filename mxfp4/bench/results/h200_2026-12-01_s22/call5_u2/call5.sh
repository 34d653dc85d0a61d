#!/usr/bin/env bash
# session 22 call 5: validate + A/B "u2": the ws producer converts a stage's four row-blocks as two blocks' code
# looped twice (session 21's rollp.patch with #pragma unroll 2 instead of 1; scale bytes in one register).
# base = staged b6e0376. quant_then_mma_test + memcheck + racecheck, contest x2, phase clocks of the ws tiles.
set -u
source tools/device/call_preamble.sh c5
P=256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 560 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P u2 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/u2_tests_summary.txt" 2>/dev/null | tail -5
grep -E '^==|^only|entry -> ready|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
