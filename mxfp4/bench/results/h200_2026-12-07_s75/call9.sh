#!/usr/bin/env bash
# Session 75 call 9 (carry [".device-pack"]: the full stage of the landed tree (v) and pz; ~150 s):
#   pz (exp-s75-pz c911ff5, on main): the pushed-pair kernels call CombinePushedPair directly,
#      without CombinePartialsAndStore's run-time choice of combine (which kept every combine's code in them:
#      4656 instructions against the chained kernel's 4040 in streamq_n32_m16_k8_bulk; its math ran ~190 cycles
#      longer on 16x2112x7168, call 5).
# only_ab base / pz (3 rounds) on call 5's shapes, then pz's tests and sanitizers as call 5 ran them for vz.
set -u
source tools/device/call_preamble.sh c9 pz
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 3 70 "$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0" pz
b=/tmp/v/pz/mxfp4.gpu.gemm
two_cta="*ContestShapes*:*MidLayers*:*ShortChunkClusters*"
run_test pz_splitk_small_m_test 100 "$b.splitk_small_m_test" &
run_test pz_quant_then_mma_test 100 "$b.quant_then_mma_test" --gtest_filter="-*Ring*:*WarpSpecialized*" &
(O="$O/pz"; mkdir -p "$O"; sanitize 100 "$two_cta" "$b.quant_then_mma_test" memcheck) &
(O="$O/pz"; mkdir -p "$O"; sanitize 100 "$two_cta" "$b.quant_then_mma_test" racecheck) &
(O="$O/pz"; mkdir -p "$O"; sanitize 100 "$two_cta:*TinyAndOdd*" "$b.splitk_small_m_test" memcheck) &
(O="$O/pz"; mkdir -p "$O"; sanitize 100 "*ContestShapes*:*TinyAndOdd*" "$b.splitk_small_m_test" racecheck) &
wait
finish_call
