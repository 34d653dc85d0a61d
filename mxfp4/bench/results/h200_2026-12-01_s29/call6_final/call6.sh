#!/usr/bin/env bash
# session 29 call 6: the final tree (branch exp/ring-cluster-pull: pulled cluster combines, the
# small-layer split-K rule), full stage: every GPU test with memcheck + racecheck, contest and
# sweep benchmarks; then auto on the changed shape classes against the old binary (5004c92).
source tools/device/call_preamble.sh c6 old
st run_all
OUT="$O/run" timeout 470 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
C=""
for s in 16x1024x1024 1x1024x1024 8x512x2048 16x512x3072 8x1024x4096 32x1024x2048 32x1024x4096 16x256x2048 24x1024x1024 64x512x16384 64x4096x4096 256x1024x4096 16x1024x8192 8x512x8192 16x2112x7168 64x7168x2048; do C="$C,$s:auto:auto:0"; done
MXFP4_ONLY_TIMEOUT=100 timeout 110 bash tools/device/only_ab.sh --reps=1 "${C#,}" old > "$O/ab.log" 2>&1; st "ab rc=$?"
finish_call
