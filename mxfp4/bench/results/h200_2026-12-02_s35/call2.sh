#!/usr/bin/env bash
# session 35 call 2 (slim stage = 21bb34b's kernels; variants "deep8" / "deep16" = the decode kernels' activation
# ring sized for their kMmaRows-row stages, up to 8 / 16 stages deep (was the 64-row tile's depth: 4 for k4, 8 for
# k2)): call 1's profile of 1x8192x22016 had 16% of the loop's samples on the stage waits, nearly every first
# try_wait failing. auto base / deep8 / deep16 on decode shapes + a 64-row control.
source tools/device/call_preamble.sh c2 deep8 deep16
export MXFP4_ONLY_TIMEOUT=250
S=""
for s in 1x8192x22016 1x5120x17920 1x7168x18432 1x5120x13824 1x8192x8192 16x8192x8192 16x16384x16384 32x8192x8192 \
         8x7168x4096 1x4096x11008 16x4096x11008 1x1280x12288 8x1920x12288 32x4096x4096 32x2112x7168 1x7168x2048 \
         16x7168x2048 1x5120x2880 8x1280x10240 4x8192x3072 64x7168x2048; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
timeout 500 bash tools/device/only_ab.sh --reps=2 "${S#,}" deep8 deep16 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
