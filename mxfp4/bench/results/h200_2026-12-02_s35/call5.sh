#!/usr/bin/env bash
# session 35 call 5 (stage = 879f13c: the deeper k4 decode ring and the two plan rules): all 9 GPU test binaries
# with memcheck and racecheck; auto (new plans) against the old plans forced; a probe of N = 2240 / 2560 (the
# M <= 8 ring rule's unmeasured gap below 45 tiles of 64 rows).
source tools/device/call_preamble.sh c5
OUT="$O/run" timeout 300 bash tools/device/run_all.sh --tests --sanitize --bench=none --timeout=240 \
  > "$O/run_all.log" 2>&1
st "tests rc=$?"
R=quant_then_mma
S=splitk_small_m
export MXFP4_ONLY_TIMEOUT=120
st "k4"
timeout 120 bash tools/device/only_sweep.sh --reps=2 \
  "1x5120x3072 16x8192x3584 32x8192x2560 8x7168x3072 12x5120x3072 24x8192x3072 2x8192x2560 16x5120x3584" \
  "$R:wgmma8_n64_m64_k2_fold:1" > "$O/k4.log" 2>&1
st "k4 rc=$?"
timeout 120 bash tools/device/only_sweep.sh --reps=2 \
  "1x2880x8192 8x3072x7168 4x4096x5632 8x2880x5632 2x3072x6144 1x4096x5632 8x3584x6144 4x2880x6656" \
  "$S:stream_n32_m8_k8:1,$S:stream_n32_m8_k8_bulk:1" > "$O/mid8.log" 2>&1
st "mid8 rc=$?"
timeout 120 bash tools/device/only_sweep.sh --reps=2 \
  "1x2240x8192 8x2240x8192 1x2560x8192 8x2560x8192 1x2560x5632 8x2560x5632 4x2560x7168" \
  "$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k2_fold:2" > "$O/gap.log" 2>&1
st "gap rc=$?"
finish_call
