#!/usr/bin/env bash
# Session 75 call 7 (carry [".device-pack"]: the pack `fin` of main after the PTX-identity fix of CombineChainOfTwo;
# ~150 s): main's final form differs from what calls 5-6 ran only in the pushed-pair kernels of
# stream_n64_m16_k4_fold (kernel_diff); its splitk_small_m_test and quant_then_mma_test (no ring / ws cases), and
# racecheck (memcheck) of splitk_small_m_test's EveryTile and mid-layer cases (call 6's racecheck stopped at its limit there).
set -u
source tools/device/call_preamble.sh c7 fin
export MXFP4_REQUIRE_GPU=1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
b=/tmp/v/fin/mxfp4.gpu.gemm
run_test fin_splitk_small_m_test 120 "$b.splitk_small_m_test" &
run_test fin_quant_then_mma_test 120 "$b.quant_then_mma_test" --gtest_filter="-*Ring*:*WarpSpecialized*" &
(O="$O/e"; mkdir -p "$O"; sanitize 140 "*EveryTile*" "$b.splitk_small_m_test" racecheck) &
(O="$O/m"; mkdir -p "$O"; sanitize 140 "*MidLayers*:*SmallLayers*" "$b.splitk_small_m_test" racecheck) &
(O="$O/m"; mkdir -p "$O"; sanitize 140 "*MidLayers*:*SmallLayers*:*EveryTile*" "$b.splitk_small_m_test" memcheck) &
wait
finish_call
