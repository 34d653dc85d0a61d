#!/usr/bin/env bash
# Session 48 call 2: the integer-accumulation ws kernels for int8 prepared weights (first run). Tests of the path
# (GemmPath.PreparedInt8Weights) and of the int8 quantizer, then hot timing of :prepared (E4M3 image) against
# :prepared_int8 (int8 image + int8 quantizer + s8 loop) on the same binary, then the whole quant_then_mma_test, then
# memcheck / racecheck of the new path at small scale.
source tools/device/call_preamble.sh c2
export MXFP4_REQUIRE_GPU=1
T=.device/tests
timeout 150 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/int8_path.log" 2>&1
st "int8 path tests rc=$?"; grep -E "OK \]|FAILED|PASSED" "$O/int8_path.log" | head; grep -B2 -A12 "Failure" "$O/int8_path.log" | head -60
timeout 60 $T/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/quant_int8.log" 2>&1
st "int8 quantizer test rc=$?"; tail -3 "$O/quant_int8.log"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 256x3072x1536 512x3072x1536 1024x4096x4096 4096x4096x4096 64x7168x2048 128x2048x2048 384x4096x4096; do
  C="$C,$s:auto:auto:0:prepared,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
for r in 1 2; do
  timeout 100 $B --only="$C" > "$O/ab$r.log" 2>&1
  st "ab round $r rc=$?"; grep "^only" "$O/ab$r.log" | awk '{print $2,$3,$4,$5,$6,$7,$8,$10,$NF}' | cut -c1-150
done
timeout 150 $T/mxfp4.gpu.gemm.quant_then_mma_test > "$O/qtm_all.log" 2>&1
st "quant_then_mma_test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/qtm_all.log" | head -20
if [[ -n "$CS" ]]; then
  MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool memcheck --error-exitcode 9 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/memcheck.log" 2>&1
  st "memcheck rc=$?"; tail -3 "$O/memcheck.log"
  MXFP4_TEST_SCALE=small timeout 80 "$CS" --tool racecheck --error-exitcode 9 $T/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/racecheck.log" 2>&1
  st "racecheck rc=$?"; tail -3 "$O/racecheck.log"
fi
xz -9 "$O"/*.log
finish_call
