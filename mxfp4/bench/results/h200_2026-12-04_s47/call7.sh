#!/usr/bin/env bash
# Session 47 call 7: wgmma_exactness_test with its new case S8AccumulatesShiftedBlocksExactly (integer
# accumulation: int8 operands 2 x value x 2^shift from Fp4x8ToShiftedInt8, s8 wgmmas m64n64k32 accumulating 1, 3
# and 8 blocks into s32, against the CPU's integer sums), the other cases as before; memcheck on the new case.
source tools/device/call_preamble.sh c7 i8
export MXFP4_REQUIRE_GPU=1
T=/tmp/v/i8/mxfp4.gpu.gemm.wgmma_exactness_test
timeout 120 "$T" > "$O/test.log" 2>&1
st "wgmma_exactness_test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | tr '\n' ' ')"
grep -E "s8 groups|FAILED|Failure" "$O/test.log" | head -40
timeout 120 "$CS" --tool memcheck --error-exitcode 99 "$T" --gtest_filter='*S8*' > "$O/memcheck.log" 2>&1
st "memcheck rc=$? $(grep -E 'ERROR SUMMARY' "$O/memcheck.log" | head -1)"
xz -9 "$O"/*.log
finish_call
