#!/usr/bin/env bash
# Session 50 call 4. Base: the slim stage of 2868c27 (libraries). Variant st8d = d78d5c4 + StagingFormat::
# kInt8AndE4m3 (both copies staged; the int8 kernel's failing CTAs read the E4M3 copy:
# GemmPrequantMmaWsInt8PreparedKernel). Staged/prepared int8 tests, racecheck + memcheck of the staged
# ones; timing nostage / stage / stage_int8 / stage_dual with narrow scales (every CTA integer) and with
# the benchmark's wide scales (every CTA falls back).
source tools/device/call_preamble.sh c4 st8d
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/st8d
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 250 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Staged*:*PreparedInt8*' > "$O/test.log" 2>&1
st "test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]|OK \]" "$O/test.log" | head -12
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*StagedInt8*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -1 "$O/$tool.log"
  done
fi
parse() { awk '/^only/{tag=($0 ~ /int8 \+ e4m3/ ? "dual" : ($0 ~ /staged int8/ ? "i8" : ($0 ~ /staged\)/ ? "e4" : "no"))); printf "\n%s %s %s", $2"x"$4"x"$6, tag, $8} /int8 acc/{printf " [%s/%s]", $3, $5} END {print ""}' "$1"; }
C=""
for s in 512x4096x4096 768x4096x4096 1024x4096x4096 1536x4096x4096 2048x4096x4096 4096x4096x4096 8192x4096x4096 1024x7168x2048 2048x7168x2048 4096x7168x2048 1024x2880x4096 2048x2880x4096 4096x1024x4096 3072x3072x3072 2048x3072x1536 4096x3072x1536; do
  C="$C,$s:auto:auto:0:nostage,$s:auto:auto:0:stage,$s:auto:auto:0:stage_int8,$s:auto:auto:0:stage_dual"
done
timeout 200 $B --narrow_scales --only="${C#,}" > "$O/ab.narrow.log" 2>&1
st "narrow rc=$?"; parse "$O/ab.narrow.log"
W=""
for s in 1024x4096x4096 4096x4096x4096 2048x7168x2048 3072x3072x3072; do
  W="$W,$s:auto:auto:0:nostage,$s:auto:auto:0:stage,$s:auto:auto:0:stage_int8,$s:auto:auto:0:stage_dual"
done
timeout 120 $B --only="${W#,}" > "$O/ab.wide.log" 2>&1
st "wide rc=$?"; parse "$O/ab.wide.log"
xz -9 "$O"/*.log 2>/dev/null
finish_call
