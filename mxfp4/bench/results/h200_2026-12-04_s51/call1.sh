#!/usr/bin/env bash
# Session 51 call 1. Base: the slim stage of b68d6da (libraries). Variant pg = the working tree on
# 62f2bed with the persistent n128_m128 ws kernels (GemmOptions::persistent_grid, on by default).
# The persistent grid's tests and the ws tiles' tests, racecheck/memcheck of PersistentGrid, then
# persistent against flat (`+flat`) on prefill shapes, two interleaved rounds, cuBLAS bf16 beside.
source tools/device/call_preamble.sh c1 pg
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pg
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
F='*PersistentGrid*:*SeveralWaves*:*WarpSpecialized*:*StagedWeights*:*PreparedWeights*:*ContestShapes*'
( timeout 240 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter="$F" > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log" ) &
( timeout 240 $V/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1; echo "rc=$?" >> "$O/api.log" ) &
wait
st "tests done"
for t in qtm api; do
  echo "$t: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/$t.log" | paste -sd' ')"
  grep -E "FAILED  \]|Failure|plan:" "$O/$t.log" | head -8
done
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
C=""
for s in 4096x2880x512 8192x2880x512 4096x3072x1536 4096x1024x4096 1024x4096x4096 2048x7168x2048 3072x3072x3072 4096x4096x4096; do
  C="$C,$s:auto:auto:0,$s:auto:auto:0:flat"
done
for s in 4096x4096x4096 2048x7168x2048; do
  C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:nostage+flat,$s:auto:auto:0:prepared,$s:auto:auto:0:prepared+flat"
done
C="${C#,}"
for r in 1 2; do
  timeout 150 $B --only="$C" $( [[ $r == 1 ]] && echo --only_cublas ) > "$O/ab$r.log" 2>&1
  st "round $r rc=$?"
done
for r in 1 2; do
  echo "== round $r"
  grep -E "^only|cuBLAS" "$O/ab$r.log" | sed -E 's/  +/ /g' | cut -c1-230
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
