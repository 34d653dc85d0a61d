#!/usr/bin/env bash
# session 34 call 3 (slim stage = call 1's tree: the decode forms' narrow A copies, no prefetch; variants "pf2" /
# "pf6" = the same plus an L2 prefetch of the decode forms' weights and scales 3 / 7 loop steps ahead (session 28's
# ring_l2_prefetch, then measured on the 64-row kernels only; call 2's profile of 1x8192x22016 has the decode loop 43%
# long-scoreboard stalls on the weight words, DRAM at 48%)): auto base / pf2 / pf6 on decode shapes + controls.
source tools/device/call_preamble.sh c3 pf2 pf6
export MXFP4_ONLY_TIMEOUT=200
S=""
for s in 1x8192x22016 1x5120x17920 1x7168x18432 1x5120x13824 1x8192x8192 16x8192x8192 16x16384x16384 32x8192x8192 \
         8x7168x4096 1x4096x11008 16x4096x11008 1x1280x12288 8x1920x12288 32x4096x4096 32x2112x7168 1x7168x2048 \
         16x7168x2048 1x5120x2880 64x4096x4096 64x7168x2048; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
timeout 400 bash tools/device/only_ab.sh --reps=2 "${S#,}" pf2 pf6 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
