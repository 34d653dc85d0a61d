#!/usr/bin/env bash
# For session 78's first call (carry [".device-pack"]: a full stage of main with rp landed, built by
# tools/device/stage.sh, and qx packed from variant_qx.patch:
#   git checkout -b exp-s78-qx main && git apply mxfp4/bench/results/h200_2026-12-07_s77/variant_qx.patch
#   MXFP4_FATBIN_COMPRESS=size tools/device/pack_variant.sh --no_gemm_benchmark --from=exp-s78-qx qx \
#     //mxfp4/gpu/gemm:gemm_paths_benchmark //mxfp4/gpu/gemm:fused_quant_test
# (commit the applied patch on the branch first: --from builds a commit); ~300 s):
#   1. rp's pending checks (session 77's calls 2-3 never started): racecheck + memcheck of the ring cluster
#      tests, quant_then_mma_test in full (two cases fixed after call 1: N = 80 / 208).
#   2. qx: only_ab main / qx on the _c shapes and controls, its fused_quant_test, racecheck of its EveryTile.
set -u
source tools/device/call_preamble.sh c4 qx
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
Q="32x2048x512:auto:auto:0,24x1024x512:auto:auto:0,17x512x512:auto:auto:0,32x1536x512:auto:auto:0"
Q="$Q,32x2112x512:fused_quant:stream_n32_m32_k4_c2:1,8x2048x512:fused_quant:stream_n32_m8_k4_c2:1"
Q="$Q,16x2048x512:fused_quant:stream_n32_m16_k4_c4:1"
Q="$Q,32x2880x512:auto:auto:0,4x2880x512:auto:auto:0,32x4096x512:auto:auto:0,1x2048x4096:auto:auto:0"
ab_means 5 150 "$Q" qx
T=.device/tests
F="*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*"
run_test quant_then_mma_test 200 "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
sanitize 230 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 230 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
run_test fused_quant_test 200 /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test &
G="*EveryTile*:*ContestShapes*:*MSweep*:*TinyAndOdd*"
sanitize 230 "$G" /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test racecheck &
sanitize 230 "$G" /tmp/v/qx/mxfp4.gpu.gemm.fused_quant_test memcheck &
wait
for f in "$O"/racecheck.*.log; do echo "== $f"; grep -E 'RUN|FAILED|azard|SUMMARY' "$f" | tail -12; done
finish_call
