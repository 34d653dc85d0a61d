#!/usr/bin/env bash
# Session 61 call 2. Carry [".device-pack"]: a slim stage of main 68f33b2's kernels (session 60's full
# stage of 9a62ae2, kernels identical; slim_stage.sh mxfp4.gpu.gemm.gemm_paths_benchmark) and variant
#   dp = main + the deferred promotion: the fast loops' last block of a stage (ws body, kNa != 192; ring
#        body, 2 warpgroups) waited for at the end of its step, copied by movs (CopyWgmmaOutput: without
#        them ptxas serialized every wgmma, C7517 + C7512) and promoted in the next step under that step's
#        first wgmma (every promotion overlaps a wgmma); the ws m128 loop keeps the 64 movs (316 -> 380
#        instructions a stage), the ring m64 loops lose them (327 -> 331); gemm_paths_benchmark and the
#        ring tests.
# First dp's ring test binaries and racecheck + memcheck of quant_then_mma_test's ring / ws, contest and
# edge tests; then base against dp on auto plans of the forms that changed, 4 interleaved rounds.
source tools/device/call_preamble.sh c2 dp
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
T=/tmp/v/dp
for b in quant_then_mma_test gemm_api_test splitk_small_m_test; do
  run_test "$b" 230 "$T/mxfp4.gpu.gemm.$b" &
done
F="GemmPath.*Ring*:GemmPath.ContestShapes*:GemmPath.TinyAndOddShapes:GemmPath.EveryTile:GemmPath.MSweep"
F="$F:GemmPath.SmallLayers*:GemmPath.PersistentGrid"
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
C="256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
C="$C,512x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,1024x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0"
C="$C,32x7168x2048:auto:auto:0,16x7168x2048:auto:auto:0,4x7168x2048:auto:auto:0,1x3072x5888:auto:auto:0"
C="$C,16x2048x22016:auto:auto:0,64x4096x4096:auto:auto:0"
timeout 280 bash tools/device/only_ab.sh --reps=4 "$C" dp > "$O/ab.log" 2>&1
st "ab rc=$?"
cat "$O/steps.log"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
finish_call
