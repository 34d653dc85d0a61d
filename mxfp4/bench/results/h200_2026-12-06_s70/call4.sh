#!/usr/bin/env bash
# Session 70 call 4 (probes for the next session's plan, timing only: both compute wrong or unordered results).
# Carry [".device-pack"]: the stage of e070b01 (main's kernels) and variants q1 (4a1dbaa on exp-s70-q1: the bulk
# tiles gather no weight scales - constant 1.0 - so the gather's latency is gone) and q2 (4194ee5 on exp-s70-q2:
# rank 1's phase-2 arrive of the chained two-CTA combine relaxed instead of release). Step: only_ab main / q1 / q2,
# 5 rounds, the bulk tiles' auto shapes (16x2112x7168 and the split-K / E5M2 ones) and a control. If neither probe
# moves 16x2112x7168, neither the scale gather nor the release fence is on its path in graph replay.
set -u
source tools/device/call_preamble.sh c4 q1 q2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
C="16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0,8x2112x7168:auto:auto:0,12x2880x4096:auto:auto:0"
C="$C,1x2048x4096:auto:auto:0,32x4096x512:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=5 "$C" q1 q2 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
cat "$O/steps.log"
finish_call
