#!/usr/bin/env bash
# session 31 call 2 (stage of 0d33512; variant "rules" = the working tree with call 1's rules: resident streaming
# clusters, 8 < M <= 16 at 256 <= N < 512 and beyond 66 N tiles with K > 4096, N < 64): auto base against auto
# rules (two rounds, interleaved), then two sweeps for the next rules: 16 < M <= 32 and M <= 8 at N = 1088..4096,
# K = 1024..4096.
source tools/device/call_preamble.sh c2 rules
export MXFP4_ONLY_TIMEOUT=200
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
AB="1x1280x1024 8x1408x2048 16x1280x4096 1x1056x2048 16x1056x1024 8x1152x2048 24x1280x2048 32x1056x4096 32x1408x1024
1x1280x8192 8x1056x8192 1x1280x12288 8x1280x16384 1x1056x16384 8x1056x12288 12x1280x8192 16x1056x8192
12x2240x6144 16x2880x6144 12x2880x8192 16x2496x8192 12x256x6144 16x384x5120 16x480x6144 12x496x6144
12x320x8192 16x448x10240 16x496x12288 16x496x16384 4x496x4096 1x16x8192 8x48x16384 32x32x6144 24x48x12288
1x32x4096 2x48x3072"
list=""; for s in $AB; do list="$list,$s:auto:auto:0"; done
st "A/B auto base vs rules"
bash tools/device/only_ab.sh --reps=2 "${list#,}" rules > "$O/ab.log" 2>&1
st "rc=$?"
st "sweep 16 < M <= 32"
bash tools/device/only_sweep.sh "$(shapes "24 32" "1088 1152 1536 1792 2048 2880" "1024 1536 2048 3072 4096")" \
  "quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2 quant_then_mma:streamq_n32_m32_k4:1 quant_then_mma:streamq_n32_m32_k4:2 quant_then_mma:wgmma8_n64_m64_k2_fold:0 quant_then_mma:wgmma8_n64_m64_k4_fold:0" > "$O/rows32.log" 2>&1
st "rc=$?"
st "sweep M <= 8"
bash tools/device/only_sweep.sh "$(shapes "1 4 8" "1088 1536 2048 2880 4096" "1024 1536 2048 3072 4096")" \
  "splitk_small_m:stream_n16_m8_k8:1 splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n16_m8_k8:4 splitk_small_m:stream_n32_m8_k8_bulk:1 splitk_small_m:stream_n32_m8_k8_bulk:2 splitk_small_m:stream_n32_m8_k8:1 splitk_small_m:stream_n32_m8_k8:2 quant_then_mma:streamq_n32_m16_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:2" > "$O/rows8.log" 2>&1
st "rc=$?"
st "sweep M <= 8 long K, register vs bulk"
bash tools/device/only_sweep.sh "$(shapes "1 8" "1056 1280 1408" "12288 16384")" \
  "splitk_small_m:stream_n32_m8_k8:2 splitk_small_m:stream_n32_m8_k8:3 splitk_small_m:stream_n32_m8_k8:4 splitk_small_m:stream_n32_m8_k8_bulk:3 splitk_small_m:stream_n32_m8_k8_bulk:4 quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:2" > "$O/rows8_longk.log" 2>&1
st "rc=$?"
finish_call
