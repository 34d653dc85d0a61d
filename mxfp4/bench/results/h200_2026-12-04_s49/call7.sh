#!/usr/bin/env bash
# Session 49 call 7. ipwr = main 6243518 (4 blocks a warp in the int8 quantizer on grids of >= 1024 CTAs);
# ipwx = call 6's build in mode 0 (main 79f6696's rule). Tests of ipwr (int8 quantizer, the int8 path),
# memcheck/racecheck of the quantizer test; the int8 copy timed, two interleaved rounds.
source tools/device/call_preamble.sh c7 ipwr ipwx
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/ipwr
timeout 100 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/q.log" 2>&1
st "quantizer test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/q.log" | head -3
timeout 150 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Prepared*:*Staged*' > "$O/qtm.log" 2>&1
st "qtm prepared rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/qtm.log" | head -3
if [[ -n "$CS" ]]; then
  for tool in memcheck racecheck; do
    MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/$tool.q.log" 2>&1
    st "$tool quantizer rc=$?"; tail -1 "$O/$tool.q.log"
  done
fi
C=""
for s in 4096x4096x4096 2048x7168x2048 2048x4096x4096 1024x4096x4096 1024x4096x8192 1536x3072x1536 512x3072x1536 256x3072x1536; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
for r in 1 2; do
  for who in ipwx ipwr; do
    MXFP4_EXP_IPW_MODE=0 timeout 150 /tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$C" > "$O/ab.$who.$r.log" 2>&1
    st "ab $who round $r rc=$?"
    grep -E "^only" "$O/ab.$who.$r.log" | awk '{printf "%s%s%s%s%s=%s ", $2,$3,$4,$5,$6,$8} END {print ""}'
  done
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
