#!/usr/bin/env bash
# Session 65 call 4. Carry [".device-pack"]: call 3's stage and variant land (the landed tree). Nsight Compute
# source views of land's auto plans with the data hot in L2 (MXFP4_NCU_CACHE_CONTROL=none, as in graph replay):
# 32x4096x512 (stream_n64_m16_k4_fold), 16x4096x512 (stream_n32_m16_k4), 4x2880x512 (stream_n32_m8_k4).
set -u
source tools/device/call_preamble.sh c4 land
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
P="32x4096x512:auto:auto:0,16x4096x512:auto:auto:0,4x2880x512:auto:auto:0"
MXFP4_NCU_CACHE_CONTROL=none MXFP4_PATHS_BENCH=/tmp/v/land/mxfp4.gpu.gemm.gemm_paths_benchmark OUT="$O/ncu" \
  timeout 150 bash tools/device/run_all.sh --profile_source="$P" > "$O/ncu_run_all.log" 2>&1
st "ncu rc=$?"
tail -6 "$O/ncu/summary.txt"
finish_call
