#!/usr/bin/env bash
# Session 75's device call (carry [".device-pack"]: the stage of main 4f92dbc (gemm_paths_benchmark,
# quant_then_mma_test, splitk_small_m_test), vz and gz, rebuilt this session from the saved patches: session 74's
# packs and branches did not survive the machine change; ~190 s):
#   vz (exp-s75-v = main + ../h200_2026-12-07_s74/variant_v.patch): u's pushed two-CTA combine in kernels of their
#      own (kPushedPair); every kernel of main keeps its PTX, two-CTA launches of the tiles that
#      CombinesByPushedPair take the new kernels;
#   gz (exp-s75-g = main + ../h200_2026-12-07_s73/variant_g.patch): the bulk tiles' per-warp weight-scale gather.
# session 74's call4.sh (only_ab main / vz / gz, 3 rounds), then, side by side, what landing v needs: vz's
# splitk_small_m_test in full, its quant_then_mma_test without the ring / warp-specialized cases (v changes no
# ring kernel: kernel_diff), racecheck and memcheck of the cases that launch two-CTA clusters, and synccheck of
# main's and vz's splitk_small_m_test (room for 2^16 tracked barriers: session 74's synccheck of ugz warned of
# their overflow, then a launch failed).
set -u
source tools/device/call_preamble.sh c5 vz gz
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 3 70 "$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0" vz gz
b=/tmp/v/vz/mxfp4.gpu.gemm
two_cta="*ContestShapes*:*MidLayers*:*ShortChunkClusters*"
run_test vz_splitk_small_m_test 100 "$b.splitk_small_m_test" &
run_test vz_quant_then_mma_test 100 "$b.quant_then_mma_test" --gtest_filter="-*Ring*:*WarpSpecialized*" &
(O="$O/vz"; mkdir -p "$O"; sanitize 100 "$two_cta" "$b.quant_then_mma_test" memcheck) &
(O="$O/vz"; mkdir -p "$O"; sanitize 100 "$two_cta" "$b.quant_then_mma_test" racecheck) &
(O="$O/vz"; mkdir -p "$O"; sanitize 100 "$two_cta:*TinyAndOdd*" "$b.splitk_small_m_test" memcheck) &
(O="$O/vz"; mkdir -p "$O"; sanitize 100 "$two_cta:*TinyAndOdd*" "$b.splitk_small_m_test" racecheck) &
export MXFP4_SANITIZER_ARGS="--num-cuda-barriers 65536"  # room for 2^16 tracked barriers
(O="$O/vz_sync"; mkdir -p "$O"; sanitize 100 "*" "$b.splitk_small_m_test" synccheck) &
(O="$O/base_sync"; mkdir -p "$O"; sanitize 100 "*" .device/tests/mxfp4.gpu.gemm.splitk_small_m_test synccheck) &
wait
finish_call
