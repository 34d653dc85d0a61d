#!/usr/bin/env bash
# session 36 call 2 (slim stage = 879f13c's kernels and plans; variant "bulkw" = the working tree: the k4 decode
# kernels without a cluster take their preshuffled weight words by bulk copies into a 4-step ring per warp, launched
# with their own shared-memory plan (A ring 16 / 8 / 4 stages at M <= 8 / 16 / 32), and RingForDecode's band from
# K = 4096 at M = 5..8 (split-K kept at M <= 4 for off-step K below 5632)).
# F: the k4 decode kernels forced (k4, no cluster); A: auto on the band's shapes (stage: split-K; bulkw: the ring).
source tools/device/call_preamble.sh c2 bulkw
export MXFP4_ONLY_TIMEOUT=250
F=""
for s in 1x8192x22016 1x5120x17920 1x7168x18432 1x5120x13824 1x8192x8192 16x8192x8192 32x8192x8192 8x7168x4096 \
         1x5120x3072 32x8192x2560 16x16384x16384 1x28672x4096 4x14336x4096; do
  F="$F,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:1"
done
for s in 5x2880x4096 6x3072x4096 7x4096x4096 8x2560x4096 5x4096x4864 7x3072x5376 8x2240x4096; do
  F="$F,$s:auto:auto:0"
done
st "A/B"
timeout 500 bash tools/device/only_ab.sh --reps=2 "${F#,}" bulkw > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
