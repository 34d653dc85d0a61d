#!/usr/bin/env bash
# Session 43 call 6: variant fw = main f8a9cb8 + the fused-A streaming tiles (fused_quant, splitk_small_m) waiting for
# the preceding grid inside their body, after the index and weight-row math (before: first thing in the kernel),
# against main (A/B), then the variant's fused_quant_test and splitk_small_m_test, with memcheck at small scale.
source tools/device/call_preamble.sh c6 fw
export MXFP4_REQUIRE_GPU=1
L="4x2880x512:auto:auto:0,32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,16x512x512:auto:auto:0"
L="$L,16x1024x1024:auto:auto:0,1x1024x1024:auto:auto:0,8x512x2048:auto:auto:0,16x512x3072:auto:auto:0"
L="$L,1x4096x4096:auto:auto:0,32x1024x2048:auto:auto:0,1x32x4096:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 200 bash tools/device/only_ab.sh --reps=3 "$L" fw > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
for t in fused_quant_test splitk_small_m_test; do
  timeout 60 /tmp/v/fw/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1
  st "$t rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/$t.log" | head -2 | tr '\n' ' ')"
  MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool memcheck --error-exitcode 99 /tmp/v/fw/mxfp4.gpu.gemm.$t \
    > "$O/${t}_memcheck.log" 2>&1
  st "$t memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$O/${t}_memcheck.log" | head -1)"
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
