#!/usr/bin/env bash
# session 29 call 2 (staged 5004c92): the cluster combine. Variants: stamps (combine phase stamps only),
# pull3 (stamps + every rank pulls its share of outputs for clusters > 2), pull (pull for 2 ranks too).
# A/B with phase clocks, then pull's quant_then_mma_test and splitk_small_m_test.
source tools/device/call_preamble.sh c2 stamps pull3 pull
C=""
for s in 64x512x16384 64x4096x4096 64x256x4096 64x1024x4096 256x1024x4096 128x2048x2048 16x2112x7168 1x4096x4096 4x4096x4096 8x2880x4096 16x4096x4096 32x4096x4096; do C="$C,$s:auto:auto:0"; done
C="$C,64x512x16384:quant_then_mma:wgmma8_n64_m64_k2_fold:8"
st ab
MXFP4_ONLY_TIMEOUT=120 bash tools/device/only_ab.sh --reps=2 "${C#,}" stamps pull3 pull > "$O/ab.log" 2>&1; st "ab rc=$?"
export MXFP4_REQUIRE_GPU=1
timeout 200 /tmp/v/pull/mxfp4.gpu.gemm.quant_then_mma_test > "$O/qtm_test.log" 2>&1; st "qtm test rc=$?"
timeout 120 /tmp/v/pull/mxfp4.gpu.gemm.splitk_small_m_test > "$O/splitk_test.log" 2>&1; st "splitk test rc=$?"
tail -3 "$O/qtm_test.log" "$O/splitk_test.log"
finish_call
