#!/usr/bin/env bash
# session 19 call 6: "pf" (7f59138 + L2 prefetch of the weights two stages ahead) and "ldg2" (7f59138) against the
# staged f2a5ab3: tests, contest x2 (the L2-flushed 256x3072x1536 lost 0.4 us with ldg2 in call 5), phase clocks.
set -u
source tools/device/call_preamble.sh c6
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 560 bash tools/device/ab_contest.sh --test_timeout=100 --phase_clock=$P ldg2 pf > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/"*_tests_summary.txt 2>/dev/null | grep -E "PASS|FAIL"
grep -E '^=====|^only|ready -> math' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
