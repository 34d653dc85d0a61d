#!/usr/bin/env bash
# Session 47 call 9: the prepared-weight integer path with the activation shift done in the GEMM instead of the
# quantizer (call 8: a quantizer that sees each row's whole K cost 2-3 us). Variant hr4 (timing only, wrong
# results) = hr2 (call 2/6: no promotion) + in the prepared ws kernel the producer's threads 1..127 wait for each
# stage, shift its activations in place (16-byte words, a shift per word, as an int8 shift per row and block
# would), fence, and arrive on a second barrier the consumers wait for. Compare with call 6's hr2 (same base).
source tools/device/call_preamble.sh c9 hr4
export MXFP4_REQUIRE_GPU=1
A="256x3072x1536:auto:auto:0:prepared,512x3072x1536:auto:auto:0:prepared,1024x4096x4096:auto:auto:0:prepared"
A="$A,4096x4096x4096:auto:auto:0:prepared"
export MXFP4_ONLY_TIMEOUT=120
timeout 400 bash tools/device/only_ab.sh --reps=2 "$A" hr4 > "$O/ab.log" 2>&1
st "ab rc=$?"
grep -A200 -- '--- summary' "$O/ab.log" | sort -k2,2 -k1,1 -s
xz -9 "$O"/*.log
finish_call
