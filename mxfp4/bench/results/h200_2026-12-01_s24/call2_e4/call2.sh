#!/usr/bin/env bash
# session 24 call 2: A as E4M3 (half the bytes of the fp16 operand) for the bulk streamq tile
# (variant e4: streamq_n32_m16_k8_bulk_e4m3 beside the unchanged streamq_n32_m16_k8_bulk).
# Is the bulk tile bound by A's L2 traffic? EveryTile on the variant (bit-exact), then
# --only hot/cold timings and phase clocks of both tiles.
set -u
source tools/device/call_preamble.sh c2 e4
VB=/tmp/v/e4
export MXFP4_REQUIRE_GPU=1
st test
timeout 200 $VB/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*EveryTile*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
st only
q=quant_then_mma
C=""
for s in 16x2112x7168 8x2112x7168 16x3072x1536 16x4096x7168 12x2880x4096; do
  C="$C,$s:auto:auto:0,$s:$q:streamq_n32_m16_k8_bulk:0,$s:$q:streamq_n32_m16_k8_bulk_e4m3:0"
done
C="${C#,}"
for r in 1 2; do
timeout 120 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C --cold > "$O/only$r.log" 2>&1; echo "only rc=$?" | tee -a "$O/steps.log"
done
st phase
P=16x2112x7168:$q:streamq_n32_m16_k8_bulk:0,16x2112x7168:$q:streamq_n32_m16_k8_bulk_e4m3:0
timeout 60 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$P --phase_clock > "$O/phase.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st done
tail -5 "$O/test.log"
grep '^only' "$O"/only*.log | cut -c1-150
grep -v "^device\|^per call" "$O/phase.log" | cut -c1-150
finish_call
