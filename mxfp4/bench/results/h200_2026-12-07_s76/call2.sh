#!/usr/bin/env bash
# Session 76 call 2 (carry [".device-pack"]: the full stage of 3b20069 (base), lw, lp; ~250 s):
#   lw (exp-s76-lw, on main 2548740 = lp): the pushed receive barrier's init by lane 0 of the CTA's last warp
#      instead of thread 0, whose warp holds row 0 of the fused split-K tiles' quantization (critical at M = 1;
#      call 1: the arm after the quantization cost 1x2048x4096 +0.04 us).
#   lp (main 2548740, gemm_benchmark only): the landed late arm, for the contest harness against base.
# only_ab base / lw (5 rounds) on two-CTA decode shapes and the prequantized two-CTA shape, lw's tests and
# two-CTA sanitizers, then the contest harness base / lp interleaved (ab_contest.sh, 2 rounds).
set -u
source tools/device/call_preamble.sh c2 lw lp
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="1x2048x4096:auto:auto:0,8x1024x7168:auto:auto:0,4x2048x3072:auto:auto:0,1x1024x1536:auto:auto:0"
ab_means 5 150 "$C,16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0" lw
split_checks /tmp/v/lw 100
mkdir -p "$O/contest"
rc=0
OUT="$O/contest" REPS=2 timeout 200 bash tools/device/ab_contest.sh lp >"$O/contest/ab_contest.log" 2>&1 || rc=$?
st "ab_contest rc=$rc"
python3 tools/device/compare_contest.py "$O"/contest/*_contest.json 2>&1 | tail -30 || true
python3 tools/device/compare_contest.py --row=cublas_bf16 "$O"/contest/*_contest.json 2>&1 | tail -16 || true
finish_call
