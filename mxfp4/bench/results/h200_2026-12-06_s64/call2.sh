#!/usr/bin/env bash
# Session 64 call 2. Carry [".device-pack"]: the slim stage of main's kernels before session 64 (session 60's
# stage of 9a62ae2) and variant `fold` (commit 30946a0: the activation-scale fold in stream_n64_m16_k4_fold
# only, auto's tile for 16 < M <= 32, K <= 512 from 90 N tiles). base / fold on the auto plans of the shapes
# that tile serves and of the other contest shapes (controls), 3 interleaved rounds; then fold's
# fused_quant_test, splitk_small_m_test and gemm_api_test in full, racecheck and memcheck of fused_quant_test
# (fused_checks, call_preamble.sh).
source tools/device/call_preamble.sh c2 fold
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=3 "$C" fold > "$O/ab.log" 2>&1
st "ab rc=$?"
fused_checks /tmp/v/fold 170
cat "$O/steps.log"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
finish_call
