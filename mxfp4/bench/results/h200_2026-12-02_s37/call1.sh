#!/usr/bin/env bash
# session 37 call 1 (stage = session 36's 2e5b553 kernels and plans; variant "carve" = the same tree with every
# GEMM, quantizer and weight-staging kernel asking for the largest shared-memory carveout
# (cudaFuncAttributePreferredSharedMemoryCarveout = cudaSharedmemCarveoutMaxShared)). Hypothesis: the driver picks
# each kernel's L1/shared split by its own shared memory, and an SM must drain to change it, so a quantizer and a
# GEMM of different splits cannot overlap (programmatic launch) - and the 32-stage decode kernel (a larger split
# than the 16-stage one) lost ~0.4 us in session 36 call 3.
# A: forced k4 decode kernels without a cluster (16-stage shapes, the 32-stage ones) and auto on the contest and
#    the sweep's losses, interleaved, two rounds. B: the contest benchmark, base then carve, one round.
# C: call 2's G2 / G3 again with the streaming tiles at clusters of 1.
source tools/device/call_preamble.sh c1 carve
export MXFP4_ONLY_TIMEOUT=200
F=""
for s in 1x8192x8192 8x7168x4096 1x5120x3072 1x28672x4096 1x4096x14336 1x8192x22016; do
  F="$F,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:1"
done
for s in 4x2880x512 16x2112x7168 32x4096x512 32x2880x512 64x7168x2048 256x3072x1536 64x4096x4096 4096x512x512 \
         4096x1024x1024 64x16384x512 64x512x16384 1024x4096x4096; do
  F="$F,$s:auto:auto:0"
done
st "A/B"
timeout 300 bash tools/device/only_ab.sh --reps=2 "${F#,}" carve > "$O/ab.log" 2>&1
st "ab rc=$?"
OUT="$O/contest" REPS=1 timeout 240 bash tools/device/ab_contest.sh carve > "$O/contest.log" 2>&1
st "contest rc=$?"
# Call 2's streaming configurations named their cluster, not their splits: again with clusters of 1 (base only).
G2="1x2560x5888 1x4096x6400 4x3072x5888 4x4096x6400"
G3="12x2240x5120 12x2880x7168 16x2560x5120 16x2880x6144 16x2240x7168"
timeout 60 bash tools/device/only_sweep.sh --reps=2 "$G2" "splitk_small_m:stream_n32_m8_k8_bulk:1" > "$O/g2.log" 2>&1
timeout 60 bash tools/device/only_sweep.sh --reps=2 "$G3" "quant_then_mma:streamq_n32_m16_k8_bulk:1" > "$O/g3.log" 2>&1
st "sweeps rc=$?"
finish_call
