#!/usr/bin/env bash
# session 30 call 5 (stage of 403c4f7, the final tree of call 4): for 8 < M <= 32 inside the small-layer rule
# (N = 64..1024, K = 1024..4096), auto (the 16-row tiles) against the 8-row split-K tiles, which won below N = 64.
source tools/device/call_preamble.sh c5
export MXFP4_ONLY_TIMEOUT=200
C="splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n16_m8_k8:4 splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m8_k8_bulk:4"
S=""
for m in 12 16 24 32; do for n in 64 128 256 512 768 1024; do for k in 1024 2048 3072 4096; do S="$S,${m}x${n}x${k}"; done; done; done
bash tools/device/only_sweep.sh "${S#,}" "$C" > "$O/rows.log" 2>&1; st "rows rc=$?"
finish_call
