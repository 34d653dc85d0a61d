#!/usr/bin/env bash
# Session 76 call 6 (carry [".device-pack"]: the full stage of 3b20069 (base) and pr2; ~130 s):
#   pr2 (exp-s76-pr): call 5's pr in kernels of its own (GemmPrequantMmaPushedRanksKernel,
#      GemmSplitKSmallMPushedRanksKernel, launched where LaunchesPushedRanks): every existing kernel's PTX is main's
#      (up to register numbering; two cluster kernels reorder two shifts), 13 + 17 kernels new.
# only_ab base / pr2 (5 rounds) on call 5's shapes, then pr2's tests and the cluster cases' sanitizers.
set -u
source tools/device/call_preamble.sh c6 pr2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="8x512x8192:auto:auto:0,16x64x16384:auto:auto:0,8x64x4096:auto:auto:0,16x16x6144:auto:auto:0"
C="$C,16x16x2048:auto:auto:0,4x1056x8192:auto:auto:0,1x512x16384:auto:auto:0"
ab_means 5 200 "$C,16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0,12x2880x4096:auto:auto:0" pr2
split_checks /tmp/v/pr2 120
finish_call
