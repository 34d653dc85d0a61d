#!/usr/bin/env bash
# Session 66 call 6 (timing only, the last ~270 s of the budget). Carry [".device-pack"]: the stage of fa11b4c and
# variant ringl (branch ring-layout-experiment = experiment_ring_layout.patch on a900aa7: the ring and ws one-tile
# kernels one per layout form; gemm_paths_benchmark only, no tests - not for landing). only_ab base / ringl,
# 3 rounds, over the ring / ws auto shapes and controls. Note: ringl also holds main's fold-tile change (5aad684),
# so the 32-row fold shapes differ from base by that change.
set -u
source tools/device/call_preamble.sh c6 ringl
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,48x4096x512:auto:auto:0,64x3072x1536:auto:auto:0"
C="$C,128x2048x2048:auto:auto:0,256x2048x1024:auto:auto:0,512x3072x1536:auto:auto:0,16x2112x7168:auto:auto:0"
C="$C,32x4096x512:auto:auto:0,4x2880x512:auto:auto:0"
timeout 100 bash tools/device/only_ab.sh --reps=3 "$C" ringl > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | grep -v summary | awk '{k=$1" "$2" "$3; s[k]+=$4; c[k]++; m[k]=$5} END{for(k in s) printf "%-60s %.3f %s\n", k, s[k]/c[k], m[k]}' | sort -k2,2 -k1,1
finish_call
