#!/usr/bin/env bash
# Session 52 call 3 (diagnostic, timing only: half.patch). Is the persistent int8 kernel bound by its
# operand traffic from L2? Variant hx = the int8 persistent tree plus a device switch (MXFP4_HALF,
# read once per process): 1 = each stage's activation copy moves half its bytes, 2 = only the first
# 64-row weight half of each stage is copied (results wrong by design). Int8 copy, narrow scales,
# every CTA integer; modes interleaved, two rounds.
source tools/device/call_preamble.sh c3 hx
B=/tmp/v/hx/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 4096x2880x1024 1024x4096x8192; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
for r in 1 2; do
  for mode in 0 1 2; do
    MXFP4_HALF=$mode timeout 100 $B --narrow_scales --only="$C" > "$O/m${mode}_r$r.log" 2>&1
    st "round $r mode $mode rc=$?"
  done
done
for r in 1 2; do for mode in 0 1 2; do
  echo "r$r mode $mode: $(grep -E '^only' "$O/m${mode}_r$r.log" | awk '{printf "%s %s  ", $2"x"$4"x"$6, $8}')"
done; done
xz -9 "$O"/*.log 2>/dev/null
finish_call
