#!/usr/bin/env bash
# session 30 call 9 (stage of the final tree of call 7 + variant v3 = long-K split-K below N = 256): v3's split-K
# tests (+ memcheck on SmallLayersWithLongK), then auto base vs v3 on call 8's shapes.
source tools/device/call_preamble.sh c9 v3
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=120
V=/tmp/v/v3
timeout 120 $V/mxfp4.gpu.gemm.splitk_small_m_test > "$O/splitk_test.log" 2>&1; st "splitk test rc=$?"
timeout 90 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayersWithLongK*' > "$O/memcheck.log" 2>&1; st "memcheck rc=$?"
S=""
for m in 1 4 8 16 24 32; do for n in 64 128 192; do for k in 5120 8192 16384; do S="$S,${m}x${n}x${k}:auto:auto:0"; done; done; done
for s in 16x2112x7168 4x2880x512 8x48x8192 16x256x8192 1x512x8192; do S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" v3 > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
