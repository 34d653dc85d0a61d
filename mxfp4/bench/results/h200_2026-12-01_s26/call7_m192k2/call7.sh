#!/usr/bin/env bash
# session 26 call 7: the K-split 192-row ws tile wgmma8_n64_m192_k2_ws_fold (2 ring stages of 66 KB) against
# auto on mid-M grids where the m128 k2 grid exceeds a wave but the m192 k2 one does not (staged branch
# m192k2): its tests, then only_ab.sh (2 rounds), with and without a prepared copy on one shape.
set -u
source tools/device/call_preamble.sh c7
q=quant_then_mma
T=wgmma8_n64_m192_k2_ws_fold
st test
MXFP4_REQUIRE_GPU=1 timeout 200 .device/tests/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WarpSpecialized*:*PreparedWeights*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -3 "$O/test.log"
MXFP4_REQUIRE_GPU=1 timeout 60 .device/tests/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1; echo "api rc=$?" | tee -a "$O/steps.log"
st ab
C=""
for s in 384x4096x4096 384x3072x1536 192x7168x2048 160x8192x4096 320x2880x4096 256x3072x1536 512x2048x2048; do
  C="$C,$s:auto:auto:0,$s:$q:$T:0"
done
C="${C#,},384x4096x4096:auto:auto:0:prepared,384x4096x4096:$q:$T:0:prepared"
MXFP4_ONLY_TIMEOUT=200 bash tools/device/only_ab.sh --reps=2 "$C" > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^only" "$O/ab.log" | awk '{print $2,$3,$4,$5,$6,$7,$8,$9,$11,$NF}' | cut -c1-170
finish_call
