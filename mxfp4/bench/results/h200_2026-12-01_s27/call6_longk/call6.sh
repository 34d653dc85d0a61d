#!/usr/bin/env bash
# session 27 call 6: decode shapes with a long K and many N tiles, where auto's streaming tile is the register
# streamq (its bulk twins do not fit at the cluster the fp16 A slice needs): forced bulk tiles at larger
# clusters against auto (staged tree e8af1a5), hot and cold graph replay.
set -u
source tools/device/call_preamble.sh c6
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
q=quant_then_mma
C="16x16384x16384:auto:auto:0"
for s in 4 5 6 8; do C="$C,16x16384x16384:$q:streamq_n32_m16_k8_bulk_e4m3:$s"; done
for s in 5 8; do C="$C,16x16384x16384:$q:streamq_n32_m16_k8_bulk:$s"; done
C="$C,32x16384x16384:auto:auto:0,32x16384x16384:$q:streamq_n32_m32_k8_bulk:8,32x16384x16384:$q:streamq_n32_m32_k4_bulk:8"
C="$C,8x16384x16384:auto:auto:0,8x16384x16384:$q:streamq_n32_m16_k8_bulk_e4m3:4,8x16384x16384:$q:streamq_n32_m16_k8_bulk_e4m3:8"
C="$C,16x53248x16384:auto:auto:0,16x53248x16384:$q:streamq_n32_m16_k8_bulk_e4m3:4,16x53248x16384:$q:streamq_n32_m16_k8_bulk_e4m3:8"
C="$C,16x8192x28672:auto:auto:0,16x8192x28672:$q:streamq_n32_m16_k8_bulk_e4m3:6,16x8192x28672:$q:streamq_n32_m16_k8_bulk_e4m3:8"
C="$C,16x16384x53248:auto:auto:0,16x16384x53248:$q:wgmma8_n64_m64_k4_fold:0,16x16384x53248:$q:wgmma8_n64_m64_k2_ws_fold:0"
C="$C,16x8192x8192:auto:auto:0,16x28672x8192:auto:auto:0"
st run
timeout 500 $B --only="$C" --cold > "$O/only.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^only|rror" "$O/only.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13, $14}' | sed 's/tile=//'
finish_call
