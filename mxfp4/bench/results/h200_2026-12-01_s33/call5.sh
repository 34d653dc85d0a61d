#!/usr/bin/env bash
# session 33 call 5 (stage = c9c3fe7 + RingForLongKMidLayer8Rows: M <= 8 from K = 12288 at 40 N tiles up to N = 1920 on
# the k4 ring tile with 4 CTAs a cluster, k2 where the tie rule takes it; variant "old" = c9c3fe7, planner only):
# every GPU test, then auto old vs new, two rounds interleaved (two controls whose plan did not change).
source tools/device/call_preamble.sh c5 old
OUT="$O/run" timeout 200 bash tools/device/run_all.sh --tests --bench=none > "$O/run_all.log" 2>&1
st "run_all rc=$?"
export MXFP4_ONLY_TIMEOUT=150
S=""
for s in 1x1280x12288 1x1408x16384 4x1344x12288 8x1280x16384 8x1408x12288 1x1536x12288 8x1792x12288 4x1920x12288 \
         1x1280x13824 8x1280x17920 4x1536x13824 1x1344x18944 8x1248x12288 1x1952x12288; do
  S="$S,$s:auto:auto:0"
done
st "A/B"
bash tools/device/only_ab.sh --reps=2 "${S#,}" old > "$O/ab.log" 2>&1
st "ab rc=$?"
finish_call
