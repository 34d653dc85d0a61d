#!/usr/bin/env bash
# Session 45 call 8: as call 7, the kernel flag now in GemmKernelArgs' padding (sizeof unchanged), more control shapes; slim stage
# (gemm_paths_benchmark, quant_then_mma_test) against variant old = main 4680395: (1) old, new without the hint and
# new with it, hot and --cold, three interleaved rounds (the flag's own cost: old against new-plain); (2)
# quant_then_mma_test whole; (3) memcheck and racecheck on its ColdWeightsPrefetch.
source tools/device/call_preamble.sh c8 old
export MXFP4_REQUIRE_GPU=1
S="64x7168x2048 64x3072x1536 40x7168x2048 128x2048x2048 96x2880x4096 64x16384x512 256x3072x1536 1x5120x4096"
S="$S 32x4096x512 16x2112x7168 4x2880x512 16x512x3072 1x8192x8192 8x7168x4096"
L=""; H=""
for s in $S; do L="$L,$s:auto:auto:0"; H="$H,$s:auto:auto:0:cold_weights"; done
for r in 1 2 3; do
  for who in old plain hint; do
    bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; list=$L
    [[ $who == old ]] && bin=/tmp/v/old/mxfp4.gpu.gemm.gemm_paths_benchmark
    [[ $who == hint ]] && list=$H
    echo "=== $who (round $r)" >> "$O/ab.log"
    timeout 120 "$bin" --only="${list#,}" --cold >> "$O/ab.log" 2>&1
    st "$who round $r rc=$?"
  done
done
echo "--- who, shape, hot us, cold us, plan"
awk '/^=== /{who=$2} /^only /{printf "%-5s %5sx%5sx%5s hot %7s cold %7s %s %s\n", who, $2, $4, $6, $8, $11, $14, $NF}' \
  "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
timeout 200 "$T" > "$O/test.log" 2>&1
st "quant_then_mma_test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
grep -E "ColdWeights" "$O/test.log"
for tool in memcheck racecheck; do
  timeout 90 "$CS" --tool $tool --error-exitcode 99 "$T" --gtest_filter='*ColdWeights*' > "$O/$tool.log" 2>&1
  st "$tool ColdWeightsPrefetch rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/$tool.log" | head -1)"
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
