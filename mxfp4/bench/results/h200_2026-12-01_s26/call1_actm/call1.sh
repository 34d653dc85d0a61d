#!/usr/bin/env bash
# session 26 call 1: the activation-rows tile wgmma8a_n48_m128_ws_fold (staged branch act-m-tile; every
# other kernel PTX-identical to main c674398): its GPU test and the API tests, then the tile against
# auto's choice on the shapes where its grid is nearer one wave (only_ab.sh, phase clocks, 3 rounds),
# memcheck of its test, and its source view on 256x3072x1536.
set -u
source tools/device/call_preamble.sh c1
q=quant_then_mma
B=.device/bench
st test
MXFP4_REQUIRE_GPU=1 timeout 150 .device/tests/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*ActivationRow*:*WarpSpecialized*' > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -5 "$O/test.log"
st ab
T=wgmma8a_n48_m128_ws_fold
C="256x3072x1536:auto:auto:0,256x3072x1536:$q:$T:0,256x2880x512:auto:auto:0,256x2880x512:$q:$T:0,512x3072x1536:auto:auto:0,512x3072x1536:$q:$T:0,256x2112x7168:auto:auto:0,256x2112x7168:$q:$T:0,128x3072x4096:auto:auto:0,128x3072x4096:$q:$T:0,1024x4096x4096:auto:auto:0,1024x4096x4096:$q:$T:0"
bash tools/device/only_ab.sh --reps=3 "$C" > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st memcheck
if [[ -n "$CS" ]]; then
  MXFP4_REQUIRE_GPU=1 MXFP4_TEST_SCALE=small timeout 200 "$CS" --tool memcheck --error-exitcode 9 .device/tests/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*ActivationRow*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" | tee -a "$O/steps.log"
  tail -3 "$O/memcheck.log"
fi
st prof
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
mkdir -p "$O/prof"
timeout 100 "$NCU" --clock-control none --section SourceCounters --section WarpStateStats --import-source no \
  -k 'regex:Gemm' --launch-skip 3 --launch-count 1 -f -o /tmp/src_am $B/mxfp4.gpu.gemm.gemm_paths_benchmark \
  --only=256x3072x1536:$q:$T:0 > "$O/prof.log" 2>&1; echo "prof rc=$?" | tee -a "$O/steps.log"
{ echo "# 256x3072x1536:$q:$T:0"; "$NCU" -i /tmp/src_am.ncu-rep --page source --print-source sass --csv; } > "$O/prof/source_1.csv" 2>&1
xz -9 "$O"/prof/source_*.csv 2>/dev/null
st done
sed -n '/--- summary/,$p' "$O/ab.log"
finish_call
