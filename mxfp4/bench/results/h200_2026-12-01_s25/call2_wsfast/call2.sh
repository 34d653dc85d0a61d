#!/usr/bin/env bash
# session 25 call 2: the ws producer's fast path (whole stages: a stage's raw copies and scale loads at
# constant offsets, no predicates) against the staged main (53a0634): quant_then_mma_test on the
# variant, then the ws shapes A/B (only_ab.sh, phase clocks, 3 rounds), and the variant's source view.
set -u
source tools/device/call_preamble.sh c2 wsfast
V=/tmp/v/wsfast
q=quant_then_mma
st test
MXFP4_REQUIRE_GPU=1 timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -3 "$O/test.log"
st ab
C="256x3072x1536:auto:auto:0,512x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,96x2880x512:auto:auto:0,128x2048x2048:$q:wgmma8_n64_m128_k2_ws_fold:0,64x7168x2048:$q:wgmma8_n64_m64_k2_ws_fold:0,64x7168x2048:auto:auto:0,1024x4096x4096:$q:wgmma8_n128_m128_ws_fold:0"
bash tools/device/only_ab.sh --reps=3 "$C" wsfast > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st cold
for who in base wsfast; do
  b=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; [[ $who == base ]] || b=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
  echo "=== $who" >> "$O/cold.log"
  timeout 100 $b --only=256x3072x1536:auto:auto:0,512x3072x1536:auto:auto:0,256x2880x512:auto:auto:0 --cold >> "$O/cold.log" 2>&1
done
st prof
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
mkdir -p "$O/prof"
timeout 120 "$NCU" --clock-control none --section SourceCounters --section WarpStateStats --import-source no \
  -k 'regex:Gemm' --launch-skip 3 --launch-count 1 -f -o /tmp/src_ws $V/mxfp4.gpu.gemm.gemm_paths_benchmark \
  --only=256x3072x1536:auto:auto:0 > "$O/prof.log" 2>&1; echo "prof rc=$?" | tee -a "$O/steps.log"
{ echo "# 256x3072x1536:auto:auto:0 (wsfast)"; "$NCU" -i /tmp/src_ws.ncu-rep --page source --print-source sass --csv; } > "$O/prof/source_1.csv" 2>&1
xz -9 "$O"/prof/source_*.csv 2>/dev/null
st done
sed -n '/--- summary/,$p' "$O/ab.log"
grep -E "^===|^only" "$O/cold.log" | cut -c1-110
finish_call
