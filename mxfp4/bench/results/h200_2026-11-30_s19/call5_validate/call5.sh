#!/usr/bin/env bash
# session 19 call 5: validation + A/B of 7f59138 ("ldg2": the ws producer's LDG loads) against the staged f2a5ab3:
# quant_then_mma_test + gemm_api_test with memcheck and racecheck, contest x2, phase clocks of the ws tiles and
# their ring twins (dispatch questions: m64 ws at 64x7168x2048, n128_m128 ws at 4096^3).
set -u
source tools/device/call_preamble.sh c5
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x2880x512:auto:auto:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_fold:0,2048x7168x2048:quant_then_mma:wgmma8_n128_m128_ws_fold:0,2048x7168x2048:quant_then_mma:wgmma8_n128_m128_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 540 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P ldg2 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/ldg2_tests_summary.txt" 2>/dev/null | tail -8
grep -E 'RACECHECK SUMMARY|ERROR SUMMARY|PASSED|FAILED' "$O/ab/ldg2_tests.log" 2>/dev/null | head
grep -E '^===|^only|ready -> math' "$O/ab/phase_clock.log" 2>/dev/null
ls "$O/ab"
finish_call
