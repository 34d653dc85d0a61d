#!/usr/bin/env bash
# session 27 call 1: how much of a quant_then_mma call is the quantizer stage (its launch, work and the
# GEMM's wait for its completion)? Variant skipq (branch exp/skipq): with MXFP4_PROBE_SKIP_QUANT the launcher
# runs the quantizer once per (workspace, shape, tile) and skips it after, so the GEMM reads the first call's
# A operand (timing only). Base, variant, variant + env, 3 rounds, hot graph replay, auto plans.
set -u
source tools/device/call_preamble.sh c1 skipq
C="16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,1024x4096x4096:auto:auto:0,8x2112x7168:auto:auto:0"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
V=/tmp/v/skipq/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2 3; do
  st "round $r"
  echo "=== base (round $r)" >> "$O/ab.log"; timeout 120 $B --only="$C" --phase_clock >> "$O/ab.log" 2>&1
  echo "=== skipq_off (round $r)" >> "$O/ab.log"; timeout 120 $V --only="$C" --phase_clock >> "$O/ab.log" 2>&1
  echo "=== skipq_on (round $r)" >> "$O/ab.log"; MXFP4_PROBE_SKIP_QUANT=1 timeout 120 $V --only="$C" --phase_clock >> "$O/ab.log" 2>&1
done
st done
awk '/^=== /{who=$2} /^only /{shape=$2"x"$4"x"$6; us=$8; tile=$11; sub(/^tile=/, "", tile)}
     /ready -> math done/{printf "%-10s %-18s %-32s %8s %8s\n", who, shape, tile, us, $9}' "$O/ab.log" | sort -k2,2 -k1,1
grep -m3 "entry" "$O/ab.log"
finish_call
