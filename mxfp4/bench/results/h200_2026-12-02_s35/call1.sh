#!/usr/bin/env bash
# session 35 call 1 (stage = 21bb34b's kernels; variant "two64" = the 64-row k2 / n128 ring kernels (kMmaRows = 64,
# two warpgroups) keep two steps of weights in flight too): Nsight Compute of the two-step decode loop
# (1x8192x22016, k4) and of the 64-row k2 loop (64x7168x2048); auto base / two64 on M > 32 ring k2 shapes.
source tools/device/call_preamble.sh c1 two64
R=quant_then_mma
OUT="$O/run" timeout 200 bash tools/device/run_all.sh --bench=none \
  --profile_config=1x8192x22016:$R:wgmma8_n64_m64_k4_fold:1,64x7168x2048:$R:wgmma8_n64_m64_k2_fold:2 \
  --profile_source=1x8192x22016:$R:wgmma8_n64_m64_k4_fold:1,64x7168x2048:$R:wgmma8_n64_m64_k2_fold:2 \
  > "$O/run_all.log" 2>&1
st "profile rc=$?"
export MXFP4_ONLY_TIMEOUT=200
S=""
for s in 64x7168x2048 64x4096x4096 48x8192x2048 64x5120x3072 96x3072x3072 128x4096x2048 256x1920x1536 \
         256x2112x11008 128x3072x8960 64x512x8192 64x1024x4096 48x2048x2048 96x2112x18944 256x256x7168 \
         128x1536x1536 64x8192x8192 128x1280x2048 1x8192x22016 16x8192x8192; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
timeout 300 bash tools/device/only_ab.sh --reps=2 "${S#,}" two64 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
