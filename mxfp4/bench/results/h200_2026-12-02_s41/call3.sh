#!/usr/bin/env bash
# session 41 call 3: stage = the stage-ordered A of the ring tiles (ring_stage_order.h: the wgmma-order quantizer
# writes a row tile's blocks stage by stage where every chunk is whole stages of one length, and each ring fill -
# ring, decode and ws kernels - is then one bulk copy instead of warps_k). Variant "old" = session 39's staged
# gemm_paths_benchmark (352038b: kernels PTX-identical to main 0c86c11 before this change).
# 1. Timing: new (base) against old, interleaved, two rounds (hot, phase clocks).
# 2. All GPU test binaries with memcheck and racecheck, the contest and the sweep.
source tools/device/call_preamble.sh c3 old
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,1x5120x13824:auto:auto:0,1x8192x8192:auto:auto:0,16x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x8192x22016:auto:auto:0,8x7168x4096:auto:auto:0,64x4096x4096:auto:auto:0,1x5120x4096:$Q:1"
L="$L,1x2048x16384:auto:auto:0,16x16384x16384:auto:auto:0,32x3072x3072:auto:auto:0,512x3072x1536:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=60
timeout 120 bash tools/device/only_ab.sh --reps=2 "$L" old > "$O/ab.log" 2>&1
st "ab rc=$?"
OUT="$O/run" timeout 520 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=240 \
  > "$O/run_all.log" 2>&1
st "run_all rc=$?"
tail -40 "$O/ab.log"
grep -E "PASS|FAIL" "$O/run/summary.txt" | head -30
finish_call
