#!/usr/bin/env bash
# session 24 call 8: the bulk streaming tiles' block loop unrolled 4 instead of 2 (variant u4; more
# blocks' loads and conversions in flight: call 7 showed the math phase bound by the chain
# load -> convert -> HMMA) against the staged 5ce8c39. Timing only (forced tiles + auto).
set -u
source tools/device/call_preamble.sh c8 u4
VB=/tmp/v/u4
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
st only
q=quant_then_mma
C=""
for s in 16x2112x7168 8x2112x7168 16x3072x1536 16x4096x4096 12x2880x4096 4x4096x4096 8x4096x7168; do C="$C,$s:auto:auto:0"; done
C="$C,16x2112x7168:$q:streamq_n32_m16_k8_bulk_e4m3:0"
C="${C#,}"
for r in 1 2; do
  timeout 100 stdbuf -oL $B --only=$C --cold > "$O/base$r.log" 2>&1; echo "base rc=$?" | tee -a "$O/steps.log"
  timeout 100 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C --cold > "$O/u4_$r.log" 2>&1; echo "u4 rc=$?" | tee -a "$O/steps.log"
done
st phase
P=16x2112x7168:auto:auto:0
timeout 60 stdbuf -oL $B --only=$P --phase_clock > "$O/phase_base.log" 2>&1
timeout 60 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$P --phase_clock > "$O/phase_u4.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st done
for f in base1 u4_1 base2 u4_2; do echo "== $f"; grep '^only' "$O/$f.log" | sed 's/path=//' | cut -c1-100; done
for f in phase_base phase_u4; do echo "== $f"; grep "phase " "$O/$f.log" | cut -c1-110; done
finish_call
