#!/usr/bin/env bash
# Session 78 call 6 (carry [".device-pack"], pl as in call 4): M <= 8 at K <= 512 over N: auto's
# stream_n32_m8_k4 against the fold tile and its k2 twin (which won for 8 < M <= 16 beyond 120 N tiles).
set -u
source tools/device/call_preamble.sh c6 pl
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
B=""
for s in 8x2880x512 8x4096x512 8x5120x512 8x7168x512 8x8512x512 8x14336x512 4x14336x512 1x14336x512 \
         8x28672x512 8x7168x256; do
  for t in stream_n32_m8_k4 stream_n64_m16_k4_fold stream_n64_m16_k2_fold; do B="$B,$s:fused_quant:$t:1"; done
done
MXFP4_ONLY_BASE=/tmp/v/pl/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 150 \
  bash tools/device/only_ab.sh --reps=5 "${B#,}" > "$O/forced.log" 2>&1
st "forced rc=$?"
sed -n '/means over rounds/,$p' "$O/forced.log"
finish_call
