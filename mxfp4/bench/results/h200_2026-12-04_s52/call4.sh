#!/usr/bin/env bash
# Session 52 call 4. Stage: the libraries of session 51's slim stage only. Variant pf = p8 with the
# int8 producer's stage as constant offsets from per-tile sources (one expect_tx arrival, no per-stage
# index math or chunk checks); p8 = calls 1-2's binary (its gemm_paths_benchmark only). pf's int8
# and persistent tests, racecheck/memcheck of the int8 tests at small scale, then pf against p8,
# persistent and one-tile (+flat), three interleaved rounds.
source tools/device/call_preamble.sh c4 pf p8
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pf
timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*:*Int8*' > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log"
st "tests done: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qtm.log" | paste -sd' ')"
grep -E "FAILED  \]|Failure" -A6 "$O/qtm.log" | head -30
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGridInt8*:*PreparedInt8Weights*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 4096x2880x1024 1024x4096x4096; do
  C="$C,$s:auto:auto:0:prepared_int8,$s:auto:auto:0:prepared_int8+flat"
done
for s in 4096x2880x512 4096x3072x1536; do
  C="$C,$s:auto:auto:0:stage_int8,$s:auto:auto:0:stage_int8+flat"
done
C="${C#,}"
for r in 1 2 3; do
  for v in p8 pf; do
    timeout 100 /tmp/v/$v/mxfp4.gpu.gemm.gemm_paths_benchmark --narrow_scales --only="$C" > "$O/${v}_r$r.log" 2>&1
    st "round $r $v rc=$?"
  done
done
for v in p8 pf; do for r in 1 2 3; do
  echo "$v r$r: $(grep -E '^only' "$O/${v}_r$r.log" | awk '{printf "%s %s %s  ", $2"x"$4"x"$6, ($0 ~ /persistent/ ? "P" : "F"), $8}')"
done; done
xz -9 "$O"/*.log 2>/dev/null
finish_call
