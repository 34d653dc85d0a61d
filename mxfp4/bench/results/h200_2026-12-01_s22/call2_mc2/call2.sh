#!/usr/bin/env bash
# session 22 call 2: validate + A/B "v" = M-pair ws tiles (wgmma8_*_ws_mc2_fold: a (1,2,1) cluster whose two
# producers each convert half of every stage's weight blocks into both CTAs' rings over distributed shared
# memory); auto takes wgmma8_n64_m128_k2_ws_mc2_fold where the ws tile fits one wave and its row tiles pair up.
# base = staged b6e0376 (its kernels PTX-identical to main af9fea5). Tests + memcheck + racecheck, contest x2,
# phase clocks (the mc2 configs last: the base has no such tile), source view of 256x3072x1536 auto.
set -u
source tools/device/call_preamble.sh c2
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:auto:auto:0,256x4224x1536:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_mc2_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 580 bash tools/device/ab_contest.sh --sanitize --test_timeout=250 --phase_clock=$P --profile_source=256x3072x1536:auto:auto:0 v > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/ab/*_source_*.csv 2>/dev/null
cat "$O/ab/v_tests_summary.txt" 2>/dev/null | tail -7
grep -E '^==|^only|entry -> ready|ready -> math|math done -> end|rror' "$O/ab/phase_clock.log" 2>/dev/null | head -60
finish_call
