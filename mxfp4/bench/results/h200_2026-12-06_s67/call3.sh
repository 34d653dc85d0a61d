#!/usr/bin/env bash
# Session 67 call 3. Carry [".device-pack"]: the stage of 340076c (main before the session) and variant wsb
# (branch wsb on 65ca956 = main with the ws m64 k2 per-layout kernels; wsb extends them - per-layout one-tile
# kernels + the index assumptions - to every K-split ws tile (m128 k2, m192 k2) and assumes the index ranges in
# the ring n64 m64 k2 fold tile's body, no per-layout kernels there). Steps: only_ab base / wsb (3 rounds) over
# the m128 k2 / m192 k2 ws shapes, the ring m64 k2 shapes (one-tile and decode) and controls (the ws m64 k2 shapes
# show main's 65ca956 against base); then wsb's tests and racecheck + memcheck of WarpSpecializedRingTiles.
set -u
V=wsb
source tools/device/call_preamble.sh "c_$V" "$V"
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/$V
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,256x4096x512:auto:auto:0,192x3072x1536:auto:auto:0"
C="$C,128x7168x2048:auto:auto:0,384x3072x1536:auto:auto:0,384x4096x4096:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0,16x1024x7168:auto:auto:0,32x1024x22016:auto:auto:0"
C="$C,48x4096x512:auto:auto:0,32x4096x512:auto:auto:0,1024x4096x512:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=3 "$C" "$V" > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
F="GemmPath.WarpSpecializedRingTiles:GemmPath.RingTilesOnGridsOfSeveralWaves:GemmPath.RingTilesNarrowWgmmaForFewRows"
run_test quant_then_mma_test 200 "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
run_test gemm_api_test 200 "$Q/mxfp4.gpu.gemm.gemm_api_test" &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
