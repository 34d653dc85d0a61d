#!/usr/bin/env bash
# Session 52 call 2. Base: the slim stage of session 51 (libraries and its gemm_paths_benchmark).
# Variant p8 (call1.sh). Int8 persistent against one-tile (`+flat`): the caller's int8 copy and int8
# staging with narrow scales (every CTA integer), int8 staging with the benchmark's wide scales
# (every CTA converting: the fallback), two interleaved rounds, cuBLAS bf16 once; and the one-tile
# int8 kernels (PTX changed, same instruction counts) against the stage's binary.
source tools/device/call_preamble.sh c2 p8
V=/tmp/v/p8
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
C=""
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 1024x4096x4096 2048x4096x4096 3072x3072x3072 1024x4096x8192 4096x2880x1024; do
  C="$C,$s:auto:auto:0:prepared_int8,$s:auto:auto:0:prepared_int8+flat"
done
for s in 4096x4096x4096 8192x4096x4096 2048x7168x2048 3072x3072x3072 4096x3072x1536 4096x2880x512; do
  C="$C,$s:auto:auto:0:stage_int8,$s:auto:auto:0:stage_int8+flat"
done
C="${C#,}"
W=""
for s in 4096x4096x4096 2048x7168x2048 4096x3072x1536; do
  W="$W,$s:auto:auto:0:stage_int8,$s:auto:auto:0:stage_int8+flat"
done
W="${W#,}"
# The one-tile int8 kernels' PTX changed (same instruction counts): the stage's binary (session 51's
# kernels) against the variant's +flat on the same specs.
D=""
for s in 4096x4096x4096 2048x7168x2048 1024x4096x4096 512x4096x1536; do D="$D,$s:auto:auto:0:prepared_int8,$s:auto:auto:0:stage_int8"; done
D="${D#,}"
for r in 1 2; do
  timeout 60 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --narrow_scales --only="$D" > "$O/base$r.log" 2>&1
  timeout 60 $B --narrow_scales --only="$(echo "$D" | sed 's/_int8/_int8+flat/g')" > "$O/flat$r.log" 2>&1
  st "one-tile A/B round $r"
done
for r in 1 2; do
  timeout 150 $B --narrow_scales --only="$C" > "$O/ab$r.log" 2>&1
  st "round $r rc=$?"
  timeout 60 $B --only="$W" > "$O/wide$r.log" 2>&1
  st "wide round $r rc=$?"
done
timeout 120 $B --narrow_scales --only="$C" --only_cublas > "$O/cublas.log" 2>&1
st "cublas rc=$?"
for f in base1 flat1 base2 flat2 ab1 ab2 wide1 wide2; do echo "== $f"; grep -E "^only|int8 accumulation" "$O/$f.log"; done | cut -c1-170
echo "== cublas"; grep -E "^only|cuBLAS bf16" "$O/cublas.log" | grep -B1 cuBLAS | grep -v "^--" | cut -c1-60
xz -9 "$O"/*.log 2>/dev/null
finish_call
