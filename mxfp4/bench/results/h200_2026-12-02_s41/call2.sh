#!/usr/bin/env bash
# session 41 call 2: stage = 352038b (as call 1). Variant (onecopy left out: the carry limit; call 1 has its numbers)
# and "subring" (subring_v2.patch: the ring tiles' stages get a full barrier and a release counter per K-split chunk's
# part; each chunk's part is one bulk copy, issued by a warp of the warpgroups that read it; each warpgroup waits for
# and refills only its own part, and its partial / exact loops run its own chunk's stages).
# 1. Timing: base / onecopy / subring interleaved, two rounds (hot, phase clocks).
# 2. subring's quant_then_mma_test (whole) and gemm_api_test; memcheck and racecheck on the ring tests (small scale).
source tools/device/call_preamble.sh c2 subring
export MXFP4_REQUIRE_GPU=1
Q=quant_then_mma:wgmma8_n64_m64_k4_fold
L="64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0,64x3072x1536:auto:auto:0,128x2048x2048:auto:auto:0"
L="$L,1x5120x13824:auto:auto:0,1x8192x8192:auto:auto:0,16x8192x8192:auto:auto:0,32x8192x8192:auto:auto:0"
L="$L,1x8192x22016:auto:auto:0,8x7168x4096:auto:auto:0,64x4096x4096:auto:auto:0,1x5120x4096:$Q:1"
L="$L,1x2048x16384:auto:auto:0,16x16384x16384:auto:auto:0,32x3072x3072:auto:auto:0"
export MXFP4_ONLY_TIMEOUT=100
timeout 200 bash tools/device/only_ab.sh --reps=2 "$L" subring > "$O/ab.log" 2>&1
st "ab rc=$?"
T=/tmp/v/subring/mxfp4.gpu.gemm.quant_then_mma_test
timeout 150 "$T" > "$O/test.log" 2>&1
st "test rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/test.log" | head -2 | tr '\n' ' ')"
timeout 60 /tmp/v/subring/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1
st "api rc=$? $(grep -E '^\[  (PASSED|FAILED)' "$O/api.log" | head -2 | tr '\n' ' ')"
F=--gtest_filter='*Ring*:*EveryTile*:*EverySplitCount*'
MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool memcheck --error-exitcode 99 "$T" "$F" > "$O/memcheck.log" 2>&1
st "memcheck rc=$?"
F=--gtest_filter='*Ring*'
MXFP4_TEST_SCALE=small timeout 170 "$CS" --tool racecheck --error-exitcode 99 "$T" "$F" > "$O/racecheck.log" 2>&1
st "racecheck rc=$? $(grep -E 'RACECHECK SUMMARY' "$O/racecheck.log" | head -1)"
grep -E "^\[  FAILED|Failure|mismatch" "$O/test.log" | head -20
tail -50 "$O/ab.log"
xz -9 "$O/test.log" "$O/racecheck.log" "$O/memcheck.log" 2>/dev/null
finish_call
