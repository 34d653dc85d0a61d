#!/usr/bin/env bash
# session 33 call 3 (stage = call 2's tree + the k2/k4 cluster-tie rule: k2 wherever the k4 tile's chunks are off the
# ring step; kernels identical to call 2's, which ran memcheck + racecheck): every GPU test, contest + sweep, then
# auto (now k2) against forced k4 (its own cluster) on a sample of the 1183 grid shapes whose plan the rule changed
# (two rounds).
source tools/device/call_preamble.sh c3
OUT="$O/run" timeout 420 bash tools/device/run_all.sh --tests --bench=contest,sweep --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=200
R=quant_then_mma
st "tie rule"
bash tools/device/only_sweep.sh --reps=2 "1x4096x11008,16x4096x11008,64x4096x11008,1x2880x8960,16x4096x8960,64x3072x11008,1x4096x6336,1x1536x18944,16x1792x17920,1x1280x22016,32x1216x22016,9x512x17920,16x896x22016,16x1024x11008,16x1536x12224,1x5120x4224,16x7168x6336,64x5120x4224,128x1024x11008,256x512x8960" \
  "$R:wgmma8_n64_m64_k2_fold:0 $R:wgmma8_n64_m64_k4_fold:0" > "$O/tie.log" 2>&1
st "tie rc=$?"
finish_call
