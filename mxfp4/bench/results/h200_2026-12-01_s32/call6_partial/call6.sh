#!/usr/bin/env bash
# session 32 call 6 (stage = the working tree: the ring tiles' partial loop for chunks off the ring step, on top of
# 8caa072): every GPU test, memcheck + racecheck of the new RingTilesChunksOffTheRingStep; forced ring configurations
# with chunks off the step (call 3's numbers are the exact loop's) and whole-step controls (the fast loop, unchanged).
source tools/device/call_preamble.sh c6
OUT="$O/run" timeout 250 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=200 \
  --sanitize_gtest_filter='*OffTheRingStep*' > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=60
R=quant_then_mma
bash tools/device/only_sweep.sh "64x5120x2880,128x2880x2880,32x5120x2880,16x5120x2880,1x5120x2880,32x2880x2880,64x7168x2048,64x4096x4096,256x1024x2048" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k4_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_ws_fold:1" > "$O/sweep.log" 2>&1
st "sweep rc=$?"
finish_call
