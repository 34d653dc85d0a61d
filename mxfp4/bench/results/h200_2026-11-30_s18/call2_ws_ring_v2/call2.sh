#!/usr/bin/env bash
# session 18 call 2: warp-specialized ring tiles v2 (raw weights staged by cp.async, the first fills right
# after the grid-dependency wait, per-thread stage releases; working tree on 746ba14, staged): smoke test,
# forced ws tiles against auto's tiles (hot graph replay) + phase clocks, then quant_then_mma_test run +
# memcheck + racecheck (ws + EveryTile filter) in parallel, gemm_api_test.
set -u
O="$OUT/c2"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
A=.device/tests/mxfp4.gpu.gemm.gemm_api_test
CS="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)"
export MXFP4_REQUIRE_GPU=1
st smoke
timeout 90 $T --gtest_filter='*WarpSpecialized*' > "$O/smoke.log" 2>&1; echo "smoke rc=$?" >> "$O/steps.log"
tail -3 "$O/smoke.log"
st timing
Q=""
for c in 256x3072x1536:wgmma8_n64_m128_k2_ws_fold 256x3072x1536:wgmma8_n64_m128_k2_fold \
         64x7168x2048:wgmma8_n64_m64_k2_ws_fold 64x7168x2048:wgmma8_n64_m64_k2_fold \
         256x2880x512:wgmma8_n64_m128_k2_ws_fold 256x2880x512:wgmma8_n64_m128_k2_fold \
         64x3072x1536:wgmma8_n64_m64_k2_ws_fold 64x3072x1536:wgmma8_n64_m64_k2_fold \
         512x3072x1536:wgmma8_n128_m128_ws_fold 512x3072x1536:wgmma8_n128_m128_fold \
         1024x4096x4096:wgmma8_n128_m128_ws_fold 1024x4096x4096:wgmma8_n128_m128_fold \
         4096x4096x4096:wgmma8_n128_m128_ws_fold 4096x4096x4096:wgmma8_n128_m128_fold \
         2048x7168x2048:wgmma8_n128_m128_ws_fold 2048x7168x2048:wgmma8_n128_m128_fold \
         160x2560x4096:wgmma8_n64_m64_k2_ws_fold 160x2560x4096:wgmma8_n64_m64_k4_fold; do
  Q="$Q,${c%%:*}:quant_then_mma:${c#*:}:0"
done
timeout 120 $B --only=${Q#,} > "$O/only.log" 2>&1; echo "only rc=$?" >> "$O/steps.log"
grep '^only' "$O/only.log" | sed 's/ path=.*tile=/ /; s/ (block_n.*//'
timeout 60 $B --only=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_fold:0 --phase_clock > "$O/phase.log" 2>&1; echo "phase rc=$?" >> "$O/steps.log"
grep -E '^only|entry|ready ->|done ->|end after' "$O/phase.log" | sed 's/ path=.*tile=/ /; s/ (block_n.*//'
st tests
( timeout 200 $T > "$O/run.log" 2>&1; echo "run rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 200 "$CS" --tool memcheck --error-exitcode 1 $T --gtest_filter='*WarpSpecialized*:*EveryTile*:*FoldedScales*:*Underflowing*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 200 "$CS" --tool racecheck --error-exitcode 1 $T --gtest_filter='*WarpSpecialized*:*EveryTile*' > "$O/racecheck.log" 2>&1; echo "racecheck rc=$?" >> "$O/steps.log" ) &
timeout 60 $A > "$O/api.log" 2>&1; echo "api rc=$?" >> "$O/steps.log"
wait
st done
cat "$O/steps.log"
grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' "$O/memcheck.log" "$O/racecheck.log"
tail -3 "$O/run.log"
tar -C "$OUT" -cJf "$OUT/c2.tar.xz" c2 && rm -rf "$O"
