#!/usr/bin/env bash
# session 36 call 6 (stage = call 5's tree; variant "apitest" = gemm_api_test with the 5x2112x4096 pin mended,
# the one failure of call 5): gemm_api_test with memcheck and racecheck (the other 8 binaries passed in call 5 on
# the same kernels), then the contest and sweep benchmarks (docs/performance.md "Latest").
source tools/device/call_preamble.sh c6 apitest
mkdir -p /tmp/other_tests
for t in .device/tests/*; do [[ "$(basename "$t")" == mxfp4.gpu.gemm.gemm_api_test ]] || mv "$t" /tmp/other_tests/; done
cp /tmp/v/apitest/mxfp4.gpu.gemm.gemm_api_test .device/tests/mxfp4.gpu.gemm.gemm_api_test
OUT="$O/run" timeout 480 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=120 \
  > "$O/run_all.log" 2>&1
st "tests + bench rc=$?"
finish_call
