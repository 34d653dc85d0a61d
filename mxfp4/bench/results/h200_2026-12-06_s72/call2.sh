#!/usr/bin/env bash
# Session 72 call 2. Carry [".device-pack"]: the stage of main 324e726 and variant t (f3875a8 on exp-s72-t: the
# streaming tiles' two-CTA combine pushed by st.async as in call 1's s, but into rank 1's A operand area, free once
# its math is done - no shared-memory plan change; rank 1 initializes its receive barrier and arrives relaxed after
# its math, rank 0 folds its sums into registers, waits for that arrive and pushes). Steps (timing first): only_ab
# main / t (5 rounds) on the two-CTA shapes and controls; t's tests (quant_then_mma_test without its ring / ws
# cases, whose kernels' PTX is main's); racecheck / memcheck / synccheck of splitk_small_m_test and racecheck /
# memcheck of quant_then_mma_test's contest and bulk cases, side by side.
set -u
source tools/device/call_preamble.sh c2 t
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
T=/tmp/v/t
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0"
timeout 110 bash tools/device/only_ab.sh --reps=5 "$C" t > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
run_test t_quant_then_mma_test 90 "$T/mxfp4.gpu.gemm.quant_then_mma_test" \
  --gtest_filter="-*Ring*:*WarpSpecialized*" &
run_test t_splitk_small_m_test 100 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test t_gemm_api_test 100 "$T/mxfp4.gpu.gemm.gemm_api_test" &
sanitize 90 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" racecheck &
sanitize 90 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" memcheck &
sanitize 90 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" synccheck &
sanitize 90 "*ContestShapes*:*Bulk*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 90 "*ContestShapes*:*Bulk*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
