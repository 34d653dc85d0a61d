#!/usr/bin/env bash
# Session 56 call 5: the landed change's tests. Carry [".device-pack"]: the slim stage of main 1d4cf48
# (gemm_paths_benchmark and the libraries) and dk2.tar.xz (pack_variant.sh --no_gemm_benchmark dk2
# //mxfp4/gpu/gemm:quant_then_mma_test //mxfp4/gpu/gemm:gemm_paths_benchmark, branch s56-dk applied to main).
# dk2 = dk (call 2: the direct-store persistent ws kernels, chosen on the host) taken only up to K = 1024
# (PersistentWsStoresDirect). Its timings are calls 2 and 4's (dk at K <= 1024, main's kernels beyond); this call,
# cut to what the session's last device budget (~4 minutes after four refused starts) allowed, runs
# quant_then_mma_test's ws-tile cases (persistent, staged, prepared, warp-specialized: both epilogue kernels) and
# racecheck / memcheck on the persistent cases.
source tools/device/call_preamble.sh c5 dk2
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/dk2
run_test quant_then_mma_test 100 $V/mxfp4.gpu.gemm.quant_then_mma_test \
  --gtest_filter='*Persistent*:*Staged*:*Prepared*:*WarpSpecialized*'
sanitize 40 'GemmPath.PersistentGrid*' $V/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck
xz -9 "$O"/*.log 2>/dev/null
finish_call
