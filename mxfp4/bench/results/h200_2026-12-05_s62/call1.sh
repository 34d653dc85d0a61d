#!/usr/bin/env bash
# Session 62 call 1 = session 61's next_fq_call.sh as prepared (packs built in session 61 from main 3130e8e's
# kernels + the equivalent earlier form of fused_quant_ws.patch). Build, as prepared:
# (the base must be main's: only_ab.sh sets the variable for both binaries, and main's ignores it):
#   1. on main: tools/device/stage.sh, then tools/device/slim_stage.sh mxfp4.gpu.gemm.gemm_paths_benchmark
#   2. git apply mxfp4/bench/results/h200_2026-12-05_s61/fused_quant_ws.patch, then
#      tools/device/pack_variant.sh --no_gemm_benchmark fq //mxfp4/gpu/gemm:gemm_paths_benchmark \
#        //mxfp4/gpu/gemm:quant_then_mma_test
#   3. git checkout -- mxfp4/gpu && rm mxfp4/gpu/gemm/internal/wgmma_order_quant_item.h (main again)
# Then run this script on the device, carry [".device-pack"] (slim stage ~14 MB + fq ~12 MB):
#   fq = main + a prototype of the fused-quantization forms of the m128 k2 ws tile and (M > 32, no K split
#        over CTAs) the 64x64 k2 ring tile (fused_quant_ws.patch): with MXFP4_FUSED_WS_CLUSTER=C (2..8) in
#        the environment and the N tiles a multiple of C, no quantizer kernel: the GEMM is launched with a
#        (C, 1, 1) cluster along N; every thread waits for the preceding kernel first; the weights' first
#        loads and the weight-scale check's go out, then the consumer warps of CTA rank r quantize items
#        r x 8 + w, stepping 8C, of the CTA's row tile of A into the workspace (QuantizeRowTileInCluster:
#        the quantizer's bytes, scales and fold flags), proxy fence + release / acquire cluster barrier
#        (a ws tile's producer too), then the body as before (fold flags and activation scales read with
#        ld.global.cg).
# Cluster residency (docs/paths.md "Dispatch", ResidentClusters; H200: 15 clusters of 8, 30 of 4, 66 of 2 at
# one CTA per SM): the 128-CTA configurations below run two waves at C = 8 and 4 (the prototype does not
# check); the contest's 96 (256x3072x1536) and 112 (64x7168x2048) CTAs fit at every C.
# First fq's quant_then_mma_test with C = 2 (every such case with an even N-tile count runs fused) and
# C = 8 (filtered), memcheck and racecheck of the ring / ws / contest tests with C = 2; then base against
# fq with C = 8, 4, 2 on both tiles (the contest's 256x3072x1536 and 64x7168x2048 among them), 3
# interleaved rounds each.
source tools/device/call_preamble.sh fq fq
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
T=/tmp/v/fq/mxfp4.gpu.gemm.quant_then_mma_test
F="GemmPath.WarpSpecialized*:GemmPath.ContestShapes*:GemmPath.TinyAndOddShapes:GemmPath.EveryTile:GemmPath.MSweep"
F="$F:GemmPath.WeightsWritten*:GemmPath.*Ring*"
MXFP4_FUSED_WS_CLUSTER=2 run_test fq_c2_quant_then_mma_test 230 "$T" &
MXFP4_FUSED_WS_CLUSTER=8 run_test fq_c8_quant_then_mma_test 200 "$T" --gtest_filter="$F" &
MXFP4_FUSED_WS_CLUSTER=2 sanitize 240 "$F" "$T" memcheck &
MXFP4_FUSED_WS_CLUSTER=2 sanitize 240 "$F" "$T" racecheck &
wait
W=quant_then_mma:wgmma8_n64_m128_k2_ws_fold:1
R=quant_then_mma:wgmma8_n64_m64_k2_fold:1
C="256x3072x1536:auto:auto:0,128x4096x2048:$W,256x4096x4096:$W,256x2048x1024:$W,256x7168x2048:$W"
C="$C,64x7168x2048:auto:auto:0,64x3072x1536:auto:auto:0,128x4096x2048:$R,64x4096x4096:$R"
for c in 8 4 2; do
  MXFP4_FUSED_WS_CLUSTER=$c timeout 200 bash tools/device/only_ab.sh --reps=3 "$C" fq > "$O/ab_c$c.log" 2>&1
  st "ab C=$c rc=$?"
done
cat "$O/steps.log"
for c in 8 4 2; do echo "== C=$c"; sed -n '/^--- summary/,$p' "$O/ab_c$c.log" | sort -k2,2 -k1,1 -s; done
finish_call
