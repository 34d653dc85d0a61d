#!/usr/bin/env bash
# session 41 call 1: timing probe (wrong results by design), stage = session 39's 352038b (kernels PTX-identical to
# main 0c86c11). Variant "onecopy" (onecopy_probe.patch): every ring fill (FillRingActivationStage: ring, ws and
# decode kernels) issues the stage as ONE bulk copy (from chunk 0's blocks) instead of one copy per K-split chunk
# (kWgsK = 2 or 4 copies from one warp). Question: does the number of bulk copies per stage bound the ring loops /
# the first fill (session 40: a warp's 1-D bulk copies run one at a time, ~270 ns each from DRAM)?
source tools/device/call_preamble.sh c1 onecopy
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,1x5120x13824:auto:auto:0,1x8192x8192:auto:auto:0,16x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x8192x22016:auto:auto:0,8x7168x4096:auto:auto:0,64x4096x4096:auto:auto:0,1x5120x4096:$Q:1"
export MXFP4_ONLY_TIMEOUT=100
timeout 400 bash tools/device/only_ab.sh --reps=2 "$L" onecopy > "$O/ab.log" 2>&1
st "ab rc=$?"
tail -60 "$O/ab.log"
finish_call
