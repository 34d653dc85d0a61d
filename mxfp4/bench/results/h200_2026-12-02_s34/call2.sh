#!/usr/bin/env bash
# session 34 call 2 (stage as call 1; variant "exactonly" = the stage with the decode forms'
# exact loop narrowed but A still copied in 64-row blocks): where the decode kernels' time goes - Nsight Compute
# (full set + stall reasons, and the source view) on 1x8192x22016 (k4, m64n8k32) and 16x8192x8192 (k4, m64n16k32);
# then auto base / exactonly on the shapes call 1 moved either way (is the k4 M = 1 loss the copies or the
# code?).
source tools/device/call_preamble.sh c2 exactonly
R=quant_then_mma
OUT="$O/run" timeout 200 bash tools/device/run_all.sh --bench=none \
  --profile_config=1x8192x22016:$R:wgmma8_n64_m64_k4_fold:1,16x8192x8192:$R:wgmma8_n64_m64_k4_fold:4 \
  --profile_source=1x8192x22016:$R:wgmma8_n64_m64_k4_fold:1,16x8192x8192:$R:wgmma8_n64_m64_k4_fold:4 \
  > "$O/run_all.log" 2>&1
st "profile rc=$?"
export MXFP4_ONLY_TIMEOUT=150
S=""
for s in 1x8192x22016 1x5120x17920 1x5120x13824 1x8192x8192 16x8192x8192 1x1280x12288 8x1920x12288 32x4096x4096 \
         32x2112x7168 16x4096x11008; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
timeout 250 bash tools/device/only_ab.sh --reps=2 "${S#,}" exactonly > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
