#!/usr/bin/env bash
# Session 52 call 7 (timing prototype, pair.patch + the launch below): call 6's pair kernel ran
# 1.6-1.8x slower on 132 CTAs - presumably more clusters of 2 than fit at once (both CTAs of a cluster
# in one GPC). pr2 launches 2 x cudaOccupancyMaxActiveClusters CTAs (printed), or MXFP4_PAIR_CTAS.
# Non-pair / pair at that count / pair at 120, two interleaved rounds.
source tools/device/call_preamble.sh c7 pr2
B=/tmp/v/pr2/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 2048x4096x4096 1024x4096x4096; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="$C,4096x3072x1536:auto:auto:0:stage_int8"
C="${C#,}"
for r in 1 2; do
  unset MXFP4_PAIR MXFP4_PAIR_CTAS
  timeout 100 $B --narrow_scales --only="$C" > "$O/base_r$r.log" 2>&1; st "round $r base rc=$?"
  MXFP4_PAIR=1 timeout 100 $B --narrow_scales --only="$C" > "$O/pair_r$r.log" 2>&1; st "round $r pair rc=$?"
  MXFP4_PAIR=1 MXFP4_PAIR_CTAS=120 timeout 100 $B --narrow_scales --only="$C" > "$O/pair120_r$r.log" 2>&1; st "round $r pair120 rc=$?"
done
grep -h "pair kernel" "$O"/pair_r1.log | head -2
for r in 1 2; do for v in base pair pair120; do
  echo "r$r $v: $(grep -E '^only' "$O/${v}_r$r.log" | awk '{printf "%s %s  ", $2"x"$4"x"$6, $8}')"
done; done
xz -9 "$O"/*.log 2>/dev/null
finish_call
