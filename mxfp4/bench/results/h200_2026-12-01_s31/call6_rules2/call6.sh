#!/usr/bin/env bash
# session 31 call 6 (stage of call 4's tree, 50a1511; variant v2 = call 5's rules: 8 < M <= 16 on the 8-row register
# split-K tile / the 16-row bulk tile without a K-split / the ring tile at K = 4096 from 128 N tiles, M <= 8 on the
# bulk split-K tile at 49..66 N tiles up to K = 4096): v2's splitk / quant_then_mma tests (memcheck on the new
# test), then auto base vs v2 (two rounds).
source tools/device/call_preamble.sh c6 v2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=200
V=/tmp/v/v2
timeout 150 $V/mxfp4.gpu.gemm.splitk_small_m_test > "$O/splitk_test.log" 2>&1; st "splitk test rc=$?"
timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*MidLayers*:*SmallLayers*:*RingTilesFor32Rows*:*BulkTileWithE4m3*' > "$O/qtm_test.log" 2>&1; st "qtm test rc=$?"
timeout 120 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*MidLayers*:*SmallLayers' > "$O/memcheck_splitk.log" 2>&1; st "memcheck splitk rc=$?"
timeout 150 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*MidLayers*' > "$O/memcheck_qtm.log" 2>&1; st "memcheck qtm rc=$?"
S=""
for s in 16x1024x1024 16x768x1024 16x1024x2048 16x768x2048 12x800x1984 9x640x1536 \
         16x1088x1024 12x2048x1024 9x1536x1024 16x1088x1536 16x2048x2048 9x2048x1536 12x1088x2048 16x2048x3072 12x1600x3072 \
         16x4096x4096 12x4096x4096 9x4096x4096 16x4608x4096 \
         1x2048x4096 8x2048x3072 4x1664x4096 1x1536x3072 \
         16x512x1024 8x1024x1024 16x2880x4096 16x1088x3072 16x4096x3072; do S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" v2 > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
