#!/usr/bin/env bash
# session 38 call 3 (slim stage = e062c3a): does a K-split over independent CTAs (no cluster, two waves) pay for
# decode layers with fewer N tiles than SMs? Proxies: the same tile without a split on a third / a quarter / a half
# of K (one wave of the shorter chunk) against the whole layer. E.g. 1x5120x13824 (80 tiles, k4): 240 CTAs of a
# third of K would run in two waves.
source tools/device/call_preamble.sh c3
R=quant_then_mma
export MXFP4_ONLY_TIMEOUT=150
L=""
for m in 1 8; do
  L="$L,${m}x5120x13824:auto:auto:0,${m}x5120x4608:$R:wgmma8_n64_m64_k4_fold:1,${m}x5120x6912:$R:wgmma8_n64_m64_k2_fold:1"
  L="$L,${m}x5120x13824:$R:wgmma8_n64_m64_k2_fold:1,${m}x5120x13824:$R:wgmma8_n64_m64_k4_fold:3"
  L="$L,${m}x6144x16384:auto:auto:0,${m}x6144x4096:$R:wgmma8_n64_m64_k4_fold:1"
  L="$L,${m}x3072x5888:auto:auto:0,${m}x3072x2944:$R:wgmma8_n64_m64_k2_fold:1,${m}x3072x1472:$R:wgmma8_n64_m64_k2_fold:1"
  L="$L,${m}x7168x18432:auto:auto:0,${m}x7168x4608:$R:wgmma8_n64_m64_k4_fold:1"
  L="$L,${m}x4096x14336:auto:auto:0,${m}x4096x3584:$R:wgmma8_n64_m64_k4_fold:1"
done
st "only"
for r in 1 2; do
  timeout 200 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only="${L#,}" --phase_clock > "$O/only_$r.log" 2>&1
  st "only $r rc=$?"
done
finish_call
