#!/usr/bin/env bash
# Session 48 call 4: the final tree's int8 pieces. Tests: the whole quant_then_mma_test (every quant_then_mma case,
# GemmPath.PreparedInt8Weights among them), quantize_a_operand_int8_test, prepare_weight_int8_test, gemm_api_test;
# memcheck and racecheck of the int8 path, quantizer and prepare tests (small scale); then hot timing of the E4M3
# copy, the int8 copy and cuBLAS bf16 in the same run (--only_cublas), two rounds.
source tools/device/call_preamble.sh c4
export MXFP4_REQUIRE_GPU=1
T=.device/tests
for t in quant_then_mma_test quantize_a_operand_int8_test prepare_weight_int8_test gemm_api_test; do
  timeout 150 $T/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1
  st "$t rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/$t.log" | head -5
done
if [[ -n "$CS" ]]; then
  for tool in memcheck racecheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/$tool.path.log" 2>&1
    st "$tool path rc=$?"; tail -2 "$O/$tool.path.log"
    for t in quantize_a_operand_int8_test prepare_weight_int8_test; do
      MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool $tool --error-exitcode 9 $T/mxfp4.gpu.gemm.$t > "$O/$tool.$t.log" 2>&1
      st "$tool $t rc=$?"; tail -1 "$O/$tool.$t.log"
    done
  done
fi
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 4096x4096x4096 1024x4096x4096 512x3072x1536 512x4096x1536 2048x7168x2048 256x3072x1536 128x2048x2048 64x7168x2048; do
  C="$C,$s:auto:auto:0:prepared,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
timeout 150 $B --only="$C" --only_cublas > "$O/ab1.log" 2>&1
st "ab round 1 rc=$?"; grep -E "^only|int8 acc|cuBLAS" "$O/ab1.log" | awk '{print $1,$2,$3,$4,$5,$6,$7,$8,$NF}' | cut -c1-150
timeout 100 $B --only="$C" > "$O/ab2.log" 2>&1
st "ab round 2 rc=$?"; grep -E "^only" "$O/ab2.log" | awk '{print $2,$3,$4,$5,$6,$7,$NF}' | cut -c1-150
xz -9 "$O"/*.log
finish_call
