#!/usr/bin/env bash
# Session 62 call 2 (carry [".device-pack"]: the slim stage of main's kernels, session 60's stage of 9a62ae2).
# Zero-code: re-sweep the dispatch on the contest shapes on the card at hand (the last sweep was session 22's on
# the H200, before the ring decode kernels, session 43's fused wait and sessions 57-60's ring vote / elect
# changes): every forced path / tile / split beside auto, hot and cold; then the 32-row fused shapes' and
# 256x3072x1536's auto plans with cuBLAS bf16 in the same process and their phase clocks.
set -u
source tools/device/call_preamble.sh c2
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
st sweep
timeout 300 stdbuf -oL "$B" --sweep --shapes=bench > "$O/sweep.log" 2>&1
st "sweep rc=$?"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,256x3072x1536:auto:auto:0,16x2112x7168:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0"
timeout 200 stdbuf -oL "$B" --only="$C" --only_cublas --phase_clock > "$O/phase.log" 2>&1
st "phase rc=$?"
cat "$O/steps.log"
grep -E "^shape|geomean" "$O/sweep.log"
grep -E "^only|cuBLAS|entry -> ready|ready -> math|math done -> end" "$O/phase.log"
finish_call
