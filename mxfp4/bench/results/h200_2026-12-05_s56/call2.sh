#!/usr/bin/env bash
# Session 56 call 2. Carry [".device-pack"]: call 1's tests-only slim stage of main 1d4cf48 and dk.tar.xz
# (pack_variant.sh --no_gemm_benchmark dk //mxfp4/gpu/gemm:quant_then_mma_test //mxfp4/gpu/gemm:gemm_paths_benchmark
# from branch s56-direct-store's second commit applied to the working tree).
# Call 1: ds (direct stores, the choice at run time inside the persistent kernels) was correct but 5-13% slower
# at K >= 1024 (4096^3 prepared 226 against 200 us) and faster only on 4096x2880x512 converting (32.5 against 34.3),
# the ready -> math done cycles up by as much: the same effect as session 20's one-tile ws A/B (math +1.9K a tile).
# dk = the same stores with the choice made on the host: a kernel of its own for bf16 with N % 8 == 0
# (kDirectStore a template parameter of the persistent kernels), so it holds no partials / combine code and no
# run-time branch between the two epilogues. If dk is level with base at long K, the loss was the code (size or
# ptxas's schedule of the loop beside two epilogues); if not, the stores themselves.
source tools/device/call_preamble.sh c2 dk
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/dk
run_test persistent_tests 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*'
C="4096x2880x512:auto:auto:0,4096x2880x512:auto:auto:0:stage,8192x2880x512:auto:auto:0"
C="$C,4096x2880x1024:auto:auto:0,2048x7168x1024:auto:auto:0,1024x4096x1024:auto:auto:0"
C="$C,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0,2048x7168x2048:auto:auto:0"
C="$C,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared,256x3072x1536:auto:auto:0"
bash tools/device/only_ab.sh --reps=2 "$C" dk > "$O/ab.log" 2>&1
st "main vs dk rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
sanitize 150 'GemmPath.PersistentGrid' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck synccheck
OBJ="$(command -v cuobjdump || ls /usr/local/cuda*/bin/cuobjdump | head -1)"
for who in base dk; do
  B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; [[ $who == dk ]] && B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
  "$OBJ" -sass $B 2>/dev/null | awk '/Function : /{keep = ($0 ~ /WsP.*PersistentKernel|WsPersistentKernel/)} keep' > "$O/$who.persistent.sass"
  st "$who sass: $(grep -c 'Function : ' "$O/$who.persistent.sass") kernels, $(wc -l < "$O/$who.persistent.sass") lines"
done
xz -9 "$O"/*.log "$O"/*.sass 2>/dev/null
finish_call
