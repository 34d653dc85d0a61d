#!/usr/bin/env bash
# session 29 call 3 (slim stage of 5004c92): variant rcp (ring cluster kernels pull their partials for
# clusters > 2, commit on exp/ring-cluster-pull): A/B, quant_then_mma_test + sanitizers on the cluster tests;
# a small-layer mini sweep of forced tiles on the base binary.
source tools/device/call_preamble.sh c3 rcp
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 64x512x16384 64x4096x4096 64x256x4096 64x1024x4096 256x1024x4096 128x2048x2048 64x2048x2048 32x4096x4096 32x16384x1024 16x7168x2048 1x5120x2048 8x8192x1024 16x2112x7168 64x7168x2048; do C="$C,$s:auto:auto:0"; done
C="$C,64x512x16384:quant_then_mma:wgmma8_n64_m64_k2_fold:8,64x512x16384:quant_then_mma:wgmma8_n64_m64_k4_fold:4"
st ab
MXFP4_ONLY_TIMEOUT=120 bash tools/device/only_ab.sh --reps=2 "${C#,}" rcp > "$O/ab.log" 2>&1; st "ab rc=$?"
S=""
for s in 16x1024x1024 32x1024x1024 8x1024x1024 16x2048x2048; do
  S="$S,$s:auto:auto:0"
  for t in stream_n32_m16_k8 stream_n16_m16_k8 stream_n32_m16_k4_c4 stream_n32_m16_k4_bulk stream_n32_m16_k8_bulk stream_n64_m16_k4 stream_n32_m32_k4_c4 stream_n64_m32_k2; do S="$S,$s:fused_quant:$t:0"; done
  for t in stream_n16_m16_k8:2 stream_n32_m16_k4:2 stream_n32_m16_k8_bulk:2 stream_n16_m16_k8:4 stream_n32_m8_k8_bulk:2; do S="$S,$s:splitk_small_m:$t"; done
  for t in streamq_n16_m16_k8:0 streamq_n32_m16_k8_bulk:0 streamq_n32_m16_k8_bulk:2 streamq_n16_m16_k8:2; do S="$S,$s:quant_then_mma:$t"; done
done
timeout 150 $B --only=${S#,} > "$O/small_sweep.log" 2>&1; st "small sweep rc=$?"
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/rcp/mxfp4.gpu.gemm.quant_then_mma_test
timeout 200 $T > "$O/qtm_test.log" 2>&1; st "qtm test rc=$?"
( MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool memcheck --error-exitcode 1 $T --gtest_filter='*Cluster*:*EverySplit*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool racecheck --error-exitcode 1 $T --gtest_filter='*Cluster*' > "$O/racecheck.log" 2>&1; echo "racecheck rc=$?" >> "$O/steps.log" ) &
wait
st done
cat "$O/steps.log"
finish_call
