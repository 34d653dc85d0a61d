#!/usr/bin/env bash
# Session 74's second call (carry [".device-pack"]): the stage of main 324e726 (main's kernels) against
#   uz (52d8c34, exp-s74-uz): u alone (session 73's u on session 72's s, without g), size-mode fatbin;
#   gz (7564d1e, exp-s74-gz): g alone (the bulk tiles' per-warp weight-scale gather after the barrier).
# Call 2 (u + g together) made the two-CTA shapes faster but the one-CTA bulk shapes 0.15-0.21 us slower; this
# call tells which of u and g costs them. Then u's tests, and synccheck of main's and u's splitk_small_m_test
# with room for more tracked barriers (call 2's synccheck of u + g warned of their overflow, then failed a launch).
set -u
source tools/device/call_preamble.sh c3 uz gz
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 3 80 "$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0" uz gz
syncc() {  # NAME BIN: synccheck at MXFP4_TEST_SCALE=small, tracking up to 2^16 barriers
  local rc=0
  MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool synccheck --num-cuda-barriers 65536 --error-exitcode 9 \
    "$2" >"$O/synccheck.$1.log" 2>&1 || rc=$?
  st "synccheck $1 rc=$rc"
  tail -2 "$O/synccheck.$1.log"
}
b=/tmp/v/uz/mxfp4.gpu.gemm
run_test uz_quant_then_mma_test 100 "$b.quant_then_mma_test" --gtest_filter="-*Ring*:*WarpSpecialized*" &
run_test uz_splitk_small_m_test 100 "$b.splitk_small_m_test" &
syncc uz_splitk "$b.splitk_small_m_test" &
syncc base_splitk .device/tests/mxfp4.gpu.gemm.splitk_small_m_test &
(O="$O/uz"; mkdir -p "$O"; sanitize 100 "*ContestShapes*:*Bulk*:*SmallLayers*" "$b.splitk_small_m_test" racecheck) &
wait
finish_call
