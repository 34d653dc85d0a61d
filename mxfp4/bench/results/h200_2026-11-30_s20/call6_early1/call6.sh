#!/usr/bin/env bash
# session 20 call 6 (timing only): variant "early1" = b40589f-era tree + early1.patch (one early stage instead of
# two before the first wait: kEarlyStages / kEarlyFills = 1) against the staged 2244eb4 (same k2 kernels otherwise).
set -u
source tools/device/call_preamble.sh c6 early1
C=256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0,64x3072x1536:auto:auto:0,256x2880x512:auto:auto:0
st run
timeout 120 bash tools/device/only_ab.sh --reps=3 $C early1 > "$O/only_ab.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
grep -A40 -i "summary" "$O/only_ab.log" | head -60
st done
finish_call
