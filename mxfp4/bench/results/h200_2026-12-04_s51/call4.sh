#!/usr/bin/env bash
# Session 51 call 4. Base: the slim stage of b68d6da (libraries). Variant pg3 = call 2's pg2 with the
# converting producer's stage loop per tile (as the one-tile kernel's; call 3: a loop that switched
# rows inside ran ~100 more instructions a stage) and one copy of the combine. PersistentGrid and
# the ws tests, racecheck/memcheck of PersistentGrid, then persistent against flat (`+flat`),
# converting and with a copy, three interleaved rounds.
source tools/device/call_preamble.sh c4 pg3
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pg3
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
F='*PersistentGrid*:*SeveralWaves*:*WarpSpecialized*:*StagedWeights*:*PreparedWeights*'
timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter="$F" > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log"
st "tests done: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qtm.log" | paste -sd' ')"
grep -E "FAILED  \]|Failure" -A4 "$O/qtm.log" | head -12
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
C=""
for s in 1024x4096x4096 512x7168x2048 1024x2880x4096 4096x4096x4096 2048x7168x2048 4096x2880x512; do
  C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:nostage+flat"
done
for s in 4096x4096x4096 2048x7168x2048 4096x2880x512 8192x2880x512 4096x1024x4096 3072x3072x3072; do
  C="$C,$s:auto:auto:0:stage,$s:auto:auto:0:stage+flat"
done
C="${C#,}"
for r in 1 2 3; do
  timeout 110 $B --only="$C" > "$O/ab$r.log" 2>&1
  st "round $r rc=$?"
done
for r in 1 2 3; do
  grep -E "^only" "$O/ab$r.log" | awk '{printf "%s %s %s ", $2"x"$4"x"$6, $8, ($0 ~ /persistent/ ? "pers" : "flat"); print ($0 ~ /staged/ ? "staged" : "conv")}'
done | sort -k1,1 -k4,4 -k3,3 | awk '{k=$1" "$4" "$3; v[k]=v[k]" "$2} END {for (k in v) print k": "v[k]}' | sort
xz -9 "$O"/*.log 2>/dev/null
finish_call
