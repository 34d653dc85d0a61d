#!/usr/bin/env bash
# session 25 call 8: the ring cluster kernels with a relaxed cluster arrive (call 5: release) + wait between the mbarrier inits and the
# first fills (variant rcr, on 500dd25): the whole quant_then_mma_test, then the ring-cluster tests
# under racecheck 6 times (the report came back in 2 of 6 runs in session 23 and in call 4), memcheck
# once, and the cluster shapes' timing against the staged base (only_ab, 2 rounds).
set -u
source tools/device/call_preamble.sh c8 rcr
V=/tmp/v/rcr
T=$V/mxfp4.gpu.gemm.quant_then_mma_test
st test
MXFP4_REQUIRE_GPU=1 timeout 150 $T > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/test.log"
F='--gtest_filter=*RingWeightScaleCheckReadsEveryByte*:*RingTilesSplitKOverClusters*'
for i in 1 2 3 4 5 6; do
  st "racecheck $i"
  MXFP4_REQUIRE_GPU=1 timeout 100 "$CS" --tool racecheck --error-exitcode 99 $T "$F" > "$O/race_$i.log" 2>&1
  echo "race $i rc=$? $(grep -c 'Race reported' "$O/race_$i.log") reports; $(grep 'RACECHECK SUMMARY' "$O/race_$i.log")" | tee -a "$O/steps.log"
done
st memcheck
MXFP4_REQUIRE_GPU=1 timeout 100 "$CS" --tool memcheck --error-exitcode 99 $T "$F" > "$O/mem.log" 2>&1; echo "mem rc=$? $(grep 'ERROR SUMMARY' "$O/mem.log")" | tee -a "$O/steps.log"
st only
C="64x2816x7168:auto:auto:0,128x2048x2048:auto:auto:0,64x512x16384:auto:auto:0,64x1024x4096:auto:auto:0,256x1024x4096:auto:auto:0,64x7168x2048:auto:auto:0"
bash tools/device/only_ab.sh --reps=2 "$C" rcr > "$O/only.log" 2>&1; echo "only rc=$?" | tee -a "$O/steps.log"
st done
sed -n '/--- summary/,$p' "$O/only.log"
finish_call
