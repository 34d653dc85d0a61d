#!/usr/bin/env bash
# session 24 call 5: auto takes streamq_n32_m16_k8_bulk_e4m3 (A as E4M3) where the fp16 bulk tile's
# A slice does not fit at the default tile's cluster (variant e4r) - which shapes gain? Base = staged
# main (b27198f). The variant's whole quant_then_mma_test, then --only hot/cold: base auto, variant
# auto and the variant's forced alternatives, twice.
set -u
source tools/device/call_preamble.sh c5 e4r
VB=/tmp/v/e4r
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
export MXFP4_REQUIRE_GPU=1
st test
timeout 240 $VB/mxfp4.gpu.gemm.quant_then_mma_test > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
st only
q=quant_then_mma
A=""; V=""
for s in 12x2880x4096 16x2880x4096 12x4096x4096 16x4096x4096 16x5120x4096 16x7168x4096 16x2880x8192 16x1536x8192 10x2880x4096 16x2112x7168 16x3072x1536; do
  A="$A,$s:auto:auto:0"
  V="$V,$s:auto:auto:0,$s:$q:streamq_n32_m16_k8:0,$s:$q:streamq_n32_m16_k8_bulk:0,$s:$q:streamq_n32_m16_k8_bulk_e4m3:0"
done
A="${A#,}"; V="${V#,}"
for r in 1 2; do
  timeout 100 stdbuf -oL $B --only=$A --cold > "$O/base$r.log" 2>&1; echo "base rc=$?" | tee -a "$O/steps.log"
  timeout 150 stdbuf -oL $VB/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$V --cold > "$O/e4r_$r.log" 2>&1; echo "e4r rc=$?" | tee -a "$O/steps.log"
done
st done
grep -E "^\[  (PASSED|FAILED)|tests ran" "$O/test.log" | head
for f in base1 e4r_1 base2 e4r_2; do echo "== $f"; grep '^only' "$O/$f.log" | sed 's/path=quant_then_mma //;s/path=//' | cut -c1-110; done
finish_call
