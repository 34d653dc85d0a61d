#!/usr/bin/env bash
# session 39 call 3 (stage = the final kernels and plans: the grid split with the acq_rel ticket, auto within one
# wave in place of a cluster of at most half as many CTAs or with >= 192 blocks a CTA): all 9 GPU test binaries
# with memcheck and racecheck, the contest and the sweep; then auto against the cluster it replaced (hot).
source tools/device/call_preamble.sh c3
OUT="$O/run" timeout 500 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 \
  > "$O/run_all.log" 2>&1
st "run_all rc=$?"
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="1x2048x16384:auto:auto:0,1x2048x16384:$Q:2,16x1024x16384:auto:auto:0,16x1024x16384:$Q:4"
L="$L,1x4096x14336:auto:auto:0,1x4096x14336:$Q:2,16x4096x14336:auto:auto:0,16x4096x14336:$Q:2"
L="$L,4x1024x24576:auto:auto:0,4x1024x24576:$Q:4"
timeout 45 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$L" --cold > "$O/only_cold.log" 2>&1
st "only rc=$?"
finish_call
