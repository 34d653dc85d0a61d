#!/usr/bin/env bash
# session 32 call 5 (stage = the final tree: session 32's rules + the M <= 8 off-step decode rule): every GPU test (no
# kernel changed since call 4's sanitizer runs), then auto (quant_then_mma's bulk tile) against the previous plan (split-K's 8-row bulk tile,
# forced) on the rule's shapes, two rounds.
source tools/device/call_preamble.sh c5
OUT="$O/run" timeout 200 bash tools/device/run_all.sh --tests --bench=none > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=60
bash tools/device/only_sweep.sh --reps=2 "1x5120x2880,4x5120x2880,8x5120x2880,1x5760x2880,4x5760x2880,8x5760x2880" \
  "splitk_small_m:stream_n32_m8_k8_bulk:1 quant_then_mma:streamq_n32_m16_k8_bulk:1" > "$O/m8.log" 2>&1
st "m8 rc=$?"
finish_call
