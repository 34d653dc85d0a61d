#!/usr/bin/env bash
# session 30 call 8 (stage of the final tree, c9b.. = call 7's): small layers with a long K below N = 256 and
# 8 < M <= 16 at N = 1536, auto against split-K and ring configurations, for the next rule.
source tools/device/call_preamble.sh c8
export MXFP4_ONLY_TIMEOUT=150
shapes() { local out=""; for m in $1; do for n in $2; do for k in $3; do out="$out,${m}x${n}x${k}"; done; done; done; echo "${out#,}"; }
C="splitk_small_m:stream_n16_m8_k8:2 splitk_small_m:stream_n16_m8_k8:4 splitk_small_m:stream_n16_m8_k8:8
   splitk_small_m:stream_n32_m8_k8_bulk:4 splitk_small_m:stream_n32_m8_k8_bulk:8
   quant_then_mma:wgmma8_n64_m64_k2_fold:8 quant_then_mma:wgmma8_n64_m64_k4_fold:8"
bash tools/device/only_sweep.sh "$(shapes "1 4 8 16 24 32" "64 128 192" "5120 8192 16384")" "$C" > "$O/narrow_longk.log" 2>&1; st "narrow rc=$?"
C="quant_then_mma:wgmma8_n64_m64_k4_fold:4 quant_then_mma:wgmma8_n64_m64_k2_fold:4 quant_then_mma:wgmma8_n64_m64_k4_fold:2"
bash tools/device/only_sweep.sh "$(shapes "12 16" "1536" "6144 8192 12288 16384")" "$C" > "$O/n1536.log" 2>&1; st "n1536 rc=$?"
finish_call
