#!/usr/bin/env bash
# Prepared in session 42 for the next session (not run): time stage_order_template_prep.patch (the k4 kernels
# without a K split over CTAs get one ring body per A order, so each body holds one fill form; kernel_diff here:
# instructions per kernel 10-13K -> 18-23K (two bodies each), the 64-row k4 kernel's spill stores 52 -> 92 B, the
# decode kernels' registers within 4) against the tree without it.
# Here: tools/device/stage.sh (main), then `git apply mxfp4/bench/results/h200_2026-12-02_s41/stage_order_template_prep.patch`,
# tools/device/pack_variant.sh --no_gemm_benchmark tmpl //mxfp4/gpu/gemm:gemm_paths_benchmark //mxfp4/gpu/gemm:quant_then_mma_test,
# git checkout the patch away, tools/device/slim_stage.sh; carry [".device-pack"]; copy this script there.
source tools/device/call_preamble.sh t1 tmpl
export MXFP4_REQUIRE_GPU=1
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="1x5120x13824:auto:auto:0,1x8192x8192:auto:auto:0,16x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x8192x22016:auto:auto:0,8x7168x4096:auto:auto:0,1x5120x4096:$Q:1,64x4096x4096:$Q:1,128x4096x4096:$Q:1"
L="$L,64x4096x4096:auto:auto:0,64x7168x2048:auto:auto:0,1x2048x16384:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 120 bash tools/device/only_ab.sh --reps=3 "$L" tmpl > "$O/ab.log" 2>&1
st "ab rc=$?"
T=/tmp/v/tmpl/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
tail -40 "$O/ab.log"
xz -9 "$O/test.log"
finish_call
