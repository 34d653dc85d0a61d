#!/usr/bin/env bash
# session 25 call 3: variant v3 = the ws producer's fast path + the f16 weight LUT held in a register
# in the streaming tiles' math, against the staged main (53a0634): v3's three path tests, contest A/B
# (2 rounds), the streaming shapes with phase clocks (only_ab, 2 rounds), and at large M the ring
# n128_m128 tile against its ws twin (both on v3's binary, the base's ring for reference).
set -u
source tools/device/call_preamble.sh c3 v3
V=/tmp/v/v3
q=quant_then_mma
st ab_contest
OUT="$O/ab" REPS=2 timeout 400 bash tools/device/ab_contest.sh v3 > "$O/ab_contest.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
tail -5 "$O/ab_contest.log"
st only_stream
C="4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,8x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0,4x4096x4096:auto:auto:0,16x7168x4096:auto:auto:0"
bash tools/device/only_ab.sh --reps=2 "$C" v3 > "$O/only_stream.log" 2>&1; echo "only rc=$?" | tee -a "$O/steps.log"
st large
L=""
for s in 512x3072x1536 1024x4096x4096 2048x7168x2048 1000x2880x4096 4096x4096x4096 512x4096x4096; do
  L="$L,$s:auto:auto:0,$s:$q:wgmma8_n128_m128_fold:0,$s:$q:wgmma8_n128_m128_ws_fold:0"
done
L="${L#,}"
for r in 1 2; do
  echo "=== v3 round $r" >> "$O/large.log"
  timeout 150 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L >> "$O/large.log" 2>&1
done
echo "=== base" >> "$O/large.log"
timeout 150 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L >> "$O/large.log" 2>&1
st done
sed -n '/--- summary/,$p' "$O/only_stream.log"
grep -E "^===|^only" "$O/large.log" | cut -c1-120
finish_call
