#!/usr/bin/env bash
# session 33 call 4 (stage = call 3's, the final kernels and plans): plan gaps. (A) M <= 16 with off-step K (2880,
# 4224, 5632) below the decode rule's N = 5120, where auto keeps the streaming tiles: against the k2 ring tile's
# partial loop (clusters 1, 2, auto) and k4. (B) M <= 8 at 40..44 N tiles with K >= 12288 (auto: the 8-row register
# split-K tile, clusters of 2) against split-K's bulk / register tiles with 2, 3, 4 and the ring tiles.
source tools/device/call_preamble.sh c4
export MXFP4_ONLY_TIMEOUT=200
R=quant_then_mma
A=""
for m in 1 8 16; do for n in 2048 2880 4096; do for k in 2880 4224 5632; do A="$A,${m}x${n}x${k}"; done; done; done
st "A"
bash tools/device/only_sweep.sh "${A#,}" \
  "$R:wgmma8_n64_m64_k2_fold:0 $R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k4_fold:0" > "$O/offstep_small_m.log" 2>&1
st "A rc=$?"
S=splitk_small_m
st "B"
bash tools/device/only_sweep.sh "1x1280x12288,1x1408x16384,4x1344x12288,8x1280x16384,8x1408x12288,1x1280x16384,8x1344x16384" \
  "$S:stream_n32_m8_k8_bulk:2 $S:stream_n32_m8_k8_bulk:3 $S:stream_n32_m8_k8_bulk:4 $S:stream_n32_m8_k8:3 $S:stream_n32_m8_k8:4 $R:wgmma8_n64_m64_k2_fold:0 $R:wgmma8_n64_m64_k4_fold:0 $R:streamq_n32_m16_k8_bulk:0" > "$O/m8_40tiles.log" 2>&1
st "B rc=$?"
finish_call
