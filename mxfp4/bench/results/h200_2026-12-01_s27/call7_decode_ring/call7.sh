#!/usr/bin/env bash
# session 27 call 7: decode shapes (M <= 32) with large weights on the 64-row ring tiles beyond one wave (auto
# keeps them for one-wave grids only) against auto (staged tree e8af1a5: streaming tiles), hot and cold.
set -u
source tools/device/call_preamble.sh c7
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
q=quant_then_mma
C=""
for s in 16x16384x16384 32x16384x16384 16x53248x16384 16x8192x28672 16x28672x8192 16x8192x8192 8x16384x16384 4x16384x16384 16x4096x4096 16x7168x4096 32x8192x8192; do
  C="$C,$s:auto:auto:0"
  for t in wgmma8_n64_m64_k4_fold wgmma8_n64_m64_k2_fold wgmma8_n64_m64_k2_ws_fold wgmma8_n128_m64_k2_fold; do C="$C,$s:$q:$t:0"; done
done
C="${C#,}"
st run
timeout 560 $B --only="$C" --cold > "$O/only.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st done
grep -E "^only|rror" "$O/only.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13, $14}' | sed 's/tile=//'
finish_call
