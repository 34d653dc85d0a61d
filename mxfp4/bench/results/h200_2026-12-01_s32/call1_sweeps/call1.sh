#!/usr/bin/env bash
# session 32 call 1 (stage of cc67997): auto against forced configurations in the regions session 31 left:
# M = 48..256 at mid N with short / mid K (ring k2 / k4 with clusters 1..4, the k2 ws twin, the m128 ws tile);
# 16 < M <= 32 at K = 3072..4096 below N = 2048; 8 < M <= 16 beyond N = 1024 at 8192 < K < 12288;
# clusters of 2 vs 3 at 34..38 N tiles by M.
source tools/device/call_preamble.sh c1
export MXFP4_ONLY_TIMEOUT=250
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
R=quant_then_mma
st "M = 96..256, mid N"
bash tools/device/only_sweep.sh "$(shapes "96 128 192 256" "512 1024 1536 2048" "512 1024 2048 4096")" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k4_fold:1 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4 $R:wgmma8_n64_m64_k2_ws_fold:1 $R:wgmma8_n64_m128_k2_ws_fold:1 $R:wgmma8_n64_m128_k2_fold:1 $R:wgmma8_n64_m128_k2_fold:2" > "$O/rows_mid.log" 2>&1
st "rc=$?"
st "M = 48 / 64, few tiles, K = 512..2048"
bash tools/device/only_sweep.sh "$(shapes "48 64" "256 512 768 1024 1536" "512 1024 2048")" \
  "$R:wgmma8_n64_m64_k2_fold:1 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k2_fold:8 $R:wgmma8_n64_m64_k4_fold:1 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4 $R:wgmma8_n64_m64_k2_ws_fold:1" > "$O/rows64.log" 2>&1
st "rc=$?"
st "16 < M <= 32, K = 3072..4096"
bash tools/device/only_sweep.sh "$(shapes "24 32" "544 768 1024 1536 2048" "3072 3584 4096")" \
  "splitk_small_m:stream_n32_m16_k8_bulk:1 splitk_small_m:stream_n32_m16_k8_bulk:2 $R:streamq_n32_m16_k8_bulk:1 $R:streamq_n32_m16_k8_bulk:2 $R:streamq_n32_m32_k4:1 $R:streamq_n32_m32_k4:2 $R:wgmma8_n64_m64_k2_fold:0 $R:wgmma8_n64_m64_k4_fold:0 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4" > "$O/rows32.log" 2>&1
st "rc=$?"
st "8 < M <= 16 beyond N = 1024, 8192 < K < 12288"
bash tools/device/only_sweep.sh "$(shapes "12 16" "1088 1280 1536 2048" "9216 10240 11264")" \
  "$R:streamq_n32_m16_k8_bulk_e4m3:2 $R:streamq_n32_m16_k8_bulk_e4m3:1 $R:streamq_n32_m16_k8:2 $R:wgmma8_n64_m64_k2_fold:0 $R:wgmma8_n64_m64_k4_fold:0 $R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4" > "$O/rows16_longk.log" 2>&1
st "rc=$?"
st "clusters of 2 / 3 / 4 at 34..38 N tiles by M"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 12 16" "1088 1152 1216" "3072 4096 6144")" \
  "$R:streamq_n32_m16_k8_bulk:2 $R:streamq_n32_m16_k8_bulk:3 $R:streamq_n32_m16_k8_bulk:4 $R:streamq_n32_m16_k8_bulk_e4m3:2 $R:streamq_n32_m16_k8_bulk_e4m3:3" > "$O/cluster3.log" 2>&1
st "rc=$?"
finish_call
