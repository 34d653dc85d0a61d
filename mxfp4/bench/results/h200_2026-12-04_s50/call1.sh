#!/usr/bin/env bash
# Session 50 call 1. Base: the slim stage of 2868c27 (libraries). Variant st8 = the working tree on
# f66b1c9: staged int8 copies (StagingFormat), gemm_paths_benchmark :stage_int8 / --narrow_scales.
# Tests of st8 (staged and prepared paths of quant_then_mma_test), racecheck/memcheck of the staged
# int8 path; timing nostage / stage (E4M3) / stage_int8, two interleaved rounds, narrow scales (every
# row passes the integer check) and the benchmark's wide scales (every CTA falls back); the staging
# kernels alone (ncu).
source tools/device/call_preamble.sh c1 st8
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/st8
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Staged*:*PreparedInt8*' > "$O/test.log" 2>&1
st "test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]|OK \]" "$O/test.log" | head -12
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 120 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*StagedInt8*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -2 "$O/$tool.log"
  done
fi
SH="384x4096x4096 512x4096x4096 768x4096x4096 1024x4096x4096 1536x4096x4096 2048x4096x4096 4096x4096x4096 8192x4096x4096 1024x7168x2048 2048x7168x2048 4096x7168x2048 2048x2880x4096 4096x1024x4096 3072x3072x3072 4096x2880x512 4096x512x512 512x3072x1536 1024x3072x1536"
C=""
for s in $SH; do C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:stage,$s:auto:auto:0:stage_int8"; done
C="${C#,}"
for r in 1 2; do
  timeout 280 $B --narrow_scales --only="$C" $([[ $r == 1 ]] && echo --only_cublas) > "$O/ab.narrow.$r.log" 2>&1
  st "narrow round $r rc=$?"
  grep -E "^only|int8 acc|cuBLAS" "$O/ab.narrow.$r.log" | awk '/^only/{printf "\n%s%s%s %s %s", $2,$3,$4,$6,($0 ~ /staged int8/ ? "i8" : ($0 ~ /staged/ ? "e4" : "no"))} /int8 acc/{printf " [%s/%s]", $3, $5} /cuBLAS/{printf " cublas=%s", $4} END {print ""}'
done
W=""
for s in 4096x4096x4096 2048x7168x2048 1024x4096x4096; do W="$W,$s:auto:auto:0:stage,$s:auto:auto:0:stage_int8"; done
timeout 120 $B --only="${W#,}" > "$O/ab.wide.log" 2>&1
st "wide rc=$?"
grep -E "^only|int8 acc" "$O/ab.wide.log" | awk '/^only/{printf "\n%s%s%s %s", $2,$3,$4,$6} /int8 acc/{printf " [%s/%s]", $3, $5} END {print ""}'
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 4096x4096x4096:auto:auto:0:stage 4096x4096x4096:auto:auto:0:stage_int8 1024x4096x4096:auto:auto:0:stage_int8 2048x7168x2048:auto:auto:0:stage_int8; do
    timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:Prepare \
      --launch-skip 6 --launch-count 4 $B --narrow_scales --only="$cfg" > "$O/ncu.${cfg//:/_}.log" 2>&1
    st "ncu $cfg rc=$?"
    grep -E "gpu__time_duration" "$O/ncu.${cfg//:/_}.log" | awk '{print $NF}' | paste -sd' '
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
