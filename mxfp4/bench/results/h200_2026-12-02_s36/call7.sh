#!/usr/bin/env bash
# session 36 call 7 (stage = call 5's tree; variant "apitest" = gemm_api_test with the 5x2112x4096 pin mended):
# that binary alone, plain, under memcheck and under racecheck (call 6's run_all.sh re-unpacked the stage over
# the copied binary and ran the stale one).
source tools/device/call_preamble.sh c7 apitest
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/apitest/mxfp4.gpu.gemm.gemm_api_test
timeout 120 "$T" > "$O/run.log" 2>&1; st "run rc=$?"
MXFP4_TEST_SCALE=small timeout 200 "$CS" --tool memcheck --error-exitcode 99 "$T" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
MXFP4_TEST_SCALE=small timeout 200 "$CS" --tool racecheck --error-exitcode 99 "$T" > "$O/racecheck.log" 2>&1
st "racecheck rc=$?"
tail -3 "$O/run.log" "$O/memcheck.log" "$O/racecheck.log"
finish_call
