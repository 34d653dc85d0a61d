#!/usr/bin/env bash
# Session 79 call 2 (carry [".device-pack"]: the stage's libraries alone (.device/lib, .device/glibc: every
# GPU binary is 13-22 MB, so no base binary fits beside two packs), grp = main 0f961c0's gemm_paths_benchmark (the
# base here), and ro = grp + the ring tiles' pushed-ranks receive area after their plan where it fits
# (PushedReceive::kPublished: no cluster barrier after the math)).
# The ring cluster shapes (64-row tiles and decode forms) and controls, grp / ro; ro's quant_then_mma_test in full,
# racecheck and memcheck of its ring cluster cases; phase clocks on grp and ro.
set -u
source tools/device/call_preamble.sh c2 grp ro
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
Q="64x512x16384:auto:auto:0,192x512x8192:auto:auto:0,128x512x8192:auto:auto:0,64x1024x8192:auto:auto:0"
Q="$Q,32x1024x8192:auto:auto:0,64x544x6144:auto:auto:0,32x512x8192:auto:auto:0,16x512x22016:auto:auto:0"
Q="$Q,12x1024x8192:auto:auto:0,12x512x16384:auto:auto:0,8x1536x16384:auto:auto:0,32x1536x22016:auto:auto:0"
Q="$Q,24x544x6144:auto:auto:0,64x7168x2048:auto:auto:0,16x2112x7168:auto:auto:0"
MXFP4_ONLY_BASE=/tmp/v/grp/mxfp4.gpu.gemm.gemm_paths_benchmark ab_means 5 250 "$Q" ro
T=/tmp/v/ro
run_test quant_then_mma_test 250 "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 250 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'FAILED|azard|SUMMARY' "$f" | tail -4; done
for v in grp ro; do
  echo "== $v"
  timeout 40 /tmp/v/$v/mxfp4.gpu.gemm.gemm_paths_benchmark \
    --only=64x512x16384:auto:auto:0,32x512x8192:auto:auto:0,12x512x16384:auto:auto:0 \
    --phase_clock 2>&1 | grep -E "only|phase (entry|ready|math)"
done
finish_call
