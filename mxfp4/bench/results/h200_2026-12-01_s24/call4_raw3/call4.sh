#!/usr/bin/env bash
# session 24 call 4: the ws producer's raw weight staging 3 stages deep (two stages of copies in
# flight while one is converted; was 2: one in flight). Variant raw3 against the staged main (b27198f):
# the ws tests bit-exact, then --only hot/cold of the ws plans (converting and prepared), twice each
# alternating base / raw3, and phase clocks of 256x3072x1536.
set -u
source tools/device/call_preamble.sh c4 raw3
VB=/tmp/v/raw3
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
export MXFP4_REQUIRE_GPU=1
st test
timeout 200 $VB/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*EveryTile*:*WarpSpecialized*:*PreparedWeights*:*FoldedScalesAtTheEdges*:*ContestShapes*:*CudaGraph*:*WeightsWritten*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
st only
q=quant_then_mma
C="256x3072x1536:auto:auto:0,256x3072x1536:auto:auto:0:prepared,256x2880x512:auto:auto:0,512x3072x1536:$q:wgmma8_n64_m128_k2_ws_fold:0"
C="$C,64x7168x2048:$q:wgmma8_n64_m64_k2_ws_fold:0,64x7168x2048:auto:auto:0:prepared,128x2048x2048:auto:auto:0:prepared"
C="$C,4096x4096x4096:$q:wgmma8_n128_m128_ws_fold:0,4096x4096x4096:auto:auto:0:prepared,160x2560x4096:$q:wgmma8_n64_m128_k2_ws_fold:0"
for r in 1 2; do
  timeout 100 stdbuf -oL $B --only=$C --cold > "$O/base$r.log" 2>&1; echo "base rc=$?" | tee -a "$O/steps.log"
  timeout 100 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C --cold > "$O/raw3_$r.log" 2>&1; echo "raw3 rc=$?" | tee -a "$O/steps.log"
done
st phase
P=256x3072x1536:auto:auto:0
timeout 60 stdbuf -oL $B --only=$P --phase_clock > "$O/phase_base.log" 2>&1
timeout 60 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$P --phase_clock > "$O/phase_raw3.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st done
tail -3 "$O/test.log"
for f in base1 raw3_1 base2 raw3_2; do echo "== $f"; grep '^only' "$O/$f.log" | cut -c1-75; done
for f in phase_base phase_raw3; do echo "== $f"; grep "phase " "$O/$f.log" | cut -c1-110; done
finish_call
