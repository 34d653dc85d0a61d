#!/usr/bin/env bash
# Session 76 call 1 (carry [".device-pack"]: the full stage of main 3b20069 (= main's kernels) and la; ~200 s):
#   la (exp-s76-la 7e8deae, on main f5440b2): the pushed-pair kernels arm their receive barrier
#      (ArmPushedReceive) once the CTA's copies are issued, just before the CTA barrier that ends the A fill,
#      instead of at kernel start, where rank 1's thread 0 initialized it (init, fence, expect_tx) before its
#      warp's weight copies. Aimed at the pushed kernel's math (ready -> math done), ~190-230 cycles longer than the
#      chained kernel's on 16x2112x7168 (session 75 calls 5, 9).
# only_ab base / la (3 rounds) on the two-CTA shapes and one-CTA controls, then la's tests and the two-CTA
# sanitizers (split_checks).
set -u
source tools/device/call_preamble.sh c1 la
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
ab_means 5 120 "$C,64x7168x2048:auto:auto:0" la
split_checks /tmp/v/la 100
finish_call
