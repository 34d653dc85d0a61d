#!/usr/bin/env bash
# session 23 call 5: call 4's racecheck hazard (quant_then_mma_test, RingWeightScaleCheckReadsEveryByte: an
# mbarrier init write against a bulk-copy write, 8 hazards; calls 2-3 and session 22 passed the same kernels)
# - that test alone under racecheck, hazard-level reports (kernel, block, thread, address), 6 runs.
set -u
source tools/device/call_preamble.sh c5
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
for i in 1 2 3 4 5 6; do
  st "run $i"
  MXFP4_REQUIRE_GPU=1 MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool racecheck --racecheck-report hazard --print-limit 40 --error-exitcode 99 "$T" --gtest_filter='*RingWeightScaleCheckReadsEveryByte*:*WarpSpecialized*' > "$O/race_$i.log" 2>&1; echo "run $i rc=$?" | tee -a "$O/steps.log"
done
st done
grep -h -A12 -m3 "Race reported\|Hazard\|WAW\|RAW\|WAR" "$O"/race_*.log | head -60
xz -9 "$O"/race_*.log
finish_call
