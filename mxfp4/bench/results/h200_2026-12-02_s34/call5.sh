#!/usr/bin/env bash
# session 34 call 5 (slim stage as call 4): call 4 had 8x1536x8960 on the ring tile k2 with a cluster of 4 1.13x ahead
# of auto's split-K bulk tile (RingForLongKMidLayer8Rows starts at K = 12288): M <= 8, N 1280..1920, K 8192..11008,
# auto against ring k2 c4 / k4 c4 / k2 c2.
source tools/device/call_preamble.sh c5
export MXFP4_ONLY_TIMEOUT=300
L=""
for m in 1 4 8; do for n in 1280 1536 1920; do for k in 8192 8960 10240 11008; do L="$L,${m}x${n}x${k}"; done; done; done
R=quant_then_mma
st "mid layers"
timeout 500 bash tools/device/only_sweep.sh --reps=2 "${L#,}" \
  "$R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k4_fold:4" > "$O/sweep.log" 2>&1
st "sweep rc=$?"
finish_call
