#!/usr/bin/env bash
# Session 50 call 7. Base: the stage of b68d6da (libraries + its gemm_paths_benchmark). Variant pdl = the
# staging kernel launched between the quantizer and the GEMM, programmatically behind the quantizer
# (it runs beside the quantizer's last wave and waits for it before its CTAs exit). Tests of the
# staged / prepared paths and the int8 prepare kernel, racecheck + memcheck of the staged tests; timing
# base / pdl, two interleaved rounds: E4M3 staging (auto) and int8 staging (narrow scales).
source tools/device/call_preamble.sh c7 pdl
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pdl
timeout 60 $V/mxfp4.gpu.gemm.prepare_weight_int8_test > "$O/prep.log" 2>&1
st "prepare_weight_int8_test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/prep.log" | head -4
timeout 150 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Staged*:*Prepared*:*WeightsWritten*' > "$O/test.log" 2>&1
st "test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]|OK \]" "$O/test.log" | head -12
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 90 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Staged*' > "$O/$tool.log" 2>&1
    st "$tool rc=$?"; tail -1 "$O/$tool.log"
  done
fi
C=""
for s in 1536x4096x4096 2048x4096x4096 4096x4096x4096 2048x7168x2048 4096x1024x4096; do C="$C,$s:auto:auto:0:stage"; done
for s in 1024x4096x4096 4096x4096x4096 2048x7168x2048 1024x2880x4096 2048x3072x1536; do C="$C,$s:auto:auto:0:stage_int8"; done
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2; do
  for who in base pdl; do
    bin=$B; [[ $who == pdl ]] && bin=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
    timeout 100 $bin --narrow_scales --only="${C#,}" > "$O/ab.$who.$r.log" 2>&1
    st "$who round $r rc=$?"
    awk '/^only/{tag=($0 ~ /staged int8/ ? "i8" : ($0 ~ /staged\)/ ? "e4" : "no")); printf "%s:%s=%s ", $2"x"$4"x"$6, tag, $8} /int8 acc/{printf "[%s/%s] ", $3, $5} END {print ""}' "$O/ab.$who.$r.log"
  done
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
