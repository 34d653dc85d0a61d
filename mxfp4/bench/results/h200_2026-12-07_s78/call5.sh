#!/usr/bin/env bash
# Session 78 call 5 (carry [".device-pack"], pl as in call 4): 8 < M <= 16 at K = 512 beyond one wave of the
# fold tile (N > 8448): the default stream_n32_m16_k4 against the fold tile and its k2 twin.
set -u
source tools/device/call_preamble.sh c5 pl
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
B=""
for s in 16x8512x512 16x10240x512 16x14336x512 9x8512x512 16x28672x512; do
  for t in stream_n32_m16_k4 stream_n64_m16_k4_fold stream_n64_m16_k2_fold; do B="$B,$s:fused_quant:$t:1"; done
done
MXFP4_ONLY_BASE=/tmp/v/pl/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 100 \
  bash tools/device/only_ab.sh --reps=5 "${B#,}" > "$O/forced.log" 2>&1
st "forced rc=$?"
sed -n '/means over rounds/,$p' "$O/forced.log"
finish_call
