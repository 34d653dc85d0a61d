#!/usr/bin/env bash
# session 31 call 1 (stage of 0d33512 = session 30's final tree): auto against forced configurations where
# (1) the streaming tiles' clusters overflow residency (StreamAutoClusterSize: N tiles 33 with 4, 40..44 with 3),
# (2) 8 < M <= 16 at 256 <= N < 512 with K > 4096, (3) 8 < M <= 16 beyond N = 1024 at 6144 <= K < 12288,
# (4) N < 64 with K > 4096, and M <= 4 with K = 3072 / 4096 below N = 64.
source tools/device/call_preamble.sh c1
export MXFP4_ONLY_TIMEOUT=200
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
Q16="quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2 quant_then_mma:streamq_n32_m16_k8_bulk:3 quant_then_mma:streamq_n32_m16_k8_bulk:4"
Q32="quant_then_mma:streamq_n32_m32_k4:1 quant_then_mma:streamq_n32_m32_k4:2 quant_then_mma:streamq_n32_m32_k4:3 quant_then_mma:streamq_n32_m32_k4:4"
SK8="splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m8_k8_bulk:4 splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n16_m8_k8:4"
RING="quant_then_mma:wgmma8_n64_m64_k2_fold:0 quant_then_mma:wgmma8_n64_m64_k4_fold:0"
st "item 1: M <= 16"
bash tools/device/only_sweep.sh "$(shapes "1 8 16" "1056 1280 1408" "1024 2048 4096 8192")" "$Q16 $SK8" > "$O/resident16.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh "$(shapes "1 8" "1056 1280 1408" "12288 16384")" "$SK8 splitk_small_m:stream_n32_m8_k8_bulk:3" > "$O/resident8_longk.log" 2>&1
st "rc=$?"
st "item 1: M = 24, 32"
bash tools/device/only_sweep.sh "$(shapes "24 32" "1056 1280 1408" "1024 2048 4096 8192")" "$Q32 $Q16 $RING" > "$O/resident32.log" 2>&1
st "rc=$?"
st "item 2a: 8 < M <= 16, 256 <= N < 512, K > 4096"
bash tools/device/only_sweep.sh "$(shapes "12 16" "256 320 384 448 480 496" "5120 6144 8192 10240 12288")" \
  "splitk_small_m:stream_n32_m16_k4:4 splitk_small_m:stream_n32_m16_k4:8 splitk_small_m:stream_n32_m8_k8_bulk:4 splitk_small_m:stream_n32_m8_k8_bulk:8 quant_then_mma:wgmma8_n64_m64_k2_fold:8 quant_then_mma:wgmma8_n64_m64_k2_fold:4" > "$O/n256.log" 2>&1
st "rc=$?"
st "item 2b: 8 < M <= 16, N > 1024, 6144 <= K < 12288"
bash tools/device/only_sweep.sh "$(shapes "12 16" "1280 1536 2048 2880 3584" "6144 8192 10240")" \
  "$RING quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:2 quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:1 quant_then_mma:streamq_n32_m16_k8_bulk:2 splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m8_k8_bulk:4" > "$O/wide.log" 2>&1
st "rc=$?"
st "item 2c: N < 64, K > 4096; M <= 4 at K = 3072 / 4096"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 16 32" "16 32 48" "6144 8192 16384")" \
  "$SK8 splitk_small_m:stream_n16_m8_k8:8 splitk_small_m:stream_n32_m8_k8_bulk:8 splitk_small_m:stream_n16_m16_k8:4 splitk_small_m:stream_n16_m16_k8:8 splitk_small_m:stream_n32_m16_k4:8" > "$O/narrow_longk.log" 2>&1
st "rc=$?"
bash tools/device/only_sweep.sh --reps=2 "$(shapes "1 4" "16 32 48" "3072 4096")" \
  "splitk_small_m:stream_n16_m8_k8:4 splitk_small_m:stream_n16_m8_k8:8" > "$O/narrow_m4.log" 2>&1
st "rc=$?"
finish_call
