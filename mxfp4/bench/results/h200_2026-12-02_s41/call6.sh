#!/usr/bin/env bash
# session 42 call 6: stage = the final tree: call 4's stage order (the k4 tiles without a K split over CTAs) with the
# quantizer's stage order a template parameter (its K-order form the old code) and the ring body's test a compile-time
# false in the kernels with K split over CTAs (call 4: the plans without the stage order lost 0.3-1.1%). Variant "old" = main
# 0c86c11's gemm_paths_benchmark (built in session 42 from a worktree; kernels as session 39's 352038b).
# Timing: new (base) against old, interleaved, three rounds (hot, phase clocks); a slim stage (the tree and a full
# stage with the variant were over the device tool's 64 MiB). The tests and benchmarks: call7.sh.
source tools/device/call_preamble.sh c6 old
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,1x5120x13824:auto:auto:0,1x8192x8192:auto:auto:0,16x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x8192x22016:auto:auto:0,8x7168x4096:auto:auto:0,64x4096x4096:auto:auto:0,1x5120x4096:$Q:1"
L="$L,1x2048x16384:auto:auto:0,16x16384x16384:auto:auto:0,32x3072x3072:auto:auto:0,512x3072x1536:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 120 bash tools/device/only_ab.sh --reps=3 "$L" old > "$O/ab.log" 2>&1
st "ab rc=$?"
tail -50 "$O/ab.log"
finish_call
