#!/usr/bin/env bash
# Session 75 call 6 (carry [".device-pack"]: the full stage of main after v landed, ~330 s): the contest harness
# on the landed tree (two rounds; 16x2112x7168 is the contest shape with two-CTA clusters), then every GEMM test
# binary in full with racecheck and memcheck of splitk_small_m_test's two-CTA cases (device_checks, each under 180 s).
set -u
source tools/device/call_preamble.sh c6
export MXFP4_REQUIRE_GPU=1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
contest_rounds 2 100
device_checks .device/tests 180 splitk_small_m_test "*ContestShapes*:*EveryTile*:*MidLayers*:*TinyAndOdd*"
finish_call
