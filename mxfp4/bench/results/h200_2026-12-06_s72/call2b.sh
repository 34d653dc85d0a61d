#!/usr/bin/env bash
# Session 72 call 2b: call2.sh cut to what ~250 s of device budget can hold (after the refused starts):
# only_ab main / t (3 rounds), then t's splitk_small_m_test, gemm_api_test and quant_then_mma_test's contest and
# bulk cases, one after another. Carry [".device-pack"] (the stage of 324e726, t.tar.xz).
set -u
source tools/device/call_preamble.sh c2 t
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
T=/tmp/v/t
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
timeout 60 bash tools/device/only_ab.sh --reps=3 "$C" t > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
run_test t_splitk_small_m_test 40 "$T/mxfp4.gpu.gemm.splitk_small_m_test"
run_test t_gemm_api_test 20 "$T/mxfp4.gpu.gemm.gemm_api_test"
run_test t_quant_then_mma_test 40 "$T/mxfp4.gpu.gemm.quant_then_mma_test" \
  --gtest_filter="*ContestShapes*:*Bulk*"
cat "$O/steps.log"
finish_call
