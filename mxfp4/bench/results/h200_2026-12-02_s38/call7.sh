#!/usr/bin/env bash
# session 38 call 7 (stage = 95e1240): Nsight Compute (full set) on the long decode kernel at 80 and 128 CTAs -
# 1x5120x13824 and 1x8192x22016 - for "What to do next (after session 38)" item 1: what bounds the weight stream.
source tools/device/call_preamble.sh c7
R=quant_then_mma
OUT="$O/run" timeout 300 bash tools/device/run_all.sh --bench=none \
  --profile_config=1x5120x13824:$R:wgmma8_n64_m64_k4_fold:1,1x8192x22016:$R:wgmma8_n64_m64_k4_fold:1 \
  > "$O/run_all.log" 2>&1
st "profile rc=$?"
finish_call
