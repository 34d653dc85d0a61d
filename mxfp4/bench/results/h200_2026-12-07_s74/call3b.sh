#!/usr/bin/env bash
# call3.sh cut to what ~250 s of budget allows (carry [".device-pack"]: stage 324e726, uz, gz): only_ab main / uz /
# gz (3 rounds), then synccheck of main's and uz's splitk_small_m_test beside uz's splitk_small_m_test.
set -u
source tools/device/call_preamble.sh c3 uz gz
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 3 70 "$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0" uz gz
syncc() {  # NAME BIN: synccheck at MXFP4_TEST_SCALE=small, tracking up to 2^16 barriers
  local rc=0
  MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool synccheck --num-cuda-barriers 65536 --error-exitcode 9 \
    "$2" >"$O/synccheck.$1.log" 2>&1 || rc=$?
  st "synccheck $1 rc=$rc"
  tail -2 "$O/synccheck.$1.log"
}
b=/tmp/v/uz/mxfp4.gpu.gemm
run_test uz_splitk_small_m_test 60 "$b.splitk_small_m_test" &
syncc uz_splitk "$b.splitk_small_m_test" &
syncc base_splitk .device/tests/mxfp4.gpu.gemm.splitk_small_m_test &
wait
finish_call
