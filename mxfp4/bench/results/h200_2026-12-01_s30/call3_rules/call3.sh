#!/usr/bin/env bash
# session 30 call 3 (slim stage of 6d2d003 + variant v1 = 24d.. the resident-cluster and long-K rules):
# v1's tests for the new plans (+ memcheck), then auto base vs v1 over the long-K small layers, the K = 4096
# shapes whose ring tile changes (k4 c2 -> k2 c4), the M > 32 cluster changes, the contest and sweep shapes.
source tools/device/call_preamble.sh c3 v1
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=250
V=/tmp/v/v1
timeout 200 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayers*:*SplitK*' > "$O/splitk_test.log" 2>&1; st "splitk test rc=$?"
timeout 250 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*SmallLayersWithLongK*:*RingTilesSplitKOverClusters*:*RingTilesFor32Rows*:*LargeDecode*' > "$O/qtm_test.log" 2>&1; st "qtm test rc=$?"
tail -3 "$O/splitk_test.log" "$O/qtm_test.log"
timeout 150 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayersWithLongK*' > "$O/memcheck_splitk.log" 2>&1; st "memcheck splitk rc=$?"
timeout 200 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*SmallLayersWithLongK*' > "$O/memcheck_qtm.log" 2>&1; st "memcheck qtm rc=$?"
S=""
for m in 1 4 8 16 24 32; do for n in 256 512 768 1024 1536; do for k in 5120 6144 8192 12288 16384; do S="$S,${m}x${n}x${k}:auto:auto:0"; done; done; done
for s in 33x32x4096 64x1024x4096 64x256x4096 64x512x4096 128x512x4096 64x1024x16384 64x1536x16384 64x2048x8192 64x512x8192 128x1024x8192 256x1024x8192 \
         64x512x16384 64x4096x4096 256x1024x4096 128x2048x2048 64x2048x2048 16x2112x7168 64x7168x2048 256x3072x1536 16x1024x4160 1x4096x16384 8x2048x8192; do
  S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" v1 > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
