#!/usr/bin/env bash
# Session 73 call 1b: call1.sh cut to ~100 s for the budget's last start (same carry: the stage of main 324e726,
# variants t and g). only_ab main / t / g (4 rounds), then at once under 60 s limits: t's and g's
# splitk_small_m_test and quant_then_mma_test's contest and bulk cases, racecheck and synccheck of t's
# splitk_small_m_test, racecheck of g's quant_then_mma_test bulk cases.
set -u
source tools/device/call_preamble.sh c1b t g
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
T=/tmp/v/t
G=/tmp/v/g
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0"
timeout 60 bash tools/device/only_ab.sh --reps=4 "$C" t g > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
F="*ContestShapes*:*Bulk*:*SmallLayers*:*EveryTile*"
run_test t_splitk_small_m_test 60 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test t_quant_then_mma_test 60 "$T/mxfp4.gpu.gemm.quant_then_mma_test" --gtest_filter="$F" &
run_test g_splitk_small_m_test 60 "$G/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test g_quant_then_mma_test 60 "$G/mxfp4.gpu.gemm.quant_then_mma_test" --gtest_filter="$F" &
sanitize 60 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" racecheck &
sanitize 60 "*" "$T/mxfp4.gpu.gemm.splitk_small_m_test" synccheck &
mkdir -p "$O/g" && (O="$O/g"; sanitize 60 "*ContestShapes*:*Bulk*" "$G/mxfp4.gpu.gemm.quant_then_mma_test" \
  racecheck) &
wait
cat "$O/steps.log" "$O/g/steps.log" 2>/dev/null
finish_call
