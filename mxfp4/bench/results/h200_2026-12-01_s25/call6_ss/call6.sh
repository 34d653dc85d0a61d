#!/usr/bin/env bash
# session 25 call 6: the ws stage scales stored as 2^(S-120) by one IMAD (variant ss, on 2c13796 = the
# staged 37cc782's kernels): the whole quant_then_mma_test, a memcheck of its ws-heavy tests, and the ws
# shapes against the staged base (only_ab, 2 rounds).
set -u
source tools/device/call_preamble.sh c6 ss
V=/tmp/v/ss
T=$V/mxfp4.gpu.gemm.quant_then_mma_test
st test
MXFP4_REQUIRE_GPU=1 timeout 150 $T > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/test.log"
st memcheck
MXFP4_TEST_SCALE=small MXFP4_REQUIRE_GPU=1 timeout 150 "$CS" --tool memcheck --error-exitcode 99 $T \
  '--gtest_filter=*WarpSpecialized*:*EveryTile*:*PreparedWeights*:*WideExponents*:*FoldedScales*:*RingTilesOnGrids*' > "$O/mem.log" 2>&1
echo "mem rc=$? $(grep 'ERROR SUMMARY' "$O/mem.log")" | tee -a "$O/steps.log"
st only
q=quant_then_mma
C="256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,512x3072x1536:auto:auto:0,1024x4096x4096:auto:auto:0,128x2048x2048:$q:wgmma8_n64_m128_k2_ws_fold:0,64x7168x2048:$q:wgmma8_n64_m64_k2_ws_fold:0"
bash tools/device/only_ab.sh --reps=2 "$C" ss > "$O/only.log" 2>&1; echo "only rc=$?" | tee -a "$O/steps.log"
st done
sed -n '/--- summary/,$p' "$O/only.log"
finish_call
