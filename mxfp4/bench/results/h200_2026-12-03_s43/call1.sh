#!/usr/bin/env bash
# Session 43 call 1: session 42's two prepared variants against main 2d7f8f3 in one call (A/B only):
#   early = quantizer_early_index_prep.patch (the wgmma-order quantizer's first indices before its grid-dependency wait)
#   tmpl  = stage_order_template_prep.patch (one ring body per A order for the k4 kernels without a K split over CTAs)
source tools/device/call_preamble.sh c1 early tmpl
export MXFP4_REQUIRE_GPU=1
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,32x3072x3072:auto:auto:0,512x3072x1536:auto:auto:0,1x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x2048x16384:auto:auto:0,64x4096x4096:auto:auto:0,1x8192x22016:auto:auto:0,8x7168x4096:auto:auto:0"
L="$L,1x5120x4096:$Q:1,128x4096x4096:$Q:1"
export MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,temperature.gpu --format=csv > "$O/gpu.txt" 2>&1
timeout 420 bash tools/device/only_ab.sh --reps=2 "$L" early tmpl > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log"
xz -9 "$O/ab.log"
finish_call
