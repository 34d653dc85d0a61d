#!/usr/bin/env bash
# Session 78 call 4 (carry [".device-pack"]: stage of ab6fd50 = the planner before this session and the
# _c kernels before qx; pl = main cd833ab (qx) + the fused rules for 8 < M <= 32 at K <= 512: the fold
# tile for 16 < M <= 32 at any N, the 16-row cluster tile _c4 from 32 N tiles while resident, the fold
# tile beyond within one wave):
#   1. auto before (stage) -> now (pl) on the shapes the rules move, and controls;
#   2. pl's forced tiles where the rule reaches beyond call 3's points;
#   3. pl's fused_quant_test in full (auto's new choices on the test lists).
set -u
source tools/device/call_preamble.sh c4 pl
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
Q=""
for s in 16x1024x512 16x2048x512 16x2880x512 12x3840x512 16x4096x512 16x7168x512 9x4096x256 \
         32x512x512 32x2048x512 24x1024x512 17x2848x512 32x2880x512 4x2880x512 16x8512x512; do
  Q="$Q,$s:auto:auto:0"
done
ab_means 5 150 "${Q#,}" pl
B=""
for s in 16x5120x512 16x7168x512 16x8448x512 12x3872x512 9x4096x256; do
  for t in stream_n32_m16_k4 stream_n64_m16_k4_fold; do B="$B,$s:fused_quant:$t:1"; done
done
for s in 12x3840x512 9x2048x512; do
  for t in stream_n32_m16_k4 stream_n32_m16_k4_c4; do B="$B,$s:fused_quant:$t:1"; done
done
MXFP4_ONLY_BASE=/tmp/v/pl/mxfp4.gpu.gemm.gemm_paths_benchmark timeout 100 \
  bash tools/device/only_ab.sh --reps=5 "${B#,}" > "$O/forced.log" 2>&1
st "forced rc=$?"
sed -n '/means over rounds/,$p' "$O/forced.log"
run_test fused_quant_test 200 /tmp/v/pl/mxfp4.gpu.gemm.fused_quant_test
finish_call
