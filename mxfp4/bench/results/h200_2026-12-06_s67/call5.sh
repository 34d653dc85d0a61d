#!/usr/bin/env bash
# Session 67 call 5. Carry [".device-pack"]: the stage of 340076c (main before the session) and variant rla (branch
# rla on cc76269 = main with the K-split ws tiles' per-layout kernels; rla adds the ring n64 m64 k2 fold tile's
# one-tile kernel per layout form + its index assumptions, one-tile forms only). Steps: only_ab base / rla
# (3 rounds): the ring m64 k2 shapes (rla's experiment), the ws m64 / m128 k2 tiles' prepared-weight forms (E4M3 and
# int8 copies; main's change touched their kernels too: SASS of call 4) and controls; the int8 ones again with
# --narrow_scales (the s8 loop); then rla's quant_then_mma_test, racecheck + memcheck of the ring / ws tests.
set -u
V=rla
source tools/device/call_preamble.sh "c_$V" "$V"
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/$V
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="64x7168x2048:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0,16x1024x7168:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0:prepared,128x7168x2048:auto:auto:0:prepared,96x4096x1024:auto:auto:0:prepared"
C="$C,48x4096x512:auto:auto:0:prepared,256x3072x1536:auto:auto:0:prepared_int8,96x4096x1024:auto:auto:0:prepared_int8"
C="$C,32x4096x512:auto:auto:0,256x3072x1536:auto:auto:0"
timeout 120 bash tools/device/only_ab.sh --reps=3 "$C" "$V" > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
C8="256x3072x1536:auto:auto:0:prepared_int8,96x4096x1024:auto:auto:0:prepared_int8,128x7168x2048:auto:auto:0:prepared_int8"
timeout 60 bash tools/device/only_ab.sh --reps=3 --narrow_scales "$C8" "$V" > "$O/ab_int8.log" 2>&1
st "ab int8 rc=$?"
sed -n '/^--- summary/,$p' "$O/ab_int8.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
F="GemmPath.WarpSpecializedRingTiles:GemmPath.RingTilesOnGridsOfSeveralWaves:GemmPath.ContestShapes*:GemmPath.PreparedWeights"
run_test quant_then_mma_test 200 "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 150 "$F" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
