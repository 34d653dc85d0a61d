#!/usr/bin/env bash
# Prepared in session 42 for the next session (not run): time quantizer_early_index_prep.patch (the wgmma-order
# quantizer computes its first item's indices before its grid-dependency wait and zeroes the grid-split counters
# after its items: the small ring plans wait for the quantizer, whose PTX had ~40 dependent instructions between
# the wait and its first load; instructions 448 / 456 / 464 -> 448 / 456 / 472) against the tree without it.
# Here: tools/device/stage.sh (main), then `git apply mxfp4/bench/results/h200_2026-12-02_s41/quantizer_early_index_prep.patch`,
# tools/device/pack_variant.sh --no_gemm_benchmark early //mxfp4/gpu/gemm:gemm_paths_benchmark //mxfp4/gpu/gemm:quant_then_mma_test,
# git checkout the patch away, tools/device/slim_stage.sh; carry [".device-pack"]; copy this script there.
source tools/device/call_preamble.sh t2 early
export MXFP4_REQUIRE_GPU=1
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,32x3072x3072:auto:auto:0,512x3072x1536:auto:auto:0,1x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x2048x16384:auto:auto:0,64x4096x4096:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 120 bash tools/device/only_ab.sh --reps=3 "$L" early > "$O/ab.log" 2>&1
st "ab rc=$?"
T=/tmp/v/early/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
tail -40 "$O/ab.log"
xz -9 "$O/test.log"
finish_call
