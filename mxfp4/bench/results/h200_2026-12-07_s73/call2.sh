#!/usr/bin/env bash
# The next session's first call (written in session 73, not run there: no device started). Carry
# [".device-pack"]: the stage of main 324e726 (main's kernels) and two variants, each with session 73's g (the
# bulk tiles finish their weight-scale gather per warp after the CTA barrier):
#   tg (35e0a41, exp-s73-land): t2 + g - the two-CTA streaming combine pushed by st.async into rank 1's free A
#      operand area (rank 1 arms its barrier after its math; rank 0 waits for that arrive, then pushes);
#   ugz (7a45889, exp-s73-ugz): u + g - the push into a receive tile that only two-CTA cluster plans hold, armed at
#      kernel start (variant s of session 72 without its cost to one-CTA launches: the address recomputed at use);
#      built with nvcc -compress-mode=size (MXFP4_FATBIN_COMPRESS=size: the same machine code, a pack ~30% smaller,
#      so that both packs fit the 64 MiB carry; its first run on the device: if its binaries fail to load, tg's
#      results still stand).
# Both push only in tiles of one 4-output chunk a thread. Timing separates the parts: the one-CTA bulk shapes
# (16x3072x1536, 12x2880x4096) see g (and only the code size of the combine's new branch, the same kernels);
# the two-CTA ones (16x2112x7168, 8x2112x7168, 1x2048x4096) t2 or u on top.
# Steps: only_ab main / tg / ugz (5 rounds); then at once: both variants' splitk_small_m_test and
# quant_then_mma_test (without the ring / ws cases, main's kernels), racecheck / synccheck of both
# splitk_small_m_tests, racecheck of both quant_then_mma_tests' contest and bulk cases, memcheck of ugz's.
set -u
source tools/device/call_preamble.sh c2 tg ugz
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 5 100 "$C,64x7168x2048:auto:auto:0,12x2880x4096:auto:auto:0" tg ugz
for v in tg ugz; do
  mkdir -p "$O/$v"
  (
    O="$O/$v"
    b=/tmp/v/$v/mxfp4.gpu.gemm
    run_test quant_then_mma_test 100 "$b.quant_then_mma_test" --gtest_filter="-*Ring*:*WarpSpecialized*" &
    run_test splitk_small_m_test 100 "$b.splitk_small_m_test" &
    sanitize 100 "*" "$b.splitk_small_m_test" racecheck &
    sanitize 100 "*" "$b.splitk_small_m_test" synccheck &
    sanitize 100 "*ContestShapes*:*Bulk*" "$b.quant_then_mma_test" racecheck &
    [[ "$v" == ugz ]] && sanitize 100 "*ContestShapes*:*Bulk*" "$b.quant_then_mma_test" memcheck &
    wait
  ) &
done
wait
cat "$O/steps.log" "$O/tg/steps.log" "$O/ugz/steps.log" 2>/dev/null
finish_call
