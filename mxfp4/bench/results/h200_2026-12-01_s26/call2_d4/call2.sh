#!/usr/bin/env bash
# session 26 call 2: the activation-rows tile with 4 wgmmas in flight across stages (variant d4) against
# call 1's form (staged, 2 in flight per stage) and auto: its GPU test, only_ab.sh (3 rounds), source view.
set -u
source tools/device/call_preamble.sh c2 d4
V=/tmp/v/d4
q=quant_then_mma
st test
MXFP4_REQUIRE_GPU=1 timeout 150 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*ActivationRow*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -3 "$O/test.log"
st ab
T=wgmma8a_n48_m128_ws_fold
C="256x3072x1536:auto:auto:0,256x3072x1536:$q:$T:0,256x2880x512:auto:auto:0,256x2880x512:$q:$T:0,512x3072x1536:auto:auto:0,512x3072x1536:$q:$T:0,1024x4096x4096:auto:auto:0,1024x4096x4096:$q:$T:0"
bash tools/device/only_ab.sh --reps=2 "$C" d4 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st prof
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
mkdir -p "$O/prof"
timeout 100 "$NCU" --clock-control none --section SourceCounters --section WarpStateStats --import-source no \
  -k 'regex:Gemm' --launch-skip 3 --launch-count 1 -f -o /tmp/src_am $V/mxfp4.gpu.gemm.gemm_paths_benchmark \
  --only=256x3072x1536:$q:$T:0 > "$O/prof.log" 2>&1; echo "prof rc=$?" | tee -a "$O/steps.log"
{ echo "# 256x3072x1536:$q:$T:0 (d4)"; "$NCU" -i /tmp/src_am.ncu-rep --page source --print-source sass --csv; } > "$O/prof/source_1.csv" 2>&1
xz -9 "$O"/prof/source_*.csv 2>/dev/null
st done
sed -n '/--- summary/,$p' "$O/ab.log" | grep -v "^base.*auto" 
finish_call
