#!/usr/bin/env bash
# session 30 call 6 (stage of 403c4f7 + variant v2 = the 8-row split-K tiles for 8 < M <= 32): v2's split-K
# tests (+ memcheck and racecheck on SmallLayers), then auto base vs v2 on call 5's shapes.
source tools/device/call_preamble.sh c6 v2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=150
V=/tmp/v/v2
timeout 150 $V/mxfp4.gpu.gemm.splitk_small_m_test > "$O/splitk_test.log" 2>&1; st "splitk test rc=$?"
timeout 100 $CS --tool memcheck --error-exitcode 9 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayers*' > "$O/memcheck.log" 2>&1; st "memcheck rc=$?"
timeout 100 $CS --tool racecheck --error-exitcode 9 $V/mxfp4.gpu.gemm.splitk_small_m_test --gtest_filter='*SmallLayers*' > "$O/racecheck.log" 2>&1; st "racecheck rc=$?"
S=""
for m in 12 16 24 32; do for n in 64 128 256 512 768 1024; do for k in 1024 2048 3072 4096; do S="$S,${m}x${n}x${k}:auto:auto:0"; done; done; done
for s in 16x2112x7168 4x2880x512 32x2880x512 1x1024x1024 8x512x2048; do S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" v2 > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
