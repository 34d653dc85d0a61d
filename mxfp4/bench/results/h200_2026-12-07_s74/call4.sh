#!/usr/bin/env bash
# Session 74's last call (carry [".device-pack"]: the stage of main 324e726, vz, gz; ~150 s):
#   vz (exp-s74-v): u's pushed two-CTA combine in kernels of their own (kPushedPair): every kernel of main keeps
#      its PTX (kernel_diff), two-CTA launches of the tiles that CombinesByPushedPair take the new kernels;
#   gz (exp-s74-gz): g alone (the bulk tiles' per-warp weight-scale gather after the CTA barrier).
# only_ab main / vz / gz (3 rounds), then vz's splitk_small_m_test and quant_then_mma_test (no ring / ws cases)
# beside synccheck of main's and vz's splitk_small_m_test (room for 2^16 tracked barriers: call 2's synccheck of
# ugz warned of their overflow, then a launch failed).
set -u
source tools/device/call_preamble.sh c4 vz gz
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 3 70 "$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0" vz gz
b=/tmp/v/vz/mxfp4.gpu.gemm
run_test vz_splitk_small_m_test 70 "$b.splitk_small_m_test" &
run_test vz_quant_then_mma_test 70 "$b.quant_then_mma_test" --gtest_filter="*ContestShapes*:*Bulk*:*EveryTile*:*Deterministic*" &
export MXFP4_SANITIZER_ARGS="--num-cuda-barriers 65536"  # room for 2^16 tracked barriers
(O="$O/vz"; mkdir -p "$O"; sanitize 70 "*" "$b.splitk_small_m_test" synccheck) &
(O="$O/base"; mkdir -p "$O"; sanitize 70 "*" .device/tests/mxfp4.gpu.gemm.splitk_small_m_test synccheck) &
wait
finish_call
