#!/usr/bin/env bash
# session 35 call 7 (stage = 879f13c): the M <= 8 ring band's K bound - auto (split-K below K = 5632) against the
# ring tiles with 2 CTAs a cluster at K = 4096 / 4608 / 5120, N = 2240..4096.
source tools/device/call_preamble.sh c7
R=quant_then_mma
export MXFP4_ONLY_TIMEOUT=200
SH=""
for m in 1 4 8; do for n in 2560 3072 4096; do for k in 4096 4608 5120; do SH="$SH ${m}x${n}x${k}"; done; done; done
st "kband"
timeout 200 bash tools/device/only_sweep.sh --reps=2 "$SH" "$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k2_fold:2" \
  > "$O/kband.log" 2>&1
st "kband rc=$?"
finish_call
