#!/usr/bin/env bash
# session 31 call 5 (stage of the final tree of calls 1-4, 50a1511): auto against forced configurations in the next
# regions: 8 < M <= 16 beyond N = 1024 with K <= 4096; M <= 8 beyond N = 1024 at K = 3072 / 4096; M = 64 at mid N;
# the small layers around 16x1024x1024.
source tools/device/call_preamble.sh c5
export MXFP4_ONLY_TIMEOUT=250
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
st "8 < M <= 16 beyond N = 1024, K <= 4096"
bash tools/device/only_sweep.sh "$(shapes "9 12 16" "1088 1536 2048 2880 4096" "1024 1536 2048 3072 4096")" \
  "quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2 quant_then_mma:streamq_n32_m16_k8_bulk:4 quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:1 quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:2 splitk_small_m:stream_n32_m8_k8:1 splitk_small_m:stream_n32_m8_k8:2 splitk_small_m:stream_n32_m8_k8_bulk:1 splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m16_k8:1 splitk_small_m:stream_n32_m16_k8:2 quant_then_mma:wgmma8_n64_m64_k2_fold:0 quant_then_mma:wgmma8_n64_m64_k4_fold:0" > "$O/rows16.log" 2>&1
st "rc=$?"
st "M <= 8 beyond N = 1024, K = 3072 / 4096"
bash tools/device/only_sweep.sh "$(shapes "1 8" "1536 2048 2880 4096" "3072 4096")" \
  "splitk_small_m:stream_n32_m8_k8_bulk:1 splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m8_k8:1 splitk_small_m:stream_n32_m8_k8:2 quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2 quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:1 quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:2" > "$O/rows8_k4096.log" 2>&1
st "rc=$?"
st "M = 64"
bash tools/device/only_sweep.sh "$(shapes "48 64" "1024 2048 4096 7168" "1024 2048 4096"),64x16384x512,64x512x16384,64x4096x8192" \
  "quant_then_mma:wgmma8_n64_m64_k2_fold:1 quant_then_mma:wgmma8_n64_m64_k2_fold:2 quant_then_mma:wgmma8_n64_m64_k2_fold:4 quant_then_mma:wgmma8_n64_m64_k4_fold:1 quant_then_mma:wgmma8_n64_m64_k4_fold:2 quant_then_mma:wgmma8_n64_m64_k4_fold:4 quant_then_mma:wgmma8_n128_m64_k2_fold:1 quant_then_mma:wgmma8_n64_m64_k2_ws_fold:1 quant_then_mma:wgmma8_n64_m64_k2_fold:8 quant_then_mma:wgmma8_n64_m64_k4_fold:8" > "$O/rows64.log" 2>&1
st "rc=$?"
st "small layers around 16x1024x1024"
bash tools/device/only_sweep.sh --reps=2 "$(shapes "8 16" "512 768 1024" "1024 2048")" \
  "splitk_small_m:stream_n16_m16_k8:1 splitk_small_m:stream_n16_m16_k8:2 splitk_small_m:stream_n16_m16_k8:4 splitk_small_m:stream_n16_m8_k8:1 splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n16_m8_k8:4 splitk_small_m:stream_n32_m16_k4:1 splitk_small_m:stream_n32_m16_k4:2 splitk_small_m:stream_n32_m8_k8:1 splitk_small_m:stream_n32_m8_k8:2 splitk_small_m:stream_n32_m8_k8_bulk:2 fused_quant:stream_n32_m16_k4:0 fused_quant:stream_n32_m8_k4:0 quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2" > "$O/small.log" 2>&1
st "rc=$?"
finish_call
