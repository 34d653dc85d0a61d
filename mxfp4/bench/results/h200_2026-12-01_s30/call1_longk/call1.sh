#!/usr/bin/env bash
# session 30 call 1 (slim stage of 6d2d003, main with only_sweep.sh): the small-layer regions outside
# session 29's rule, auto against split-K (and ring) configurations: K >= 5120 at N <= 1536, N = 1536 at
# K <= 4096, N < 64, the contest's 32-row K = 512 shapes, 64x512x16384's cluster choice.
source tools/device/call_preamble.sh c1
export MXFP4_ONLY_TIMEOUT=200
SK="splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n16_m8_k8:4 splitk_small_m:stream_n16_m8_k8:8
    splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m8_k8_bulk:4 splitk_small_m:stream_n32_m8_k8_bulk:8
    splitk_small_m:stream_n16_m16_k8:2 splitk_small_m:stream_n16_m16_k8:4 splitk_small_m:stream_n16_m16_k8:8
    splitk_small_m:stream_n32_m16_k8_bulk:2 splitk_small_m:stream_n32_m16_k8_bulk:4 splitk_small_m:stream_n32_m16_k8_bulk:8
    splitk_small_m:stream_n32_m16_k4:2 splitk_small_m:stream_n32_m16_k4:4 splitk_small_m:stream_n32_m16_k4:8"
RING="quant_then_mma:wgmma8_n64_m64_k4_fold:0 quant_then_mma:wgmma8_n64_m64_k4_fold:8 quant_then_mma:wgmma8_n64_m64_k2_fold:8"
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
st "longk small N"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 16 24 32" "256 512 768" "5120 6144 8192 12288 16384")" "$SK $RING" > "$O/longk_a.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 16 24 32" "1024 1536" "5120 6144 8192 12288 16384")" "$SK $RING" > "$O/longk_b.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 16 24 32" "1536" "1024 1536 2048 3072 4096")" "$SK $RING" > "$O/n1536.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 16 24 32" "16 32 48" "1024 2048 3072 4096")" "$SK" > "$O/narrow.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh --reps=3 "32x4096x512,32x2880x512,24x4096x512,16x4096x512" \
  "$SK fused_quant:stream_n64_m16_k4:0 fused_quant:stream_n32_m32_k4_c4:0 fused_quant:stream_n32_m16_k4:0 fused_quant:stream_n32_m32_k4_c2:0" > "$O/contest32.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh --reps=3 "64x512x16384,64x512x8192,64x256x16384,64x1024x8192,128x512x8192" \
  "quant_then_mma:wgmma8_n64_m64_k2_fold:8 quant_then_mma:wgmma8_n64_m64_k2_fold:4 quant_then_mma:wgmma8_n64_m64_k4_fold:8 quant_then_mma:wgmma8_n64_m64_k4_fold:4 quant_then_mma:wgmma8_n64_m64_k4_fold:2" > "$O/ringk.log" 2>&1
st "rc=$?"
finish_call
