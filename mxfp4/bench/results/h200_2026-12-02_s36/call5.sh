#!/usr/bin/env bash
# session 36 call 5 (stage = the tree of RingLongDecode: the M <= 8 k4 decode kernel with 32 stages where its
# chunks have >= 96 blocks, the decode kernels launched by their own plan, RingForDecode's new bounds; variant
# "old" = 879f13c's gemm_paths_benchmark, from session 35's stage): all 9 GPU test binaries with memcheck and
# racecheck; then the new tree (base) against 879f13c (old), interleaved, two rounds: the k4 decode kernels forced
# (no cluster) on both sides of RingLongDecode's bound (96-block chunks: K = 12288 on 4 chunks) and auto on the
# shapes whose plan moved.
source tools/device/call_preamble.sh c5 old
OUT="$O/run" timeout 300 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 \
  > "$O/run_all.log" 2>&1
st "tests rc=$?"
export MXFP4_ONLY_TIMEOUT=200
F=""
for s in 1x8192x22016 1x5120x13824 1x4096x14336 1x5120x12288 4x4096x12288 1x8192x11264 2x5120x10240 1x8192x8192 \
         8x7168x4096 1x5120x3072 1x28672x4096 16x8192x8192 32x8192x8192; do
  F="$F,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:1"
done
for s in 5x2880x4096 8x4096x4096 6x3072x4864 4x2560x4864 1x3072x5376 64x7168x2048 16x2112x7168; do
  F="$F,$s:auto:auto:0"
done
st "A/B"
timeout 250 bash tools/device/only_ab.sh --reps=2 "${F#,}" old > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
