#!/usr/bin/env bash
# Session 77 call 2 (carry [".device-pack"]: the stage of 3b20069 and rp with call 1's two test cases fixed,
# N = 80 / 208 for the preshuffled layout; ~250 s): rp's quant_then_mma_test in full, and racecheck +
# memcheck of the tests that launch ring clusters of more than two CTAs (call 1's racecheck ran out of time
# in EveryTile before them).
set -u
source tools/device/call_preamble.sh c2 rp
export MXFP4_REQUIRE_GPU=1
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
run_test quant_then_mma_test 200 /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test &
sanitize 230 "$F" /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test racecheck &
sanitize 230 "$F" /tmp/v/rp/mxfp4.gpu.gemm.quant_then_mma_test memcheck &
wait
grep -E 'RUN|OK|FAILED|azard|SUMMARY' "$O"/racecheck.*.log | tail -20
finish_call
