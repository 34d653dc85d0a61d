#!/usr/bin/env bash
# session 34 call 1 (stage = a9b56e7 + the decode forms' A copies cut to their kMmaRows rows (the quantizer's
# row tile = RingDecodeMmaRows); variant "old" = a9b56e7's gemm_paths_benchmark): every GPU test with memcheck +
# racecheck; auto old vs new on M <= 32 shapes auto runs on the ring tiles' decode forms (+ controls).
source tools/device/call_preamble.sh c1 old
OUT="$O/run" timeout 280 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=150
S=""
for s in 1x8192x22016 1x5120x17920 1x7168x18432 1x8192x8192 16x8192x8192 16x16384x16384 32x8192x8192 \
         8x7168x4096 1x4096x11008 16x4096x11008 1x5120x13824 1x1280x12288 8x1920x12288 32x16384x1024 \
         1x7168x2048 16x7168x2048 32x4096x4096 32x2112x7168 1x5120x2880 \
         64x4096x4096 256x3072x1536 16x2112x7168 64x7168x2048; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
timeout 250 bash tools/device/only_ab.sh --reps=2 "${S#,}" old > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
