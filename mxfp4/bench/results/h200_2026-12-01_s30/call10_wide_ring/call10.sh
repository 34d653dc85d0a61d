#!/usr/bin/env bash
# session 30 call 10 (stage of call 7's tree + variant v4 = calls 8-9's narrow rule + 8 < M <= 16 with
# 1024 < N < 2048 and K >= 12288 on the ring tile): v4's SmallLayersWithLongK (+ memcheck), auto base vs v4.
source tools/device/call_preamble.sh c10 v4
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=100
V=/tmp/v/v4
timeout 100 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*SmallLayersWithLongK*' > "$O/qtm_test.log" 2>&1; st "qtm test rc=$?"
timeout 100 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*SmallLayersWithLongK*' > "$O/memcheck.log" 2>&1; st "memcheck rc=$?"
S=""
for m in 9 12 16; do for n in 1056 1200 1536 1792 2016; do for k in 12288 16384; do S="$S,${m}x${n}x${k}:auto:auto:0"; done; done; done
for s in 16x1536x8192 16x2112x7168 16x1024x12288; do S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" v4 > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
