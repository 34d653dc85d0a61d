#!/usr/bin/env bash
# session 23 call 2: validate + A/B v2 = main (prepared weights, the gemm_benchmark row
# mxfp4_auto_prepared, the PreparedWeights test fixed) against the staged a838eca: v2's tests with memcheck
# + racecheck, contest x2 (mxfp4_auto must not move: its ws tile now branches on b_prepared; the new row
# shows the prepared copy against cuBLAS in the same run); then v2's forced-tile timings with prepared
# copies, to tune PreparedWeightTwin.
set -u
source tools/device/call_preamble.sh c2 v2
VB=/tmp/v/v2
st ab
P=256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0
OUT="$O/ab" REPS=2 timeout 470 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P v2 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st tune
q=quant_then_mma
C="128x2048x2048:auto:auto:0:prepared,128x2048x2048:$q:wgmma8_n64_m64_k2_ws_fold:0:prepared,128x2048x2048:$q:wgmma8_n64_m128_k2_ws_fold:0:prepared"
C="$C,64x2816x7168:auto:auto:0:prepared,64x2816x7168:$q:wgmma8_n64_m64_k2_ws_fold:0:prepared"
C="$C,64x512x16384:auto:auto:0:prepared,64x512x16384:$q:wgmma8_n64_m64_k2_ws_fold:0:prepared"
C="$C,64x16384x4096:auto:auto:0:prepared,64x16384x4096:$q:wgmma8_n64_m64_k2_ws_fold:0:prepared,64x16384x4096:$q:wgmma8_n128_m128_ws_fold:0:prepared"
C="$C,256x3072x1536:$q:wgmma8_n64_m64_k2_ws_fold:0:prepared,256x3072x1536:$q:wgmma8_n128_m128_ws_fold:0:prepared"
C="$C,4096x4096x4096:$q:wgmma8_n64_m128_k2_ws_fold:0:prepared,512x3072x1536:$q:wgmma8_n64_m128_k2_ws_fold:0:prepared"
C="$C,160x2560x4096:auto:auto:0:prepared,160x2560x4096:$q:wgmma8_n64_m64_k2_ws_fold:0:prepared,160x2560x4096:$q:wgmma8_n64_m128_k2_ws_fold:0:prepared"
timeout 90 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C > "$O/tune.log" 2>&1; echo "tune rc=$?" | tee -a "$O/steps.log"
st done
grep '^only' "$O/tune.log" | cut -c1-140
cat "$O/ab/v2_tests_summary.txt" 2>/dev/null | tail -9
finish_call
