#!/usr/bin/env bash
# session 24 call 9: the bulk streaming loop's unroll by tile (call 8: 4 everywhere gained 2-4% but made the
# m64 bulk tiles spill). Variants u8 (8 for frags_m <= 2, 4 for 4, 2 beyond) and u4s (4 for frags_m <= 4,
# 2 beyond) against the staged 5ce8c39 (2 everywhere): the bulk-tile tests of both, then auto's timings.
set -u
source tools/device/call_preamble.sh c9 u8 u4s
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
export MXFP4_REQUIRE_GPU=1
st test
F='*EveryTile*:*BulkTile*:*ContestShapes*:*MSweep*:*WideExponents*:*EverySplitCount*'
for v in u8 u4s; do
  for t in quant_then_mma splitk_small_m fused_quant; do
    timeout 150 /tmp/v/$v/mxfp4.gpu.gemm.${t}_test --gtest_filter="$F" > "$O/test_${v}_$t.log" 2>&1; echo "test $v $t rc=$?" | tee -a "$O/steps.log"
  done
done
st only
C=""
for s in 16x2112x7168 8x2112x7168 16x3072x1536 16x4096x4096 12x2880x4096 16x2880x4096 16x7168x4096 4x4096x4096 1x4096x4096 8x4096x7168; do C="$C,$s:auto:auto:0"; done
C="${C#,}"
for r in 1 2; do
  timeout 100 stdbuf -oL $B --only=$C --cold > "$O/base$r.log" 2>&1; echo "base rc=$?" | tee -a "$O/steps.log"
  for v in u8 u4s; do
    timeout 100 stdbuf -oL /tmp/v/$v/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C --cold > "$O/${v}_$r.log" 2>&1; echo "$v rc=$?" | tee -a "$O/steps.log"
  done
done
st phase
for v in u8 u4s; do
  timeout 60 stdbuf -oL /tmp/v/$v/mxfp4.gpu.gemm.gemm_paths_benchmark --only=16x2112x7168:auto:auto:0 --phase_clock > "$O/phase_$v.log" 2>&1
done
st done
grep -h -E "^\[  (PASSED|FAILED)" "$O"/test_*.log
for f in base1 u8_1 u4s_1 base2 u8_2 u4s_2; do echo "== $f"; grep '^only' "$O/$f.log" | sed 's/path=//' | cut -c1-96; done
for v in u8 u4s; do echo "== phase $v"; grep "phase " "$O/phase_$v.log" | cut -c1-100; done
finish_call
