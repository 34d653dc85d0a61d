#!/usr/bin/env bash
# session 39 call 5 (stage = call 3's, 352038b): what the k4 decode kernels' ~2.3K cycles from entry to the
# grid-dependency wait's return are (What to do next (after 39) item 1). Phase clocks, hot, two rounds: the same
# layer with 1 / 16 / 32 rows (2 / 2 / 1 weight steps loaded before the wait) and the grid split's two waves, and the
# same K on fewer CTAs (80 / 32 / 8: less DRAM traffic at once).
source tools/device/call_preamble.sh c5
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="1x5120x4096:$Q:g2,16x5120x4096:$Q:g2,32x5120x4096:$Q:g2,1x5120x4096:$Q:1,32x5120x4096:$Q:1"
L="$L,1x2048x4096:$Q:1,32x2048x4096:$Q:1,1x512x4096:$Q:1,32x512x4096:$Q:1"
for r in 1 2; do
  timeout 60 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$L" --phase_clock > "$O/only_$r.log" 2>&1
  st "only $r rc=$?"
done
finish_call
