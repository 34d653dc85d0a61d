#!/usr/bin/env bash
# Session 76 call 4 (carry [".device-pack"]: the full stage of 3b20069 (base) and pa; ~200 s):
#   pa (exp-s76-pa, on main): the streaming tiles' cluster kernels pull across ranks (CombineByPulling, the ring
#      tiles' combine since session 29) for clusters of more than 2 CTAs, instead of the general loop (ranks read
#      rank by rank). Session 29 measured it (8x512x8192, 8 ranks: 12.50 -> 11.53 us) but dropped it because the
#      contest's 16x2112x7168 ran the same kernel's two-CTA chain (7.85 -> 7.97); since session 75 every auto plan
#      with two-CTA streaming clusters runs the pushed-pair kernels, so the cluster kernels run only clusters > 2.
# only_ab base / pa (5 rounds) on shapes of clusters of 3, 4 and 8 per tile, with controls, then pa's tests and
# the cluster cases' sanitizers (split_checks).
set -u
source tools/device/call_preamble.sh c4 pa
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="8x512x8192:auto:auto:0,16x64x16384:auto:auto:0,8x64x4096:auto:auto:0,16x16x6144:auto:auto:0"
C="$C,16x16x2048:auto:auto:0,4x1056x8192:auto:auto:0,1x512x16384:auto:auto:0"
ab_means 5 200 "$C,16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0" pa
split_checks /tmp/v/pa 100
finish_call
