#!/usr/bin/env bash
# Session 69 call 2. Carry [".device-pack"]: the stage of 7d06542 and variant eD (3ad054d on branch exp-s69-d, the
# landing form: call 1's eB in the fold tiles - one-batch chunks without the loop, the loop's exit before the copy -
# and main's loop in every other tile; its fold kernels PTX-identical to eB's, every other kernel to main's).
# Steps: ab_contest.sh eD (eD's fused_quant / splitk_small_m tests, then the contest harness once for base and
# once for eD, interleaved), compared with compare_contest.py (mxfp4_auto and cuBLAS bf16 rows); only_ab base / eD,
# 3 rounds, the fold tiles' shapes and two controls.
set -u
source tools/device/call_preamble.sh c2 eD
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,32x7168x512:auto:auto:0"
C="$C,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0"
timeout 100 bash tools/device/only_ab.sh --reps=3 "$C" eD > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
REPS=1 OUT="$O/contest" timeout 330 bash tools/device/ab_contest.sh --test_timeout=100 eD > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
cat "$O/contest/"*_tests_summary.txt 2>/dev/null | tail -6
python3 tools/device/compare_contest.py "$O/contest/"*_contest.json 2>&1 | tee "$O/compare_auto.txt"
python3 tools/device/compare_contest.py --row=cublas_bf16 "$O/contest/"*_contest.json 2>&1 | tee "$O/compare_cublas.txt"
cat "$O/steps.log"
finish_call
