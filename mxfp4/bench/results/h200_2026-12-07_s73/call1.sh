#!/usr/bin/env bash
# Session 73 call 1. Carry [".device-pack"]: the stage of main 324e726 (main's kernels), variant t (f3875a8,
# exp-s72-t: the two-CTA streaming combine pushed by st.async into rank 1's free A operand area; PTX-identical to
# exp-s72-t2 on every kernel that keeps the push) and variant g (32ae63d, exp-s73-g: the bulk tiles finish their
# weight-scale gather per warp after the CTA barrier instead of before it). Steps: only_ab main / t / g
# (5 rounds) on the two-CTA shapes and the one-CTA bulk controls; then at once: t's tests (quant_then_mma_test
# without its ring / ws cases, whose kernels are main's), g's splitk_small_m_test and quant_then_mma_test (the
# same filter), racecheck / memcheck / synccheck of t's splitk_small_m_test, racecheck / memcheck of t's
# quant_then_mma_test contest and bulk cases, racecheck of g's two binaries (bulk cases).
set -u
source tools/device/call_preamble.sh c1 t g
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
T=/tmp/v/t
G=/tmp/v/g
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0"
timeout 90 bash tools/device/only_ab.sh --reps=5 "$C" t g > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
run_test t_quant_then_mma_test 100 "$T/mxfp4.gpu.gemm.quant_then_mma_test" \
  --gtest_filter="-*Ring*:*WarpSpecialized*" &
run_test t_splitk_small_m_test 100 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test t_gemm_api_test 100 "$T/mxfp4.gpu.gemm.gemm_api_test" &
run_test g_quant_then_mma_test 100 "$G/mxfp4.gpu.gemm.quant_then_mma_test" \
  --gtest_filter="-*Ring*:*WarpSpecialized*" &
run_test g_splitk_small_m_test 100 "$G/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 100 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" racecheck &
sanitize 100 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" memcheck &
sanitize 100 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" synccheck &
sanitize 100 "*ContestShapes*:*Bulk*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 100 "*ContestShapes*:*Bulk*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
mkdir -p "$O/g" && (O="$O/g"; sanitize 100 "*ContestShapes*:*Bulk*" "$G/mxfp4.gpu.gemm.quant_then_mma_test" \
  racecheck; sanitize 100 "*SmallLayers*:*ContestShapes*" "$G/mxfp4.gpu.gemm.splitk_small_m_test" racecheck) &
wait
cat "$O/steps.log" "$O/g/steps.log" 2>/dev/null
finish_call
