#!/usr/bin/env bash
# Session 48 call 5 (branch int8-norm, 3662170): the norm bound. The int8 tests, memcheck/racecheck of the quantizer
# and path, and the int8 CTA counts where the worst-case bound rejected tiles.
source tools/device/call_preamble.sh c5
export MXFP4_REQUIRE_GPU=1
T=.device/tests
for t in quantize_a_operand_int8_test prepare_weight_int8_test gemm_api_test; do
  timeout 60 $T/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1; st "$t rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/$t.log" | head -3
done
timeout 120 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Prepared*:*Staged*' > "$O/qtm.log" 2>&1; st "qtm prepared rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/qtm.log" | head -5
if [[ -n "$CS" ]]; then
  for tool in memcheck racecheck; do
    MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool $tool --error-exitcode 9 $T/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/$tool.q.log" 2>&1; st "$tool quantizer rc=$?"; tail -1 "$O/$tool.q.log"
    MXFP4_TEST_SCALE=small timeout 80 "$CS" --tool $tool --error-exitcode 9 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/$tool.p.log" 2>&1; st "$tool path rc=$?"; tail -1 "$O/$tool.p.log"
  done
fi
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C="4096x4096x4096:auto:auto:0:prepared_int8,1024x4096x4096:auto:auto:0:prepared_int8,256x3072x1536:auto:auto:0:prepared_int8,64x7168x2048:auto:auto:0:prepared_int8"
timeout 90 $B --only="$C" > "$O/ab.log" 2>&1; st "ab rc=$?"; grep -E "^only|int8 acc" "$O/ab.log" | awk '{print $2,$3,$4,$5,$6,$7,$8}'
xz -9 "$O"/*.log
finish_call
