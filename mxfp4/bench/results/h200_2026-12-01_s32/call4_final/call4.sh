#!/usr/bin/env bash
# session 32 call 4: the final tree (95c6295: session 32's plan rules; no GEMM kernel changed) - auto of this tree
# against variant "rules2" (0da827a, before the K = 2880 rules) on those rules' shapes (two rounds; base = this
# tree); then every GPU test with memcheck + racecheck, contest + sweep.
source tools/device/call_preamble.sh c4 rules2
export MXFP4_ONLY_TIMEOUT=60
S=""
for s in 1x5120x2880 8x5760x2880 16x5120x2880 24x5120x2880 32x5760x2880 64x5120x2880 128x2880x2880 64x5760x2880 \
         32x4096x1984 64x1024x1088 16x5760x2880; do
  S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" rules2 > "$O/ab.log" 2>&1; st "ab rc=$?"
st run_all
OUT="$O/run" timeout 510 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
finish_call
