#!/usr/bin/env bash
# Session 49 call 4. Base: the slim stage of main 81b3d30. Variant fin (branch int8-norm2, the tree to merge):
# the norm bound with the activations' sums of squares added after the quantizer's cluster barrier
# (a_row_sumsq) and squared norms in the tile check; no early weight stages.
# Tests of fin (the int8 quantizer, PrepareWeight int8, API, all of quant_then_mma_test), memcheck and
# racecheck of its int8 path, quantizer and prepare tests; then timing base/fin, two rounds, with the
# E4M3 copy and cuBLAS bf16 (--only_cublas, fin's round 1) in the same runs; the kernels alone (ncu).
source tools/device/call_preamble.sh c4 fin
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/fin
for t in quantize_a_operand_int8_test prepare_weight_int8_test gemm_api_test quant_then_mma_test; do
  timeout 150 $V/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1
  st "$t rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/$t.log" | head -8
done
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/$tool.path.log" 2>&1
    st "$tool path rc=$?"; tail -2 "$O/$tool.path.log"
    for t in quantize_a_operand_int8_test prepare_weight_int8_test; do
      MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.$t > "$O/$tool.$t.log" 2>&1
      st "$tool $t rc=$?"; tail -1 "$O/$tool.$t.log"
    done
  done
fi
C=""
for s in 4096x4096x4096 2048x7168x2048 1024x4096x4096 1024x4096x8192 512x4096x1536 512x3072x1536 256x3072x1536 128x2048x2048 64x7168x2048; do
  C="$C,$s:auto:auto:0:prepared,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
bin_of() { [[ $1 == base ]] && echo $B || echo /tmp/v/$1/mxfp4.gpu.gemm.gemm_paths_benchmark; }
for r in 1 2; do
  for who in base fin; do
    extra=(); [[ $r == 1 && $who == fin ]] && extra=(--only_cublas)
    timeout 200 $(bin_of $who) --only="$C" "${extra[@]}" > "$O/ab.$who.$r.log" 2>&1
    st "ab $who round $r rc=$?"
    grep -E "^only|int8 acc|cuBLAS" "$O/ab.$who.$r.log" | awk '{print $2,$3,$4,$5,$6,$7,$8,$NF}' | cut -c1-100
  done
done
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 256x3072x1536:auto:auto:0:prepared_int8 4096x4096x4096:auto:auto:0:prepared_int8; do
    for who in base fin; do
      timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:Int8 \
        --launch-skip 6 --launch-count 4 $(bin_of $who) --only="$cfg" > "$O/ncu.$who.${cfg%%:*}.log" 2>&1
      st "ncu $who $cfg rc=$?"
      grep -E "Int8Kernel|gpu__time_duration" "$O/ncu.$who.${cfg%%:*}.log" | sed -E 's/\(.*//' | awk '{$1=$1; print}' | paste - - | awk '{print $1, $2, $(NF-1), $NF}' | cut -c1-120
    done
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
