#!/usr/bin/env bash
# Session 58 call 4. Carry [".device-pack"]: a slim stage of main 7c33387 (kUniformVote, kernels of 4a0ad60) with
# quant_then_mma_test only. The landed tree's own ring and decode tests (~250 s of device budget left).
source tools/device/call_preamble.sh c4
export MXFP4_REQUIRE_GPU=1
F="GemmPath.Ring*:GemmPath.ContestShapes*:GemmPath.MSweep:GemmPath.TinyAndOddShapes:GemmPath.SmallLayers*"
run_test quant_then_mma_ring 100 .device/tests/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter="$F"
finish_call
