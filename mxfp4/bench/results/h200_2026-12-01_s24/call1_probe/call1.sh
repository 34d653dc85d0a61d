#!/usr/bin/env bash
# session 24 call 1: forced ring tiles on the small-M contest shapes (the sweep skips tiles whose
# block_m is more than twice M): does a 64-row ring tile with a K-split cluster come near the
# streaming tiles at M = 8..32? Decides whether ring tiles of block_m 16 / 32 are worth writing.
set -u
source tools/device/call_preamble.sh c1
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
ls .device/bench | head -30 > "$O/bench_list.txt"
q=quant_then_mma
C=""
for s in 16x2112x7168 8x2112x7168 16x3072x1536; do
  C="$C,$s:auto:auto:0,$s:$q:wgmma8_n64_m64_k2_fold:0,$s:$q:wgmma8_n64_m64_k4_fold:0,$s:$q:wgmma8_n64_m64_k2_fold:4,$s:$q:wgmma8_n64_m64_k4_fold:8,$s:$q:wgmma8_n64_m64_k2_fold:16"
done
for s in 32x4096x512 32x2880x512; do
  C="$C,$s:auto:auto:0,$s:$q:wgmma8_n64_m64_k2_fold:0,$s:$q:wgmma8_n64_m64_k2_fold:4,$s:$q:wgmma8_n64_m64_k4_fold:8,$s:$q:wgmma8_n64_m64_k2_ws_fold:0"
done
C="${C#,}"
st only
timeout 150 stdbuf -oL $B --only=$C > "$O/only.log" 2>&1; echo "only rc=$?" | tee -a "$O/steps.log"
st phase
P=16x2112x7168:auto:auto:0,16x2112x7168:$q:wgmma8_n64_m64_k2_fold:0,16x2112x7168:$q:wgmma8_n64_m64_k4_fold:0
timeout 90 stdbuf -oL $B --only=$P --phase_clock > "$O/phase.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st done
grep -v '^ *$' "$O/only.log" | cut -c1-230 | tail -40
tail -30 "$O/phase.log" | cut -c1-230
finish_call
