#!/usr/bin/env bash
# session 30 call 11 (stage of call 7's tree + variant v5 = the final tree's quant_then_mma and splitk_small_m
# tests): the small-layer tests of the final tree, with memcheck.
source tools/device/call_preamble.sh c11 v5
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/v5
timeout 60 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*SmallLayers*:*RingTilesFor32Rows*' > "$O/qtm_test.log" 2>&1; st "qtm test rc=$?"
timeout 60 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayers*' > "$O/splitk_test.log" 2>&1; st "splitk test rc=$?"
timeout 60 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*SmallLayersWithLongK*' > "$O/memcheck.log" 2>&1; st "memcheck rc=$?"
finish_call
