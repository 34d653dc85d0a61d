#!/usr/bin/env bash
# Session 78 call 1 (carry [".device-pack"]: stage of ab6fd50 + qx pack = main cd833ab's fused kernels):
#   1. after qx, the fused tiles' boundaries again: the 32-row cluster tiles (_c4, _c2) against the fold
#      tile over N (auto's rule: _c4 below 90 N tiles of 32 rows), the 8- and 16-row cluster tiles against
#      auto's cluster-less tiles;
#   2. where 64x512x16384's time goes (phase clocks, cuBLAS bf16 beside it), and how many clusters of 16
#      the device keeps resident (cluster_wave_benchmark).
set -u
source tools/device/call_preamble.sh c1 qx
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40 MXFP4_ONLY_BASE=/tmp/v/qx/mxfp4.gpu.gemm.gemm_paths_benchmark
Q=""
for n in 1024 2048 2496 2880 4096; do
  for t in stream_n32_m32_k4_c4 stream_n32_m32_k4_c2 stream_n64_m16_k4_fold; do
    Q="$Q,32x${n}x512:fused_quant:$t:1"
  done
done
Q="$Q,24x2880x512:fused_quant:stream_n32_m32_k4_c4:1,24x2880x512:auto:auto:0"
for n in 2048 2880; do
  Q="$Q,16x${n}x512:auto:auto:0,16x${n}x512:fused_quant:stream_n32_m16_k4_c4:1"
  Q="$Q,8x${n}x512:auto:auto:0,8x${n}x512:fused_quant:stream_n32_m8_k4_c2:1"
done
st "boundaries"
bash tools/device/only_ab.sh --reps=5 "${Q#,}" > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/means over rounds/,$p' "$O/ab.log"
B=/tmp/v/qx/mxfp4.gpu.gemm.gemm_paths_benchmark
timeout 60 $B --only=64x512x16384:auto:auto:0,64x512x8192:auto:auto:0,32x512x16384:auto:auto:0 \
  --phase_clock --only_cublas > "$O/phase.log" 2>&1
st "phase rc=$?"
grep -vE "^\s*$" "$O/phase.log" | head -60
timeout 60 .device/bench/mxfp4.gpu.gemm.cluster_wave_benchmark > "$O/cluster_wave.log" 2>&1
st "cluster_wave rc=$?"
cat "$O/cluster_wave.log" | head -40
finish_call
