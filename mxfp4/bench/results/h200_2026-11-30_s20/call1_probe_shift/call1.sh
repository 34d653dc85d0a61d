#!/usr/bin/env bash
# session 20 call 1: base = 77553ce + probe_pingpong_mode13.patch + wgmma_probe_shifted_e4m3.patch (staged);
# variant "shift" = + shifted_e4m3_weights.patch. Runs the wgmma step probe table (extras 13 = ping-pong), the
# wgmma exactness test (incl. E4m3ShiftedWeightEncodingIsExact), and only if that passes the A/B of "shift"
# (quant_then_mma/gemm_api/building_blocks tests + memcheck + racecheck, contest x2, ws phase clocks).
set -u
source tools/device/call_preamble.sh c1
st probe
timeout 120 .device/bench/mxfp4.gpu.gemm.wgmma_step_benchmark > "$O/step.log" 2>&1; echo "probe rc=$?" | tee -a "$O/steps.log"
st exact
MXFP4_REQUIRE_GPU=1 timeout 90 .device/tests/mxfp4.gpu.gemm.wgmma_exactness_test > "$O/exact.log" 2>&1; rc=$?; echo "exact rc=$rc" | tee -a "$O/steps.log"
tail -25 "$O/exact.log"
if [[ $rc == 0 ]] && grep -q "OK \] .*E4m3ShiftedWeightEncodingIsExact" "$O/exact.log"; then
  P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0,2048x7168x2048:quant_then_mma:wgmma8_n128_m128_fold:0
  st ab
  OUT="$O/ab" REPS=2 timeout 430 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P shift > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
  cat "$O/ab/shift_tests_summary.txt" 2>/dev/null | tail -8
  grep -E '^===|^only|ready -> math' "$O/ab/phase_clock.log" 2>/dev/null
fi
st done
grep -E "extras|^ *1[0-3] |mode" "$O/step.log" | tail -30
finish_call
