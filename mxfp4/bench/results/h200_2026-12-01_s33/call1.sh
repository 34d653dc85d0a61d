#!/usr/bin/env bash
# session 33 call 1 (stage = 34d9570 + the ring tiles' partial loop and the removal of session 32's K = 2880 detours;
# variant "old" = 34d9570's gemm_paths_benchmark): every GPU test with memcheck + racecheck, then auto old vs new
# (three rounds, interleaved) on the kernels whose registers/spills ptxas moved (k4/k2 decode, k4 clusters, 128-row
# folds) and on the K = 2880 / off-step shapes whose plan changed.
source tools/device/call_preamble.sh c1 old
OUT="$O/run" timeout 280 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=100
S=""
for s in 16x8192x8192 32x4096x4096 16x7168x4096 1x8192x8192 64x4096x4096 96x1024x4096 16x7168x2048 1x7168x2048 \
         32x8512x2048 256x3072x1536 128x4096x4096 64x7168x2048 16x2112x7168 12x1280x10240 64x512x8192 \
         1x5120x2880 8x5120x2880 16x5120x2880 24x5120x2880 32x5120x2880 64x5120x2880 128x2880x2880 \
         1x5760x2880 4x5760x2880 8x5760x2880 1x6144x2880 32x2880x2880 32x4096x1984 256x5120x2880 1x2880x2880; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
bash tools/device/only_ab.sh --reps=3 "${S#,}" old > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
