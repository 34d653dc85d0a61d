#!/usr/bin/env bash
# session 28 call 7: the widened small-layer rule (variant sl: fused_quant for N <= 1024 with K <= 2048, M <= 8
# up to 3072): its fused_quant_test (memcheck on the new test) and auto on the rule's shapes.
set -u
source tools/device/call_preamble.sh c7 sl
V=/tmp/v/sl
st test
timeout 120 $V/mxfp4.gpu.gemm.fused_quant_test > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/test.log"
st memcheck
timeout 90 "$CS" --tool memcheck --error-exitcode 3 $V/mxfp4.gpu.gemm.fused_quant_test \
  --gtest_filter='*SmallLayers*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/memcheck.log"
L=""
for s in 1x1024x1536 8x512x2048 16x1024x2048 32x512x1536 8x1024x3072 1x512x3072 16x512x1536 32x1024x2048 16x1024x3072; do
  L="$L,$s:auto:auto:0"
done
L="${L#,}"
st auto
timeout 60 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$L" --cold > "$O/auto.log" 2>&1; echo "auto rc=$?" | tee -a "$O/steps.log"
grep -E "^only" "$O/auto.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13, $14}' | sed 's/tile=//'
st done
finish_call
