#!/usr/bin/env bash
# session 42 call 7: the full stage of call 6's tree (the final one): quant_then_mma_test and gemm_api_test, memcheck
# on quant_then_mma_test at small scale (racecheck of the whole binary is ~230 s: call 5 ran it on the runtime-test
# form of the same stage order), the contest and the sweep.
source tools/device/call_preamble.sh c7
export MXFP4_REQUIRE_GPU=1
T=.device/tests/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
timeout 60 .device/tests/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1
st "api rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/api.log" | head -2 | tr '\n' ' ')"
MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool memcheck --error-exitcode 99 "$T" > "$O/memcheck.log" 2>&1
st "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$O/memcheck.log" | head -1)"
OUT="$O/run" timeout 260 bash tools/device/run_all.sh --bench=contest,sweep > "$O/run_all.log" 2>&1
st "bench rc=$?"
xz -9 "$O/test.log" "$O/memcheck.log" 2>/dev/null
finish_call
