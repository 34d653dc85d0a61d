#!/usr/bin/env bash
# session 36 call 4 (slim stage = 879f13c; variants "deep32" = call 3's (the M <= 8 k4 decode kernel with 32
# stages, launched by its own plan) and "fence1" = deep32 with the ring body's barrier init by thread 0 in a loop
# and one fence (was one barrier and one fence.mbarrier_init per thread for kRingStages threads: call 3 found the
# 32-stage kernel's entry -> dependency ~800 cycles longer with identical PTX but for constants)).
source tools/device/call_preamble.sh c4 deep32 fence1
export MXFP4_ONLY_TIMEOUT=250
F=""
for s in 1x8192x22016 1x5120x13824 1x8192x8192 8x7168x4096 1x5120x3072 1x28672x4096 16x8192x8192 32x8192x8192; do
  F="$F,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:1"
done
for s in 64x7168x2048 1x4096x11008 16x7168x2048 128x4096x4096 8x4096x5632 256x4096x4096 64x4096x4096; do
  F="$F,$s:auto:auto:0"
done
st "A/B"
timeout 540 bash tools/device/only_ab.sh --reps=2 "${F#,}" deep32 fence1 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
