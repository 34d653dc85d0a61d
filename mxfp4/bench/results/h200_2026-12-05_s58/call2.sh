#!/usr/bin/env bash
# Session 58 call 2. Carry [".device-pack"]: tools/device/stage.sh's full stage of main bcc6ba5 (the ring
# body's warp-uniform vote in the M > 32 form only: cta_vote; kernel_diff.sh: 12 of 83 kernels changed, all
# GemmPrequantMmaKernel / RingClusterKernel ring forms, the decode kernels' PTX identical).
# The validation of that tree, sized for ~600 s of device budget (two refused starts left too little for
# run_all.sh --tests --sanitize, ~260 s of racecheck alone): the four test binaries that run the ring
# kernels in full, and racecheck + memcheck of quant_then_mma_test on its ring, contest and edge tests
# (MXFP4_TEST_SCALE=small), all at once on the GPU.
source tools/device/call_preamble.sh c2
export MXFP4_REQUIRE_GPU=1
T=.device/tests
for b in quant_then_mma_test gemm_api_test fused_quant_test splitk_small_m_test; do
  run_test "$b" 230 "$T/mxfp4.gpu.gemm.$b" &
done
F="GemmPath.*Ring*:GemmPath.ContestShapes*:GemmPath.TinyAndOddShapes:GemmPath.EveryTile:GemmPath.MSweep"
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
