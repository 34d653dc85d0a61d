#!/usr/bin/env bash
# session 31 call 7 (stage of call 4's tree, 50a1511): the small-layer rule's 16 < M <= 32 and its K = 3072 / 4096
# end for 8 < M <= 16 against the 8-row register split-K tile and its neighbours.
source tools/device/call_preamble.sh c7
export MXFP4_ONLY_TIMEOUT=200
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
C="splitk_small_m:stream_n32_m8_k8:1 splitk_small_m:stream_n32_m8_k8:2 splitk_small_m:stream_n16_m8_k8:1 splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n32_m16_k4:1 splitk_small_m:stream_n32_m16_k4:2 splitk_small_m:stream_n16_m16_k8:2 splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m16_k8_bulk:2 quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2"
st "16 < M <= 32 small layers"
bash tools/device/only_sweep.sh --reps=2 "$(shapes "24 32" "512 768 1024" "1024 1536 2048")" "$C" > "$O/rows32_small.log" 2>&1
st "rc=$?"
st "8 < M <= 16 small layers, K = 3072 / 4096"
bash tools/device/only_sweep.sh --reps=2 "$(shapes "12 16" "640 768 1024" "3072 4096")" "$C" > "$O/rows16_small_longk.log" 2>&1
st "rc=$?"
finish_call
