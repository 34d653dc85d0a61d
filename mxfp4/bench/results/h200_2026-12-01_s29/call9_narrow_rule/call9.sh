#!/usr/bin/env bash
# session 29 call 9 (stage of a391918 + variant "narrow": the small-layer rule down to N = 64):
# splitk_small_m_test and fused_quant_test of the variant (memcheck on SmallLayers), auto A/B.
source tools/device/call_preamble.sh c9 narrow
export MXFP4_REQUIRE_GPU=1
for t in splitk_small_m_test fused_quant_test; do
  timeout 60 /tmp/v/narrow/mxfp4.gpu.gemm.$t > "$O/$t.log" 2>&1; st "$t rc=$?"
done
MXFP4_TEST_SCALE=small timeout 60 "$CS" --tool memcheck --error-exitcode 1 /tmp/v/narrow/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayers*' > "$O/memcheck.log" 2>&1; st "memcheck rc=$?"
C=""
for s in 1x64x1024 16x128x2048 1x192x3072 32x128x3072 8x96x2048 16x1024x1024 4x2880x512; do C="$C,$s:auto:auto:0"; done
MXFP4_ONLY_TIMEOUT=60 timeout 90 bash tools/device/only_ab.sh --reps=1 "${C#,}" narrow > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
