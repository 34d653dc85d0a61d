#!/usr/bin/env bash
# Prepared in session 54 for a later session (NOT RUN in session 54: no device was lent). Carry:
# [".device-pack"] holding session 52's slim stage (stage.tar.xz: the base, main's kernels) and wc.tar.xz, packed
# from branch s54-walk-check (tools/device/pack_variant.sh --no_gemm_benchmark --from=s54-walk-check wc
# //mxfp4/gpu/gemm:quant_then_mma_test //mxfp4/gpu/gemm:gemm_paths_benchmark); session 54 left them in
# .device-pack-wc/: move it to .device-pack first. Copy this script to the new session's record as callN.sh.
# wc = the persistent ws kernels' fast-form check of all a CTA's tiles at once, one bit a tile
# (WalkWeightScalesFailMask before the wait for the quantizer, WalkTileFlagsFailMask after it) instead of each
# tile's check at its start.
# Only the persistent kernels change (kernel_diff). Tests (the persistent cases, a new one with CTAs whose
# second tile alone fails the check), main vs wc on the persistent plans (three interleaved rounds with phase
# clocks; 256x3072x1536 as the unchanged control), then racecheck and memcheck.
source tools/device/call_preamble.sh cwc wc
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/wc
# (Only the persistent kernels changed: their tests, then the timing, then the sanitizers; ~8 minutes.)
run_test persistent_tests 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*'
C="4096x2880x512:auto:auto:0,8192x2880x512:auto:auto:0,4096x2880x1024:auto:auto:0,2048x7168x1024:auto:auto:0"
C="$C,1024x4096x1024:auto:auto:0,1024x2880x768:auto:auto:0,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0"
C="$C,2048x7168x2048:auto:auto:0,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared"
C="$C,256x3072x1536:auto:auto:0"
bash tools/device/only_ab.sh --reps=3 "$C" wc > "$O/ab.log" 2>&1
st "main vs wc rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
sanitize 120 'GemmPath.PersistentGrid' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck
xz -9 "$O"/*.log 2>/dev/null
finish_call
