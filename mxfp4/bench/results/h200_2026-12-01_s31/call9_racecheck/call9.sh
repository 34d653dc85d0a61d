#!/usr/bin/env bash
# session 31 call 9 (stage of c83b2b7; variant t = the final tests, whose MidLayersAndResidentClusters keeps four
# cases under MXFP4_TEST_SCALE=small): racecheck on quant_then_mma_test's test that call 8's racecheck run did
# not reach before its 220 s limit (WeightsWrittenByThePrecedingKernel) and on the restructured test, at the
# sanitizer scale; the restructured test at full scale without a tool.
source tools/device/call_preamble.sh c9 t
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/t
MXFP4_TEST_SCALE=small timeout 150 $CS --tool racecheck --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WeightsWritten*:*MidLayers*' > "$O/racecheck_qtm.log" 2>&1; st "racecheck qtm rc=$?"
timeout 60 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*MidLayers*' > "$O/qtm_mid.log" 2>&1; st "qtm mid rc=$?"
timeout 60 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*MidLayers*' > "$O/splitk_mid.log" 2>&1; st "splitk mid rc=$?"
finish_call
