#!/usr/bin/env bash
# session 33 call 6 (stage = a304e62): the edges of RingForLongKMidLayer8Rows, auto against forced configurations -
# M <= 8 at 31..32 tiles of 64 rows (N = 1952..2048, K = 12288: the k4 tile's clusters of 4 no longer resident) and
# at 34..39 N tiles of 32 rows (N = 1088..1248, K >= 12288: split-K's bulk tile with 3).
source tools/device/call_preamble.sh c6
export MXFP4_ONLY_TIMEOUT=200
R=quant_then_mma
bash tools/device/only_sweep.sh "1x1952x12288,8x2016x12288,4x1984x12288,1x1088x12288,8x1216x16384,4x1152x12288,1x1248x16384" \
  "$R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 splitk_small_m:stream_n32_m8_k8_bulk:3 splitk_small_m:stream_n32_m8_k8:2" > "$O/edges.log" 2>&1
st "edges rc=$?"
finish_call
