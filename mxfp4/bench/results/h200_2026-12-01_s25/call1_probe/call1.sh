#!/usr/bin/env bash
# session 25 call 1: where the contest kernels spend their time now (Nsight source views of the bulk
# streamq tile on 16x2112x7168, the fused 32-row tile on 32x4096x512, the ws tile on 256x3072x1536;
# phase clocks of every contest shape), and the E4M3-A bulk tile at M <= 8 (never measured) against
# auto's split-K there.
set -u
source tools/device/call_preamble.sh c1
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
q=quant_then_mma
C=""
for s in 4x2880x4096 8x2880x4096 4x4096x4096 8x4096x4096 1x4096x4096 8x7168x4096 4x7168x4096 8x1536x8192 4x1536x8192 8x2112x7168; do
  C="$C,$s:auto:auto:0,$s:$q:streamq_n32_m16_k8_bulk_e4m3:0,$s:$q:streamq_n32_m16_k8_bulk:0"
done
C="${C#,}"
st only_hot
timeout 120 stdbuf -oL $B --only=$C > "$O/m8_hot.log" 2>&1; echo "hot rc=$?" | tee -a "$O/steps.log"
st only_cold
timeout 120 stdbuf -oL $B --only=$C --cold > "$O/m8_cold.log" 2>&1; echo "cold rc=$?" | tee -a "$O/steps.log"
st phase
P=""
for s in 4x2880x512 16x2112x7168 32x4096x512 32x2880x512 64x7168x2048 256x3072x1536; do P="$P,$s:auto:auto:0"; done
timeout 90 stdbuf -oL $B --only=${P#,} --phase_clock > "$O/phase.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st profile
OUT="$O/prof" timeout 300 bash tools/device/run_all.sh --profile_source=16x2112x7168:$q:streamq_n32_m16_k8_bulk:0,32x4096x512:auto:auto:0,256x3072x1536:auto:auto:0 --bench_timeout=90 > "$O/prof.log" 2>&1; echo "prof rc=$?" | tee -a "$O/steps.log"
xz -9 "$O"/prof/source_*.csv 2>/dev/null
st done
grep -v '^ *$' "$O/m8_hot.log" | cut -c1-200 | tail -32
grep -v '^ *$' "$O/m8_cold.log" | cut -c1-120 | tail -31
grep -E "^only|phase (entry|ready|math done ->|end after)" "$O/phase.log" | cut -c1-200
tail -12 "$O/prof.log"
finish_call
