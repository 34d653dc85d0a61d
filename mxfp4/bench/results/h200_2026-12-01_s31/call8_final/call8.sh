#!/usr/bin/env bash
# session 31 call 8: the final tree (c83b2b7 + docs; host-only plan rules, no GEMM kernel changed): every GPU test
# with memcheck + racecheck, contest + sweep; then auto of this tree against variant "old" (the tree before call 7's
# rules, 10c7310) on the shapes of call 7's rules (two rounds; base = this tree).
source tools/device/call_preamble.sh c8 old
st run_all
OUT="$O/run" timeout 500 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=60
S=""
for s in 24x512x1024 32x512x1536 24x512x2048 32x768x1024 24x1024x1024 32x1024x1024 32x768x1536 24x768x2048 32x1024x2048 \
         12x640x3072 16x768x4096 16x1024x4096 12x1024x3072 16x576x4096 16x512x1024 32x256x2048 16x1024x1024 16x4096x4096; do
  S="$S,$s:auto:auto:0"; done
bash tools/device/only_ab.sh --reps=2 "${S#,}" old > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
