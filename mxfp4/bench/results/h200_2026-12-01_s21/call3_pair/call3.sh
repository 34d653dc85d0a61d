#!/usr/bin/env bash
# session 21 call 3: validate + A/B "pair": the ws tiles' fast consumer loop as two blocks per iteration (issue,
# issue, wait 1, promote, wait 0, promote) instead of one stage of four unrolled (a loop body half the size; the
# loop's no_instruction stalls sat at 256-byte code boundaries). base = main 3569bf8 (staged). Tests + memcheck +
# racecheck, contest x2, phase clocks of the ws tiles, the source view of 256x3072x1536.
set -u
source tools/device/call_preamble.sh c3
P=256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 570 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P --profile_source=256x3072x1536:auto:auto:0 pair > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/ab/*_source_*.csv 2>/dev/null
cat "$O/ab/pair_tests_summary.txt" 2>/dev/null | tail -7
grep -E '^===|^only|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
