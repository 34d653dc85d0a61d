#!/usr/bin/env bash
# Prepared in session 55 for a later session (NOT RUN in session 55: no device was lent). Carry:
# [".device-pack"] holding session 52's slim stage (stage.tar.xz: the base, main's kernels; copied from
# .device-pack-wc/) and ds.tar.xz, packed from branch s55-direct-store (tools/device/pack_variant.sh
# --no_gemm_benchmark --from=s55-direct-store ds //mxfp4/gpu/gemm:quant_then_mma_test
# //mxfp4/gpu/gemm:gemm_paths_benchmark); session 55 left them in .device-pack-ds/: move it to .device-pack first.
# Copy this script to the new session's record as callN.sh.
# ds = the persistent ws kernels (E4M3, converting and prepared; not the int8 kernel's fallback) store each tile
# through the stmatrix staging tile, each warpgroup its own half after its own barrier (StoreWgmmaTileBf16 with
# kChecked: edge tiles too; bf16 output with N % 8 == 0, else the partials' path as before) instead of the fp32
# partial tile, a barrier of both warpgroups and the combine loop. ptxas: 168 registers, 0 spills in the
# converting persistent kernel, 16 bytes (16 loads) in the prepared one - where, the SASS below tells.
# Tests (the persistent cases, a new one with a last N tile of 8 columns), main vs ds on the persistent plans
# (three interleaved rounds with phase clocks; 256x3072x1536, not persistent, as the unchanged control), then
# racecheck, memcheck and synccheck (new named barriers), then the prepared persistent kernel's spill sites. ~9 minutes.
source tools/device/call_preamble.sh cds ds
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/ds
run_test persistent_tests 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*'
C="4096x2880x512:auto:auto:0,4096x2880x512:auto:auto:0:stage,8192x2880x512:auto:auto:0"
C="$C,4096x2880x1024:auto:auto:0,2048x7168x1024:auto:auto:0,1024x4096x1024:auto:auto:0"
C="$C,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0,2048x7168x2048:auto:auto:0"
C="$C,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0"
bash tools/device/only_ab.sh --reps=3 "$C" ds > "$O/ab.log" 2>&1
st "main vs ds rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
sanitize 120 'GemmPath.PersistentGrid' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck synccheck
# Where the prepared persistent kernel spills (local loads and stores with their neighbourhood; a backward
# branch after them marks a loop).
OBJ="$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)"
"$OBJ" -sass $V/mxfp4.gpu.gemm.gemm_paths_benchmark 2>/dev/null |
  awk '/Function : /{keep = ($0 ~ /PersistentKernel/)} keep' > "$O/persistent.sass"
st "sass: $(grep -c 'Function : ' "$O/persistent.sass") persistent kernels, $(grep -cE 'LDL|STL' "$O/persistent.sass") local accesses"
awk '/Function : /{f=$0} /LDL|STL/{print f; print}' "$O/persistent.sass" | head -40
xz -9 "$O"/*.log "$O"/*.sass 2>/dev/null
finish_call
