#!/usr/bin/env bash
# Session 50 call 2. Base: the slim stage of 2868c27 (libraries). Variant st8b = call 1's st8 with
# PrepareWeightInt8Kernel as a CTA per 8 rows x 32 block lanes (coalesced stores) and StagingFormat
# {kE4m3 (default), kInt8}. Tests (int8 prepare byte for byte, staged / prepared paths), racecheck and
# memcheck of the prepare test; the staging kernels alone (ncu); timing nostage / stage / stage_int8
# with narrow scales, two rounds, for the int8 staging rule.
source tools/device/call_preamble.sh c2 st8b
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/st8b
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 100 $V/mxfp4.gpu.gemm.prepare_weight_int8_test > "$O/prep.log" 2>&1
st "prepare_weight_int8_test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/prep.log" | head -6
timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Staged*:*Prepared*' > "$O/test.log" 2>&1
st "test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]|OK \]" "$O/test.log" | head -12
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.prepare_weight_int8_test > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -1 "$O/$tool.log"
  done
fi
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 4096x4096x4096:auto:auto:0:stage 4096x4096x4096:auto:auto:0:stage_int8 2048x7168x2048:auto:auto:0:stage_int8 4096x1024x4096:auto:auto:0:stage_int8 4096x2880x512:auto:auto:0:stage_int8; do
    timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:Prepare \
      --launch-skip 6 --launch-count 4 $B --narrow_scales --only="$cfg" > "$O/ncu.${cfg//:/_}.log" 2>&1
    st "ncu $cfg rc=$?"
    grep -E "gpu__time_duration" "$O/ncu.${cfg//:/_}.log" | awk '{print $NF}' | paste -sd' '
  done
fi
SH="512x4096x4096 1024x4096x4096 1536x4096x4096 2048x4096x4096 4096x4096x4096 8192x4096x4096 1024x4096x8192 512x7168x2048 1024x7168x2048 2048x7168x2048 4096x7168x2048 1024x2880x4096 2048x2880x4096 2048x1024x4096 4096x1024x4096 3072x3072x3072 4096x2880x512 8192x2880x512 4096x512x512 1024x3072x1536 2048x3072x1536 4096x3072x1536 2048x4096x1024"
C=""
for s in $SH; do C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:stage,$s:auto:auto:0:stage_int8"; done
C="${C#,}"
for r in 1 2; do
  timeout 250 $B --narrow_scales --only="$C" $([[ $r == 1 ]] && echo --only_cublas) > "$O/ab.narrow.$r.log" 2>&1
  st "narrow round $r rc=$?"
  awk '/^only/{tag=($0 ~ /staged int8/ ? "i8" : ($0 ~ /staged\)/ ? "e4" : "no")); printf "\n%s %s %s", $2"x"$4"x"$6, tag, $8} /int8 acc/{printf " [%s/%s]", $3, $5} /cuBLAS/{printf " cublas=%s", $5} END {print ""}' "$O/ab.narrow.$r.log"
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
