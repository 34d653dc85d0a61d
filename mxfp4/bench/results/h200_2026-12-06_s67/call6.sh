#!/usr/bin/env bash
# Session 67 call 6. Carry [".device-pack"]: the stage of 340076c (main before the session) and variant wsk1 (branch
# wsk1 on main cc76269: the ws body's index assumptions also in the N-split ws tiles n128_m128 and n128_m192 -
# their one-tile, persistent, prepared and int8 kernels; no per-layout kernels). only_ab base / wsk1 (3 rounds) over
# auto's prefill shapes on those tiles and a control, then wsk1's quant_then_mma_test and racecheck + memcheck of the
# ws, persistent and staged tests.
set -u
V=wsk1
source tools/device/call_preamble.sh "c_$V" "$V"
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/$V
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="512x3072x1536:auto:auto:0,512x7168x2048:auto:auto:0,1024x4096x4096:auto:auto:0,1024x4096x512:auto:auto:0"
C="$C,4096x2880x512:auto:auto:0,2048x7168x2048:auto:auto:0,768x4096x4096:auto:auto:0"
C="$C,1024x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=3 "$C" "$V" > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
F="GemmPath.WarpSpecializedRingTiles:GemmPath.PersistentGrid:GemmPath.StagedWeights"
run_test quant_then_mma_test 200 "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
