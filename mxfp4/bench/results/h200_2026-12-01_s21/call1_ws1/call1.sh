#!/usr/bin/env bash
# session 21 call 1: validate + A/B ws_early1 (ws tiles kEarlyFills 2 -> 1). base = main 9b7f898 (staged), variant
# "ws1" = base + ws_early1.patch. Tests + memcheck + racecheck, contest x2, phase clocks of the ws tiles, and the
# Nsight Compute source view of the m128 K-split ws tile (256x3072x1536 auto) for the K-split epilogue.
set -u
source tools/device/call_preamble.sh c1
P=256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 560 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P --profile_source=256x3072x1536:auto:auto:0 ws1 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/ab/*_source_*.csv 2>/dev/null
cat "$O/ab/ws1_tests_summary.txt" 2>/dev/null | tail -6
grep -E '^===|^only|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
