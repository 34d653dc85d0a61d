#!/usr/bin/env bash
# Session 49 call 1. Base: the slim stage of main 81b3d30. Variants (branch int8-norm2):
#   trim = bffb963: session 48's norm bound (rebased), its quantizer without the extra barrier and atomics;
#   pro = 769000a: trim + the int8 body's early weight stages, one prepared-copy check, the quantizer's
#   shared E4M3 store. (Session 48's untrimmed norm build did not fit the carry limit.)
# Tests of pro: quant_then_mma_test (all), the int8 quantizer, PrepareWeight int8, API tests; memcheck
# and racecheck of the int8 path and quantizer. Then hot timing of the int8 copy (and the E4M3 copy
# as a reference), two interleaved rounds, and one round of phase clocks (only_ab.sh) on small M.
source tools/device/call_preamble.sh c1 pro trim
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pro
for t in quant_then_mma_test quantize_a_operand_int8_test prepare_weight_int8_test gemm_api_test; do
  timeout 150 $V/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1
  st "$t rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/$t.log" | head -8
done
if [[ -n "$CS" ]]; then
  for tool in memcheck racecheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/$tool.path.log" 2>&1
    st "$tool path rc=$?"; tail -2 "$O/$tool.path.log"
    MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/$tool.q.log" 2>&1
    st "$tool quantizer rc=$?"; tail -1 "$O/$tool.q.log"
  done
fi
C=""
for s in 4096x4096x4096 1024x4096x4096 1024x4096x8192 512x3072x1536 256x3072x1536 128x2048x2048 64x7168x2048; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
R="256x3072x1536:auto:auto:0:prepared,64x7168x2048:auto:auto:0:prepared,1024x4096x4096:auto:auto:0:prepared"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2; do
  for who in base trim pro; do
    bin=$B; [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
    timeout 120 $bin --only="$C,$R" > "$O/ab.$who.$r.log" 2>&1
    st "ab $who round $r rc=$?"
    grep -E "^only|int8 acc" "$O/ab.$who.$r.log" | awk '{print $2,$3,$4,$5,$6,$7,$8,$NF}' | cut -c1-120
  done
done
P="256x3072x1536:auto:auto:0:prepared_int8,64x7168x2048:auto:auto:0:prepared_int8,128x2048x2048:auto:auto:0:prepared_int8"
MXFP4_ONLY_TIMEOUT=100 bash tools/device/only_ab.sh "$P" trim pro > "$O/phase.log" 2>&1
st "phase rc=$?"; grep -E "entry -> ready|^=== |^only " "$O/phase.log" | cut -c1-150; sed -n '/--- summary/,$p' "$O/phase.log"
xz -9 "$O"/*.log
finish_call
