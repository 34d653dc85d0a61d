#!/usr/bin/env bash
# Prepared in session 55 for a later session (NOT RUN in session 55: no device was lent). Carry:
# [".device-pack"] holding session 52's slim stage (stage.tar.xz: the base, main's kernels; copied from
# .device-pack-wc/) and wt.tar.xz, packed from branch s55-ws-turns (tools/device/pack_variant.sh
# --no_gemm_benchmark --from=s55-ws-turns wt //mxfp4/gpu/gemm:quant_then_mma_test
# //mxfp4/gpu/gemm:gemm_paths_benchmark); session 55 left them in .device-pack-wt/: move it to .device-pack first.
# Copy this script to the new session's record as callN.sh. Run it after next_ds_call.sh and next_wc_call.sh
# (their A/Bs tell the parts apart).
# wt = s54-walk-check (every tile's fast-form check once a CTA, before its first tile) + s55-direct-store (each
# warpgroup stores its half of a tile through the stmatrix staging tile, no barrier of both warpgroups) + the two
# warpgroups taking turns: warpgroup 1 starts its first tile once warpgroup 0 has issued that tile's first stage
# (named barrier 4), so that with no barrier of both warpgroups left in a tile each one's epilogue can fall in the
# other's math. The walk's word moved to padding of both epilogue layouts (byte 8960 of the partial region).
# ptxas: 168 registers, no spills in the three persistent kernels.
# Tests (the persistent cases: wc's seed 1515, ds's 1516), main vs wt on the persistent plans (three interleaved
# rounds with phase clocks; 256x3072x1536, not persistent, as the unchanged control), racecheck, memcheck and synccheck (named barriers 2-4). ~10
# minutes.
source tools/device/call_preamble.sh cwt wt
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/wt
run_test persistent_tests 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*'
C="4096x2880x512:auto:auto:0,4096x2880x512:auto:auto:0:stage,8192x2880x512:auto:auto:0"
C="$C,4096x2880x1024:auto:auto:0,2048x7168x1024:auto:auto:0,1024x4096x1024:auto:auto:0"
C="$C,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0,2048x7168x2048:auto:auto:0"
C="$C,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0"
bash tools/device/only_ab.sh --reps=3 "$C" wt > "$O/ab.log" 2>&1
st "main vs wt rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
sanitize 120 'GemmPath.PersistentGrid' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck synccheck
xz -9 "$O"/*.log 2>/dev/null
finish_call
