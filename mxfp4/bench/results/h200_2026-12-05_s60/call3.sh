#!/usr/bin/env bash
# Session 60 call 3. Carry [".device-pack"]: a libraries-only slim stage (slim_stage.sh
# mxfp4.gpu.platform.platform_test) and two variants:
#   ln  = main fff99dc (the landed elect rule: elect.sync in the warp-uniform-vote ring forms, lane 0 in
#         the plain ones): gemm_paths_benchmark and the four test binaries that run ring kernels;
#   elu = ln + kUniformVote true in every ring form (so elect everywhere too): gemm_paths_benchmark.
# First ln's ring test binaries in full and racecheck + memcheck of quant_then_mma_test's ring, contest
# and edge tests (as session 59 call 3); then ln against elu on the forms where they differ (n64 m8,
# n64 k2 m16 without a cluster) with two unchanged controls, 5 interleaved rounds.
source tools/device/call_preamble.sh c3 ln elu
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
T=/tmp/v/ln
for b in quant_then_mma_test gemm_api_test fused_quant_test splitk_small_m_test; do
  run_test "$b" 230 "$T/mxfp4.gpu.gemm.$b" &
done
F="GemmPath.*Ring*:GemmPath.ContestShapes*:GemmPath.TinyAndOddShapes:GemmPath.EveryTile:GemmPath.MSweep"
F="$F:GemmPath.SmallLayers*"
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
C="1x3072x5888:auto:auto:0,8x7168x4096:auto:auto:0,4x7168x2048:auto:auto:0,8x2048x22016:auto:auto:0"
C="$C,16x7168x2048:auto:auto:0,64x7168x2048:auto:auto:0,16x2048x22016:auto:auto:0"
MXFP4_ONLY_BASE=$T/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 200 bash tools/device/only_ab.sh --reps=5 "$C" elu > "$O/ab.log" 2>&1
st "ab rc=$?"
cat "$O/steps.log"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
finish_call
