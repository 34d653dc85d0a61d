#!/usr/bin/env bash
# session 26 call 6: with a prepared weight copy, the n128_m192 ws tile against the n128_m128 one where
# auto's waves-x-rows rule picks m192 without one (the final tree 783956f; only_ab.sh, 2 rounds).
set -u
source tools/device/call_preamble.sh c6
q=quant_then_mma
C=""
for s in 768x4096x4096 3072x3072x3072 1536x4096x4096 768x2880x4096 3072x4096x4096; do
  C="$C,$s:$q:wgmma8_n128_m128_ws_fold:0:prepared,$s:$q:wgmma8_n128_m192_ws_fold:0:prepared,$s:$q:wgmma8_n128_m128_ws_fold:0,$s:$q:wgmma8_n128_m192_ws_fold:0"
done
MXFP4_ONLY_TIMEOUT=200 bash tools/device/only_ab.sh --reps=2 "${C#,}" > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
grep -E "^only" "$O/ab.log" | awk '{print $2,$3,$4,$5,$6,$7,$8,$9}' | cut -c1-150
finish_call
