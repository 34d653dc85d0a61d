#!/usr/bin/env bash
# session 26 call 4: the prefill tile wgmma8_n128_m192_ws_fold (m64n192k32, one partial set, the blocks of a
# stage rolled) staged on branch m192b: its tests (ws, prepared, several waves; API), then against auto's
# n128_m128 ws tile on large M (only_ab.sh, phase clocks, 2 rounds), with and without a prepared copy.
set -u
source tools/device/call_preamble.sh c4
q=quant_then_mma
T=wgmma8_n128_m192_ws_fold
st test
MXFP4_REQUIRE_GPU=1 timeout 200 .device/tests/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WarpSpecialized*:*PreparedWeights*:*SeveralWaves*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -3 "$O/test.log"
MXFP4_REQUIRE_GPU=1 timeout 60 .device/tests/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1; echo "api rc=$?" | tee -a "$O/steps.log"
st ab
C=""
for s in 4096x4096x4096 2048x7168x2048 3072x3072x3072 1536x4096x4096 1024x4096x4096 768x4096x4096 512x3072x1536; do
  C="$C,$s:auto:auto:0,$s:$q:$T:0"
done
C="${C#,},4096x4096x4096:auto:auto:0:prepared,4096x4096x4096:$q:$T:0:prepared"
MXFP4_ONLY_TIMEOUT=200 bash tools/device/only_ab.sh --reps=2 "$C" > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
sed -n '/--- summary/,$p' "$O/ab.log" | sort -k2,2 -k3,3 -s | awk '{print $1, $2, $3, $4, $5}'
finish_call
