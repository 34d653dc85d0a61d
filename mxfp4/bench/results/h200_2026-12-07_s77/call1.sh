#!/usr/bin/env bash
# Session 77 call 1 (carry [".device-pack"]: the full stage of 3b20069 (base; its ring kernels are main's,
# PTX-identical) and rp; ~200 s):
#   rp (exp-s77-rp): the ring tiles' K-split clusters of more than two CTAs push their partials to the
#      chunks' owners (CombinePushedRanks with the receive area over the ring, one cluster barrier after
#      the math) in kernels of their own (GemmPrequantMmaRingPushedRanksKernel), instead of
#      CombineByPulling's two cluster barriers and remote loads.
# only_ab base / rp (5 rounds) on ring cluster shapes and controls, then rp's ring checks (quant_then_mma_test
# in full, racecheck + memcheck of its ring / contest / edge cases).
set -u
source tools/device/call_preamble.sh c1 rp
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="64x512x16384:auto:auto:0,32x512x8192:auto:auto:0,16x512x22016:auto:auto:0,128x512x4096:auto:auto:0"
C="$C,192x512x8192:auto:auto:0,64x544x6144:auto:auto:0,96x512x3072:auto:auto:0"
C="$C,128x1024x8192:auto:auto:0,64x7168x2048:auto:auto:0,16x2112x7168:auto:auto:0"
# The k2 tile where auto takes the k4 one (session 29: the k2 tile ~4% faster on 64x512x16384, untried).
C="$C,64x512x16384:quant_then_mma:wgmma8_n64_m64_k2_fold:0,192x512x8192:quant_then_mma:wgmma8_n64_m64_k2_fold:0"
ab_means 5 200 "$C" rp
ring_checks /tmp/v/rp 240
finish_call
