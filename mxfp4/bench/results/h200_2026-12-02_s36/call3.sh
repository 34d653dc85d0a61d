#!/usr/bin/env bash
# session 36 call 3 (slim stage = 879f13c's kernels and plans; variant "deep32" = the working tree: the k4 decode
# kernels without a cluster launch with their own shared-memory plan (LaunchTileWithSmem), and the M <= 8 one holds
# 32 stages of its 8 rows in the activation ring (was 16; M <= 16 / 32 keep 16 / 8), plus the plan changes of call 2).
# The k4 decode kernels forced (no cluster): M <= 8 shapes and M = 16 / 32 controls (their code is unchanged).
source tools/device/call_preamble.sh c3 deep32
export MXFP4_ONLY_TIMEOUT=250
F=""
for s in 1x8192x22016 1x5120x17920 1x7168x18432 1x5120x13824 1x8192x8192 8x8192x8192 4x5120x8192 8x7168x4096 \
         1x5120x3072 1x7168x2560 1x28672x4096 4x14336x4096 1x4096x14336 16x8192x8192 32x8192x8192; do
  F="$F,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:1"
done
st "A/B"
timeout 500 bash tools/device/only_ab.sh --reps=2 "${F#,}" deep32 > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
