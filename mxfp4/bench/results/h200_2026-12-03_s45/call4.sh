#!/usr/bin/env bash
# Session 45 call 4: variant pfb = call 3's pfa with one cp.async.bulk.prefetch.L2 a run (data, scales) from thread 0 instead of a prefetch.global.L2 a line, after the first fills rather than before the wait, in the 64-row ring forms without a K split over CTAs only (not the ws or decode kernels); otherwise call 2: an L2 prefetch of each ring / ws (raw weight) CTA's whole weight
# tile (data and scale bytes, one prefetch.global.L2 a 128-byte line) before its grid-dependency wait, for weights up
# to 16 MiB and CTAs over all of K (weight_prefetch.h). A/B against the slim stage of main: gemm_paths_benchmark
# --only --cold (hot = same buffers, cold = rotating > 120 MB of inputs, the L2-flush proxy), three interleaved rounds.
source tools/device/call_preamble.sh c4 pfb
export MXFP4_REQUIRE_GPU=1
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,32x4096x4096:auto:auto:0,64x16384x512:auto:auto:0,32x2880x1024:auto:auto:0,96x4096x1024:auto:auto:0"
L="$L,64x2048x4096:auto:auto:0,1x5120x4096:auto:auto:0"
for r in 1 2 3; do
  for who in base pfb; do
    bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
    [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
    echo "=== $who (round $r)" >> "$O/ab.log"
    timeout 120 "$bin" --only="$L" --cold >> "$O/ab.log" 2>&1
    st "$who round $r rc=$?"
  done
done
echo "--- who, shape, hot us, cold us, plan"
awk '/^=== /{who=$2} /^only /{printf "%-5s %5sx%5sx%5s hot %7s cold %7s %s\n", who, $2, $4, $6, $8, $11, $13}' "$O/ab.log" \
  | sort -k2,2 -k1,1 -s
xz -9 "$O/ab.log"
finish_call
