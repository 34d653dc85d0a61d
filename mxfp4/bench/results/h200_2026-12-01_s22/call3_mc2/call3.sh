#!/usr/bin/env bash
# session 22 call 3: call 2's variant "v" (M-pair ws tiles) failed racecheck in quant_then_mma_test (exit 99;
# the log did not come back). Here: its timing (ab_contest without sanitizers: plain tests, contest x2, phase
# clocks, source view), then racecheck on the warp-specialized test alone with its log kept.
set -u
source tools/device/call_preamble.sh c3 v
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:auto:auto:0,256x4224x1536:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_mc2_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 330 bash tools/device/ab_contest.sh --test_timeout=120 --phase_clock=$P --profile_source=256x3072x1536:auto:auto:0 v > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st race
MXFP4_REQUIRE_GPU=1 MXFP4_TEST_SCALE=small timeout 200 "$CS" --tool racecheck --error-exitcode 99 --print-limit 40 /tmp/v/v/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='GemmPath.WarpSpecializedRingTiles' > "$O/race.log" 2>&1; echo "race rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/ab/*_source_*.csv 2>/dev/null
grep -E '^==|^only|entry -> ready|ready -> math|math done -> end|rror' "$O/ab/phase_clock.log" 2>/dev/null | head -60
grep -E "Race|hazard|RACECHECK SUMMARY|FAILED|Failure|Expected" "$O/race.log" | sort | uniq -c | sort -rn | head -20
finish_call
