#!/usr/bin/env bash
# session 32 call 2 (stage cc67997; variant "rules" = the session 32 plan rules): auto before/after on 54 shapes
# (two rounds, interleaved), then sweeps: M > 32 at K = 1536 (ws twin / k2 clusters), few tiles at K = 4096
# (k2 c8), mid-M / prefill grids at N = 1024..4096 against the ws tiles.
source tools/device/call_preamble.sh c2 rules
export MXFP4_ONLY_TIMEOUT=250
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
R=quant_then_mma
st "A/B"
bash tools/device/only_ab.sh --reps=2 "33x512x512:auto:auto:0,48x2048x1024:auto:auto:0,64x7168x1024:auto:auto:0,96x2880x512:auto:auto:0,128x4096x1024:auto:auto:0,384x1024x512:auto:auto:0,512x1024x1024:auto:auto:0,1024x512x512:auto:auto:0,33x64x1024:auto:auto:0,256x2048x512:auto:auto:0,33x512x2048:auto:auto:0,64x256x3072:auto:auto:0,96x768x3072:auto:auto:0,128x512x2048:auto:auto:0,192x512x2048:auto:auto:0,256x256x3072:auto:auto:0,48x1536x2048:auto:auto:0,512x128x2048:auto:auto:0,17x1024x9216:auto:auto:0,32x1536x9216:auto:auto:0,48x1024x11264:auto:auto:0,64x512x9216:auto:auto:0,128x1024x9216:auto:auto:0,16x1024x11264:auto:auto:0,256x256x11264:auto:auto:0,6x1088x2560:auto:auto:0,8x1152x3072:auto:auto:0,12x1216x4096:auto:auto:0,16x1088x5120:auto:auto:0,9x1152x7168:auto:auto:0,16x1216x6144:auto:auto:0,32x768x3072:auto:auto:0,24x544x4096:auto:auto:0,32x1024x3584:auto:auto:0,17x896x3072:auto:auto:0,24x1024x3072:auto:auto:0,16x1536x10240:auto:auto:0,12x1280x10240:auto:auto:0,16x1536x11264:auto:auto:0,9x1792x11264:auto:auto:0,16x2048x11264:auto:auto:0,24x1152x3584:auto:auto:0,32x1536x3584:auto:auto:0,32x2048x3584:auto:auto:0,24x2048x3584:auto:auto:0,32x1024x4096:auto:auto:0,24x896x4096:auto:auto:0,24x544x3072:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0" rules > "$O/ab.log" 2>&1
st "rc=$?"
st "K = 1536 at M > 32"
bash tools/device/only_sweep.sh "$(shapes "48 64 128 256" "512 1024 2048 4096" "1536")" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k2_ws_fold:1" > "$O/k1536.log" 2>&1
st "rc=$?"
st "few tiles at K = 4096 / 3072"
bash tools/device/only_sweep.sh "$(shapes "48 64 128" "128 256 512" "3072 4096")" \
  "$R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k2_fold:8 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4 $R:wgmma8_n64_m64_k4_fold:8" > "$O/few4096.log" 2>&1
st "rc=$?"
st "mid-M / prefill"
bash tools/device/only_sweep.sh "$(shapes "384 512 768 1024" "1024 2048 4096" "1024 2048 4096")" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k4_fold:1 $R:wgmma8_n64_m64_k2_ws_fold:1 $R:wgmma8_n64_m128_k2_ws_fold:1 $R:wgmma8_n128_m128_ws_fold:1 $R:wgmma8_n64_m192_k2_ws_fold:1 $R:wgmma8_n128_m192_ws_fold:1" > "$O/prefill.log" 2>&1
st "rc=$?"
finish_call
