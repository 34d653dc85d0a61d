#!/usr/bin/env bash
# Session 45 call 6: the full stage of branch cold-weights (GemmOptions::cold_weights: the 64-row ring tiles' M > 32
# form prefetches each CTA's weight tile into L2 behind its first fills, call 4's pfb form behind a kernel flag).
# (1) the same binary with and without the hint, hot and --cold, three interleaved rounds (the hint-off numbers
# against call 5's base for the flag's own cost); (2) every staged GPU test (run_all.sh --tests); (3) memcheck and
# racecheck on quant_then_mma_test's ColdWeightsPrefetch.
source tools/device/call_preamble.sh c6
export MXFP4_REQUIRE_GPU=1
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
S="64x7168x2048 64x3072x1536 40x7168x2048 64x16384x512 96x2880x4096 128x2048x2048 256x3072x1536 32x4096x512"
L=""; H=""
for s in $S; do L="$L,$s:auto:auto:0"; H="$H,$s:auto:auto:0:cold_weights"; done
for r in 1 2 3; do
  for who in plain hint; do
    list=$L; [[ $who == hint ]] && list=$H
    echo "=== $who (round $r)" >> "$O/ab.log"
    timeout 120 "$B" --only="${list#,}" --cold >> "$O/ab.log" 2>&1
    st "$who round $r rc=$?"
  done
done
echo "--- who, shape, hot us, cold us, plan"
awk '/^=== /{who=$2} /^only /{printf "%-5s %5sx%5sx%5s hot %7s cold %7s %s %s\n", who, $2, $4, $6, $8, $11, $14, $NF}' \
  "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
OUT="$O/run" timeout 330 bash tools/device/run_all.sh --tests --bench=none > "$O/run_all.log" 2>&1
st "run_all --tests rc=$?"
grep -E "PASS|FAIL" "$O/run/summary.txt" | head -20
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
for tool in memcheck racecheck; do
  timeout 90 "$CS" --tool $tool --error-exitcode 99 "$T" --gtest_filter='*ColdWeights*' > "$O/$tool.log" 2>&1
  st "$tool ColdWeightsPrefetch rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$O/$tool.log" | head -1)"
done
xz -9 "$O"/*.log "$O"/run/*.log 2>/dev/null
finish_call
