#!/usr/bin/env bash
# session 19 call 4: "ldg" (the ws producer loads each raw weight block straight into registers with LDG.128, one
# stage ahead, instead of cp.async staging + LDS) against the staged f2a5ab3: ws tests of quant_then_mma_test, --only phase clocks.
set -u
source tools/device/call_preamble.sh c4 ldg
export MXFP4_REQUIRE_GPU=1
st test
timeout 200 /tmp/v/ldg/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WarpSpecialized*:*EveryTile*:*FoldedScales*:*Underflowing*:*RingWeightScale*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0,256x3072x1536:auto:auto:0
for b in base ldg base ldg; do
  if [[ $b == base ]]; then B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; else B=/tmp/v/$b/mxfp4.gpu.gemm.gemm_paths_benchmark; fi
  st "$b"
  echo "=== $b" >> "$O/only.log"
  timeout 100 $B --only=$P --phase_clock >> "$O/only.log" 2>&1
done
st done
tail -3 "$O/test.log"
grep -E '^===|^only|ready -> math|entry -> ready' "$O/only.log"
finish_call
