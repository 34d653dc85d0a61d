#!/usr/bin/env bash
# Session 67 call 2. Carry [".device-pack"]: the stage of 340076c (main) and variant wsla (branch wsla = wsl plus
# the ws m64 k2 body assuming its thread / block indices non-negative, __builtin_assume, keyed on
# HasRingWsLayoutKernels). Steps: only_ab base / wsla (3 rounds, call 1's list: compare its deltas with call 1's
# base / wsl), wsla's quant_then_mma_test and gemm_api_test, racecheck + memcheck of WarpSpecializedRingTiles.
set -u
V=wsla
source tools/device/call_preamble.sh "c_$V" "$V"
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/$V
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="48x4096x512:auto:auto:0,64x4096x512:auto:auto:0,128x2880x512:auto:auto:0,256x2048x1024:auto:auto:0"
C="$C,64x2880x1024:auto:auto:0,96x4096x1024:auto:auto:0,64x7168x512:auto:auto:0,64x1024x512:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0,32x4096x512:auto:auto:0,16x2112x7168:auto:auto:0"
C="$C,4x2880x512:auto:auto:0,1024x4096x512:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=3 "$C" "$V" > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
F="GemmPath.WarpSpecializedRingTiles"
run_test quant_then_mma_test 200 "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
run_test gemm_api_test 200 "$Q/mxfp4.gpu.gemm.gemm_api_test" &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
