#!/usr/bin/env bash
# Session 56 call 1. Carry [".device-pack"]: a tests-only slim stage of main 1d4cf48 (the 11 GPU test binaries
# and gemm_paths_benchmark: tools/device/slim_stage.sh $(ls .device/tests) mxfp4.gpu.gemm.gemm_paths_benchmark)
# and ds.tar.xz (pack_variant.sh --no_gemm_benchmark ds //mxfp4/gpu/gemm:quant_then_mma_test
# //mxfp4/gpu/gemm:gemm_paths_benchmark, from branch s56-direct-store applied to the working tree).
# ds = session 55's lost s55-direct-store, rewritten: the persistent ws kernels (E4M3, converting and prepared; not
# the int8 kernel's fallback) store each tile through the stmatrix staging tile, each warpgroup its own 64 columns
# after its own barrier (StoreWgmmaTileBf16<.., kChecked = true>: edge tiles too; bf16 with N % 8 == 0, else the
# partials' path) instead of the fp32 partial tile, a barrier of both warpgroups and the combine loop.
# ptxas: 168 registers; converting persistent 16 B spill stores / 24 B loads, prepared 48 / 48 (printed below).
# Tests (the persistent cases, a new one with a last N tile of 8 columns), main vs ds on the persistent plans
# (three interleaved rounds with phase clocks; 256x3072x1536, not persistent, as the unchanged control), racecheck,
# memcheck and synccheck, then the persistent kernels' spill sites. ~9 minutes.
source tools/device/call_preamble.sh c1 ds
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/ds
run_test persistent_tests 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*'
C="4096x2880x512:auto:auto:0,4096x2880x512:auto:auto:0:stage,8192x2880x512:auto:auto:0"
C="$C,4096x2880x1024:auto:auto:0,2048x7168x1024:auto:auto:0,1024x4096x1024:auto:auto:0"
C="$C,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0,2048x7168x2048:auto:auto:0"
C="$C,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0"
bash tools/device/only_ab.sh --reps=3 "$C" ds > "$O/ab.log" 2>&1
st "main vs ds rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
sanitize 150 'GemmPath.PersistentGrid' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck synccheck
OBJ="$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)"
"$OBJ" -sass $V/mxfp4.gpu.gemm.gemm_paths_benchmark 2>/dev/null |
  awk '/Function : /{keep = ($0 ~ /PersistentKernel/)} keep' > "$O/persistent.sass"
st "sass: $(grep -c 'Function : ' "$O/persistent.sass") persistent kernels, $(grep -cE 'LDL|STL' "$O/persistent.sass") local accesses"
awk '/Function : /{f=$0} /LDL|STL/{print f; print}' "$O/persistent.sass" | head -40
xz -9 "$O"/*.log "$O"/*.sass 2>/dev/null
finish_call
