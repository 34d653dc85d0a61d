#!/usr/bin/env bash
# Session 45 call 9: the full stage of the final cold-weights tree: every staged GPU test (run_all.sh --tests), then
# memcheck and racecheck on quant_then_mma_test's ColdWeightsPrefetch (the only kernel code that changed: the 64x64
# k2 ring tile's prefetch behind its flag; every other kernel reads the same GemmKernelArgs layout, call 8).
source tools/device/call_preamble.sh c9
export MXFP4_REQUIRE_GPU=1
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
