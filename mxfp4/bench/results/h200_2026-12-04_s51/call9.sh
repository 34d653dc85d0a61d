#!/usr/bin/env bash
# Session 51 call 9. Base: the slim stage of the final tree (libraries). Variant dyn = the final tree
# with persistent CTAs drawing their next tile from a counter the quantizer zeroes (plan item 1c),
# instead of the static c, c + 132, ... PersistentGrid and the ws tests, racecheck/memcheck of
# PersistentGrid, then persistent against one-tile (`+flat`), converting (K up to 4096, forced by
# nothing: auto still takes converting plans up to K = 1024 only; the long-K converting rows are
# one-tile in both) and staged, three interleaved rounds.
source tools/device/call_preamble.sh c9 dyn
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/dyn
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
F='*PersistentGrid*:*SeveralWaves*:*WarpSpecialized*:*StagedWeights*:*PreparedWeights*:*Deterministic*:*CudaGraph*'
timeout 240 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter="$F" > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log"
st "tests done: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qtm.log" | paste -sd' ')"
grep -E "FAILED  \]|Failure" -A4 "$O/qtm.log" | head -12
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*:*StagedWeights*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
C=""
for s in 4096x2880x512 4096x2880x1024 2048x7168x1024 1024x4096x1024; do
  C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:nostage+flat"
done
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 4096x3072x1536 4096x1024x4096 8192x2880x512; do
  C="$C,$s:auto:auto:0:stage,$s:auto:auto:0:stage+flat"
done
C="${C#,}"
for r in 1 2 3; do
  timeout 150 $B --only="$C" > "$O/ab$r.log" 2>&1
  st "round $r rc=$?"
done
for r in 1 2 3; do
  grep -E "^only" "$O/ab$r.log" | awk '{printf "%s %s %s ", $2"x"$4"x"$6, $8, ($0 ~ /persistent/ ? "pers" : "flat"); print ($0 ~ /staged/ ? "staged" : "conv")}'
done | awk '{k=$1" "$4" "$3; v[k]=v[k]" "$2} END {for (k in v) print k": "v[k]}' | sort
xz -9 "$O"/*.log 2>/dev/null
finish_call
