#!/usr/bin/env bash
# Session 49 call 2. Base: the slim stage of main 81b3d30. Variants (branch int8-norm2):
#   pro2 = c2891bd: call 1's pro with every thread of a falling-back CTA waiting for the early copies;
#   q0 = pro2 with the int8 quantizer's sums of squares removed (timing only: wrong norm bounds).
# Call 1 found the norm branch's int8 calls ~0.9 µs slower at small M with the GEMM kernel's own span
# unchanged (the quantizer?). Here: racecheck/memcheck of pro2's int8 path, timing base/pro2/q0, and
# Nsight Compute: each kernel's duration alone, and the quantizer's source view (base and pro2).
source tools/device/call_preamble.sh c2 pro2 q0
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pro2
timeout 150 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*Prepared*:*Staged*' > "$O/qtm.log" 2>&1
st "qtm prepared rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/qtm.log" | head -5
if [[ -n "$CS" ]]; then
  for tool in racecheck memcheck; do
    MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool $tool --error-exitcode 9 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PreparedInt8*' > "$O/$tool.path.log" 2>&1
    st "$tool path rc=$?"; tail -2 "$O/$tool.path.log"
  done
fi
C=""
for s in 4096x4096x4096 1024x4096x4096 1024x4096x8192 512x3072x1536 256x3072x1536 128x2048x2048 64x7168x2048; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
bin_of() { [[ $1 == base ]] && echo $B || echo /tmp/v/$1/mxfp4.gpu.gemm.gemm_paths_benchmark; }
for r in 1 2; do
  for who in base pro2 q0; do
    timeout 120 $(bin_of $who) --only="$C" > "$O/ab.$who.$r.log" 2>&1
    st "ab $who round $r rc=$?"
    grep -E "^only" "$O/ab.$who.$r.log" | awk '{print $2,$3,$4,$5,$6,$7,$8}'
  done
done
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 256x3072x1536:auto:auto:0:prepared_int8 4096x4096x4096:auto:auto:0:prepared_int8; do
    for who in base pro2 q0; do
      timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:Int8 \
        --launch-skip 6 --launch-count 4 $(bin_of $who) --only="$cfg" > "$O/ncu.$who.${cfg%%:*}.log" 2>&1
      st "ncu $who $cfg rc=$?"
      grep -E "Int8Kernel|gpu__time_duration" "$O/ncu.$who.${cfg%%:*}.log" | sed -E 's/\(.*//' | awk '{$1=$1; print}' | paste - - | awk '{print $1, $(NF-1), $NF}' | cut -c1-120
    done
  done
  for who in base pro2; do
    timeout 150 "$NCU" --clock-control none --section SourceCounters --section WarpStateStats --import-source no \
      -k regex:QuantizeAOperandWgmmaOrderInt8 --launch-skip 6 --launch-count 1 -f -o "$O/qsrc.$who" \
      $(bin_of $who) --only=256x3072x1536:auto:auto:0:prepared_int8 > "$O/qsrc.$who.log" 2>&1
    st "ncu source $who rc=$?"
    "$NCU" -i "$O/qsrc.$who.ncu-rep" --page source --print-source sass --csv > "$O/qsrc.$who.csv" 2>&1
    "$NCU" -i "$O/qsrc.$who.ncu-rep" --page details > "$O/qsrc.$who.details.txt" 2>&1
    rm -f "$O/qsrc.$who.ncu-rep"
    grep -E "Duration|Warp Cycles Per Issued|Registers Per|Achieved Occupancy" "$O/qsrc.$who.details.txt" | head -6
  done
fi
xz -9 "$O"/*.log "$O"/*.csv "$O"/*.txt 2>/dev/null
finish_call
