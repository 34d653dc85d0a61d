#!/usr/bin/env bash
# Session 50 call 3. Base: the slim stage of 2868c27 (libraries). Variant st8c = the tree to be
# committed: staged int8 copies (StagingFormat::kInt8, its auto rule), the coalesced int8 prepare
# kernel, int8 copies on the 128-row tiles where the E4M3 copy takes a 192-row one.
# All tests of the changed binaries (in parallel), racecheck/memcheck of the staged int8 and prepare
# tests, then timing of the 128-row int8 plans against the 192-row E4M3 ones (narrow scales).
source tools/device/call_preamble.sh c3 st8c
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/st8c
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
for t in quant_then_mma_test fused_quant_test splitk_small_m_test prepare_weight_int8_test gemm_api_test; do
  ( timeout 330 $V/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1; echo "rc=$?" >> "$O/$t.log" ) &
done
wait
st "tests done"
for t in quant_then_mma_test fused_quant_test splitk_small_m_test prepare_weight_int8_test gemm_api_test; do
  echo "$t: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/$t.log" | paste -sd' ')"
  grep -E "FAILED  \]" "$O/$t.log" | head -5
done
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*StagedInt8*:*PreparedInt8*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -1 "$O/$tool.log"
  done
fi
C=""
for s in 384x4096x4096 768x4096x4096 768x2880x4096 1200x2048x4096 3072x4096x4096; do
  C="$C,$s:auto:auto:0:prepared,$s:auto:auto:0:prepared_int8,$s:auto:auto:0:nostage,$s:auto:auto:0:stage,$s:auto:auto:0:stage_int8"
done
C="${C#,}"
timeout 200 $B --narrow_scales --only="$C" --only_cublas > "$O/ab.narrow.log" 2>&1
st "narrow rc=$?"
awk '/^only/{tag=($0 ~ /staged int8/ ? "stage_i8" : ($0 ~ /staged\)/ ? "stage_e4" : ($0 ~ /\(int8\)/ ? "copy_i8" : ($0 ~ /prepared_weight/ ? "copy_e4" : "none")))); match($0, /tile=[a-z0-9_]+/); printf "\n%s %s %s %s", $2"x"$4"x"$6, tag, $8, substr($0, RSTART+5, RLENGTH-5)} /int8 acc/{printf " [%s/%s]", $3, $5} /cuBLAS/{printf " cublas=%s", $4} END {print ""}' "$O/ab.narrow.log"
xz -9 "$O"/*.log 2>/dev/null
finish_call
