#!/usr/bin/env bash
# Session 78 call 7 (carry [".device-pack"], pl as in call 4): M <= 8 at K <= 512 over N: auto's
# stream_n32_m8_k4 against the fold tile and its k2 twin: call 6's crossovers (N = 4224..5120, 8512..14336).
set -u
source tools/device/call_preamble.sh c7 pl
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
B=""
for s in 8x8448x512 8x9216x512 8x10240x512 8x11264x512 8x12288x512 1x8512x512 1x10240x512 1x12288x512 \
         4x4352x512 4x8448x512; do
  for t in stream_n32_m8_k4 stream_n64_m16_k4_fold stream_n64_m16_k2_fold; do B="$B,$s:fused_quant:$t:1"; done
done
MXFP4_ONLY_BASE=/tmp/v/pl/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 150 \
  bash tools/device/only_ab.sh --reps=5 "${B#,}" > "$O/forced.log" 2>&1
st "forced rc=$?"
sed -n '/means over rounds/,$p' "$O/forced.log"
finish_call
