#!/usr/bin/env bash
# Session 71 call 1 (session 70's call4.sh plus the contest). Carry [".device-pack"]: the stage of e070b01 (main's
# kernels) and the timing probes q1 (4a1dbaa on exp-s70-q1: the bulk tiles gather no weight scales) and q2 (4194ee5
# on exp-s70-q2: rank 1's phase-2 arrive of the chained two-CTA combine relaxed instead of release); both compute
# wrong or unordered results. Steps: only_ab main / q1 / q2, 5 rounds, the bulk tiles' auto shapes and controls;
# then the contest harness on main, two rounds (the card at hand).
set -u
source tools/device/call_preamble.sh c1 q1 q2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
C="16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0,8x2112x7168:auto:auto:0,12x2880x4096:auto:auto:0"
C="$C,1x2048x4096:auto:auto:0,32x4096x512:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=5 "$C" q1 q2 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
for r in 1 2; do
  mkdir -p "$O/contest$r"
  OUT="$O/contest$r" timeout 150 bash tools/device/run_all.sh --bench=contest > "$O/contest$r/run_all.log" 2>&1
  st "contest $r rc=$?"
  grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/contest$r/bench.log" 2>/dev/null | cut -c1-100
done
cat "$O/steps.log"
finish_call
