#!/usr/bin/env bash
# session 27 call 8: the final tree (staged weights + decode GEMMs of large layers on the ring tiles): every GPU
# test binary with memcheck and racecheck, the contest and sweep benchmark sets, then auto on decode shapes.
set -u
source tools/device/call_preamble.sh c8
st run_all
OUT="$O/run" timeout 500 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st decode
L=16x16384x16384:auto:auto:0,32x16384x16384:auto:auto:0,8x16384x16384:auto:auto:0,16x8192x28672:auto:auto:0,16x28672x8192:auto:auto:0,16x8192x8192:auto:auto:0,16x7168x4096:auto:auto:0,16x4096x4096:auto:auto:0
timeout 60 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$L --cold > "$O/decode.log" 2>&1; echo "decode rc=$?" | tee -a "$O/steps.log"
st done
tail -24 "$O/run_all.log"
grep -E "^only" "$O/decode.log" | cut -c1-150
finish_call
