#!/usr/bin/env bash
# Session 69 call 2. Carry [".device-pack"]: the stage of 075a6af (main with the fold tiles' one-batch chunks, call
# 1's eB in the fold kernels) and variant eE (2759dd5 on branch exp-s69-e: every register-streaming tile runs a
# chunk of exactly one batch without the loop; main's loop form elsewhere). Steps: eE's fused_quant / splitk_small_m
# tests and racecheck of fused_quant_test; only_ab main / eE, 5 rounds, the K = 512 streaming shapes and controls;
# the contest harness on main (the card at hand).
set -u
source tools/device/call_preamble.sh c2 eE
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
Q=/tmp/v/eE
run_test fused_quant_test 100 "$Q/mxfp4.gpu.gemm.fused_quant_test" &
run_test splitk_small_m_test 100 "$Q/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 100 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test" racecheck &
wait
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0"
C="$C,1x2880x512:auto:auto:0,8x2048x512:auto:auto:0,16x4096x512:auto:auto:0,32x2048x512:auto:auto:0"
C="$C,8x512x3072:auto:auto:0,16x2112x7168:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=5 "$C" eE > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
OUT="$O" timeout 150 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "contest rc=$?"
grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" 2>/dev/null | cut -c1-100 | head -30
cat "$O/steps.log"
finish_call
