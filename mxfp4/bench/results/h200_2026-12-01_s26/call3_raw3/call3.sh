#!/usr/bin/env bash
# session 26 call 3: the ws tiles with 3 raw staging stages (variant raw3: two stages of the producer's
# weight copies in flight while it converts one) and session 25's issue_stage_unify.patch (variant unify),
# against the staged tree (ws kernels as main c674398): their ws tests, then only_ab.sh (3 rounds).
set -u
source tools/device/call_preamble.sh c3 raw3 unify
q=quant_then_mma
st test
for v in raw3 unify; do
  MXFP4_REQUIRE_GPU=1 timeout 120 /tmp/v/$v/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WarpSpecialized*:*PreparedWeights*:*SeveralWaves*' > "$O/test_$v.log" 2>&1; echo "test $v rc=$?" | tee -a "$O/steps.log"
  tail -2 "$O/test_$v.log"
done
st ab
C="256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,512x3072x1536:auto:auto:0,1024x4096x4096:auto:auto:0,64x7168x2048:$q:wgmma8_n64_m64_k2_ws_fold:0,128x2048x2048:$q:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:auto:auto:0:prepared"
bash tools/device/only_ab.sh --reps=3 "$C" raw3 unify > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
sed -n '/--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s | awk '{print $1, $2, $3, $4, $5}'
finish_call
