#!/usr/bin/env bash
# session 35 call 3 (stage = b58cf27: the k4 decode kernels without a cluster on a ring of up to 16 stages of
# their own rows): all 9 GPU test binaries with memcheck and racecheck; then the k4 decode tile without a cluster
# (now faster) forced beside auto and the other ring plans on M <= 32 shapes where auto runs something else.
source tools/device/call_preamble.sh c3
OUT="$O/run" timeout 300 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 \
  > "$O/run_all.log" 2>&1
st "tests rc=$?"
R=quant_then_mma
export MXFP4_ONLY_TIMEOUT=250
SH="1x4096x7168 1x4096x8192 1x4096x14336 8x4096x8192 16x4096x14336 1x3072x14336 16x2880x14336 1x3072x8192
    16x3072x8192 1x2048x14336 8x2880x14336 1x4096x4096 1x4096x5632 8x4096x5632 1x2880x8192 8x3072x7168
    1x5120x11008 8x7168x11008 16x8192x11008 24x8192x4096 32x7168x8192 32x5120x8192 1x5120x3072 16x7168x3072"
CF="$R:wgmma8_n64_m64_k4_fold:1,$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k2_fold:1,$R:wgmma8_n64_m64_k2_fold:2"
st "sweep"
timeout 250 bash tools/device/only_sweep.sh --reps=2 "$SH" "$CF" > "$O/sweep.log" 2>&1
st "sweep rc=$?"
finish_call
