#!/usr/bin/env bash
# session 28 call 1: L2 prefetch of the ring tiles' fast-loop weights 3 (pf2) or 7 (pf6) steps ahead against
# the staged tree (b005b3e): decode shapes of large layers and the ring tiles' other grids, auto plans.
set -u
source tools/device/call_preamble.sh c1 pf2 pf6
C=""
for s in 16x16384x16384 32x16384x16384 4x16384x16384 16x8192x28672 16x28672x8192 16x8192x8192 16x7168x4096 \
         64x7168x2048 32x4096x4096 128x2048x2048 64x512x16384 64x4096x4096; do
  C="$C,$s:auto:auto:0"
done
C="${C#,}"
st run
MXFP4_ONLY_TIMEOUT=250 bash tools/device/only_ab.sh --reps=2 "$C" pf2 pf6 > "$O/only_ab.log" 2>&1
st done
grep -A200 "summary" "$O/only_ab.log" | tail -80
finish_call
