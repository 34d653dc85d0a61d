#!/usr/bin/env bash
# session 40 call 8 (stage = 352038b, the final tree's kernels): Nsight Compute source views of the base kernels'
# prologue for What to do next item 1 - where a CTA waits between the grid-dependency wait and its first operands -
# on the k4 decode kernel (1x5120x4096, one CTA a tile) and the contest's 64x7168x2048 (auto: ring m64 k2).
source tools/device/call_preamble.sh c8
R=quant_then_mma
OUT="$O/run" timeout 240 bash tools/device/run_all.sh --bench=none \
  --profile_source=1x5120x4096:$R:wgmma8_n64_m64_k4_fold:1,64x7168x2048:auto:auto:0 > "$O/run_all.log" 2>&1
st "profile rc=$?"
xz -9 "$O"/run/*.csv 2>/dev/null
finish_call
