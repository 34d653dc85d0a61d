#!/usr/bin/env bash
# Session 49 call 3. Base: the slim stage of main 81b3d30. Variants (branch int8-norm2):
#   pro3 = the activations' sums of squares added after the quantizer's cluster barrier (one atomic a
#   warp and row into a_row_sumsq; the GEMM forms the norm bound), the fallback's proxy fence;
#   q0 = call 2's (no sums of squares at all; timing only).
# Tests of pro3 (quantizer int8 test, all of quant_then_mma_test), memcheck/racecheck of its int8 path
# and quantizer; timing base/pro3/q0 (two rounds); the kernels' durations alone (Nsight Compute).
source tools/device/call_preamble.sh c3 pro3 q0
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pro3
for t in quantize_a_operand_int8_test quant_then_mma_test; do
  timeout 150 $V/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1
  st "$t rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/$t.log" | head -8
done
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
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
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
bin_of() { [[ $1 == base ]] && echo $B || echo /tmp/v/$1/mxfp4.gpu.gemm.gemm_paths_benchmark; }
for r in 1 2; do
  for who in base pro3 q0; do
    timeout 120 $(bin_of $who) --only="$C" > "$O/ab.$who.$r.log" 2>&1
    st "ab $who round $r rc=$?"
    grep -E "^only|int8 acc" "$O/ab.$who.$r.log" | awk '{print $2,$3,$4,$5,$6,$7,$8}'
  done
done
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 256x3072x1536:auto:auto:0:prepared_int8 4096x4096x4096:auto:auto:0:prepared_int8; do
    for who in base pro3 q0; do
      timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:Int8 \
        --launch-skip 6 --launch-count 4 $(bin_of $who) --only="$cfg" > "$O/ncu.$who.${cfg%%:*}.log" 2>&1
      st "ncu $who $cfg rc=$?"
      grep -E "Int8Kernel|gpu__time_duration" "$O/ncu.$who.${cfg%%:*}.log" | sed -E 's/\(.*//' | awk '{$1=$1; print}' | paste - - | awk '{print $1, $2, $(NF-1), $NF}' | cut -c1-120
    done
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
