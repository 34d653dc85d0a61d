#!/usr/bin/env bash
# session 28 call 2: the ring tiles' fast loop with a wgmma narrower than the 64-row activation tile
# (m64n16k32: r16 / r16s without two partial sets in the 4-warpgroup tiles; m64n32k32: r32) against the
# staged tree (b005b3e). Timing only: a narrow variant computes only the first 16 / 32 activation rows.
set -u
source tools/device/call_preamble.sh c2 r16 r32 r16s
q=quant_then_mma
C=""
for s in 16x16384x16384 16x8192x28672 16x28672x8192 16x8192x8192 16x7168x4096 32x16384x16384 32x4096x4096; do
  C="$C,$s:auto:auto:0"
done
for s in 16x16384x16384 16x4096x4096 16x2112x7168; do
  for t in wgmma8_n64_m64_k4_fold wgmma8_n64_m64_k2_fold; do C="$C,$s:$q:$t:0"; done
done
C="${C#,}"
st run
MXFP4_ONLY_TIMEOUT=250 bash tools/device/only_ab.sh --reps=2 "$C" r16 r32 r16s > "$O/only_ab.log" 2>&1
st done
grep -A200 "summary" "$O/only_ab.log" | tail -110
finish_call
