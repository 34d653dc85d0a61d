#!/usr/bin/env bash
# session 22 call 6: call 5's "u2" failed racecheck in quant_then_mma_test (log not kept by ab_contest).
# Phase clocks of base and u2 (no sanitizers), then racecheck on the ws test alone with the log kept.
set -u
source tools/device/call_preamble.sh c6 u2
P=256x3072x1536:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0
pb=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
cp "$pb" /tmp/base_paths_bench
for who in base u2; do
  st "$who"
  if [[ $who == u2 ]]; then cp "/tmp/v/u2/mxfp4.gpu.gemm.gemm_paths_benchmark" "$pb"; else cp /tmp/base_paths_bench "$pb"; fi
  OUT="$O/pc_$who" MXFP4_PACK=none timeout 120 bash tools/device/run_all.sh --phase_clock=$P >/dev/null 2>&1
  { echo "== $who"; cat "$O/pc_$who/bench.log"; } >> "$O/phase_clock.log"
done
st race
MXFP4_REQUIRE_GPU=1 MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool racecheck --error-exitcode 99 --print-limit 10 /tmp/v/u2/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='GemmPath.WarpSpecializedRingTiles' > "$O/race.log" 2>&1; echo "race rc=$?" | tee -a "$O/steps.log"
st done
grep -E '^==|^only|entry -> ready|ready -> math|math done -> end' "$O/phase_clock.log"
grep -E "RACECHECK SUMMARY|^=========     at|Potential|hazard" "$O/race.log" | sort | uniq -c | sort -rn | head -8
finish_call
