#!/usr/bin/env bash
# session 34 call 9 (slim stage = 9ff1094; variant "two" = the decode kernels' fast loop with two steps of weights in
# flight, `cur` and `ahead` on alternate steps): auto base / two on decode shapes + 64-row controls.
source tools/device/call_preamble.sh c9 two
export MXFP4_ONLY_TIMEOUT=200
S=""
for s in 1x8192x22016 1x5120x17920 1x7168x18432 1x5120x13824 1x8192x8192 16x8192x8192 16x16384x16384 32x8192x8192 \
         8x7168x4096 1x4096x11008 16x4096x11008 1x1280x12288 8x1920x12288 32x4096x4096 32x2112x7168 1x7168x2048 \
         16x7168x2048 1x5120x2880 8x1280x10240 64x4096x4096 64x7168x2048 128x4096x4096; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
timeout 400 bash tools/device/only_ab.sh --reps=2 "${S#,}" two > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
