#!/usr/bin/env bash
# Session 59 call 3. Carry [".device-pack"]: the full stage of main adbeaa1 (the vote rule of call 2:
# warp-uniform in the n64 m32 forms and the n64 m16 forms but k2 without a cluster). Sized for the
# budget left after three refused starts (as session 58's call 2): the four test binaries that run ring
# kernels in full, racecheck + memcheck of quant_then_mma_test's ring, contest and edge tests.
source tools/device/call_preamble.sh c3
export MXFP4_REQUIRE_GPU=1
T=.device/tests
for b in quant_then_mma_test gemm_api_test fused_quant_test splitk_small_m_test; do
  run_test "$b" 230 "$T/mxfp4.gpu.gemm.$b" &
done
F="GemmPath.*Ring*:GemmPath.ContestShapes*:GemmPath.TinyAndOddShapes:GemmPath.EveryTile:GemmPath.MSweep"
F="$F:GemmPath.SmallLayers*"
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 240 "$F" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
cat "$O/steps.log"
finish_call
