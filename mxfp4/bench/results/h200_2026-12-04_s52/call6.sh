#!/usr/bin/env bash
# Session 52 call 6 (timing prototype, pair.patch): the int8 persistent kernel in clusters of 2 CTAs
# along M, each CTA multicasting one 64-row weight half of every stage to both (the pair shares the
# weight stage: half the weight bytes from L2 per CTA), per-warp releases on both CTAs' empty
# barriers, no int8 check (the s8 loop always). MXFP4_PAIR=1 selects it where the row tiles are even
# and N is whole tiles. The persistent int8 test with it (its normal-data cases), then PAIR=0 / 1,
# two interleaved rounds.
source tools/device/call_preamble.sh c6 pr
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/pr
MXFP4_PAIR=1 timeout 120 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGridInt8*' > "$O/qtm.log" 2>&1; echo "rc=$?" >> "$O/qtm.log"
st "pair test: $(grep -E '^\[  PASSED|^\[  FAILED|^rc=' "$O/qtm.log" | paste -sd' ')"
grep -E "Failure" -A3 "$O/qtm.log" | grep -E "Value of|Actual" | cut -c1-150 | head -20
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 2048x4096x4096 1024x4096x4096; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="$C,4096x3072x1536:auto:auto:0:stage_int8"
C="${C#,}"
for r in 1 2; do
  for mode in 0 1; do
    if [[ $mode == 1 ]]; then export MXFP4_PAIR=1; else unset MXFP4_PAIR; fi
    timeout 100 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --narrow_scales --only="$C" > "$O/pair${mode}_r$r.log" 2>&1
    st "round $r pair $mode rc=$?"
  done
done
unset MXFP4_PAIR
for r in 1 2; do for mode in 0 1; do
  echo "r$r pair $mode: $(grep -E '^only' "$O/pair${mode}_r$r.log" | awk '{printf "%s %s  ", $2"x"$4"x"$6, $8}')"
done; done
xz -9 "$O"/*.log 2>/dev/null
finish_call
