#!/usr/bin/env bash
# session 35 call 4 (slim stage = b58cf27: the k4 decode kernels without a cluster on a deeper ring): plan sweeps.
# P1: M <= 32 decode shapes at N >= 5120 below K = 4096, where auto takes the k2 ring tile (kRingK4MinGroups):
#     k4 without a cluster (now faster) against k2. P2: M <= 16 at N = 2048..4096 with N x K of 11-22 Mi (below the
#     decode rule's 24 Mi), where auto runs the streaming tiles: the ring tiles with a K-split cluster of 2.
source tools/device/call_preamble.sh c4
R=quant_then_mma
export MXFP4_ONLY_TIMEOUT=280
P1=""
for m in 1 8 16 32; do for n in 5120 8192; do for k in 1024 1536 2048 2560 3072 3584; do P1="$P1 ${m}x${n}x${k}"; done; done; done
P1="$P1 1x7168x2048 16x7168x2048 1x7168x3072 8x7168x2560"
st "P1"
timeout 280 bash tools/device/only_sweep.sh --reps=2 "$P1" "$R:wgmma8_n64_m64_k4_fold:1,$R:wgmma8_n64_m64_k2_fold:1" \
  > "$O/p1.log" 2>&1
st "P1 rc=$?"
P2=""
for m in 1 4 8 16; do
  for nk in 2880x4096 2880x5632 2880x7168 2880x8192 3072x4096 3072x5632 3072x7168 4096x4096 4096x5632 2048x8192 \
            2048x11008; do P2="$P2 ${m}x${nk}"; done
done
st "P2"
timeout 280 bash tools/device/only_sweep.sh --reps=2 "$P2" "$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k2_fold:2" \
  > "$O/p2.log" 2>&1
st "P2 rc=$?"
finish_call
