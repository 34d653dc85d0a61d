#!/usr/bin/env bash
# session 24 call 7: the E4M3-A bulk tile converting A with ALU instructions (PRMT + shift: value/2 * 2^-8
# as fp16, the weights' LUT x 2^8) instead of F2FP (variant e4alu) against the staged 5ce8c39 (F2FP).
# Does the E4M3 form now beat the fp16 bulk tile where both fit (16x2112x7168)?
set -u
source tools/device/call_preamble.sh c7 e4alu
VB=/tmp/v/e4alu
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
export MXFP4_REQUIRE_GPU=1
st test
timeout 200 $VB/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*EveryTile*:*BulkTileWithE4m3*:*ContestShapes*:*MSweep*:*WideExponents*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
st only
q=quant_then_mma
C=""
for s in 16x2112x7168 8x2112x7168 16x3072x1536 16x4096x7168 16x4096x4096 12x2880x4096 9x2112x7168; do
  C="$C,$s:$q:streamq_n32_m16_k8_bulk:0,$s:$q:streamq_n32_m16_k8_bulk_e4m3:0"
done
C="${C#,}"
for r in 1 2; do
  timeout 100 stdbuf -oL $B --only=$C --cold > "$O/base$r.log" 2>&1; echo "base rc=$?" | tee -a "$O/steps.log"
  timeout 100 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C --cold > "$O/alu$r.log" 2>&1; echo "alu rc=$?" | tee -a "$O/steps.log"
done
st phase
P=16x2112x7168:$q:streamq_n32_m16_k8_bulk:0,16x2112x7168:$q:streamq_n32_m16_k8_bulk_e4m3:0
timeout 60 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$P --phase_clock > "$O/phase.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^\[  (PASSED|FAILED)" "$O/test.log"
for f in base1 alu1 base2 alu2; do echo "== $f"; grep '^only' "$O/$f.log" | sed 's/path=quant_then_mma //' | cut -c1-100; done
grep "phase \|^only" "$O/phase.log" | cut -c1-110
finish_call
