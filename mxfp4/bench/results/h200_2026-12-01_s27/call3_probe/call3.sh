#!/usr/bin/env bash
# session 27 call 3: where the in-GEMM quantization's time goes (variant fq2 = fq1 + MXFP4_PROBE bits:
# 1 no fences, 2 no grid barrier, 4 the dependency stamp before the barrier, 8 the first weight batch after the
# barrier). Timing only (bits 1/2 break the synchronization). 2 rounds, hot graph replay.
set -u
source tools/device/call_preamble.sh c3 fq2
V=/tmp/v/fq2/mxfp4.gpu.gemm.gemm_paths_benchmark
C="64x7168x2048:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2; do
  st "round $r"
  echo "=== base (round $r)" >> "$O/ab.log"; timeout 120 $B --only="$C" --phase_clock >> "$O/ab.log" 2>&1
  for m in 0 4 1 2 3 8 12 5; do
    echo "=== p$m (round $r)" >> "$O/ab.log"; MXFP4_PROBE=$m timeout 120 $V --only="$C" --phase_clock >> "$O/ab.log" 2>&1
  done
done
st done
awk '/^=== /{who=$2} /^only /{shape=$2"x"$4"x"$6; us=$8} /entry -> dependency/{dep=$5} /ready -> math done/{m=$9} /math done -> end/{printf "%-6s %-16s %7s dep %6s math %6s\n", who, shape, us, dep, m}' "$O/ab.log" | sort -k2,2 -k1,1
finish_call
