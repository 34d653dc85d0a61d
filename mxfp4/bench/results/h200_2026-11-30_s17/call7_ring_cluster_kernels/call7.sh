#!/usr/bin/env bash
# session 17 call 7: the ring cluster K-split as kernels of their own + auto's cluster rule ("rk", working tree
# on 29b7f39): quant_then_mma_test run + memcheck + racecheck in parallel, gemm_api_test; auto on the cluster
# shapes; sweep rows against cuBLAS bf16.
set -u
O="$OUT/c7"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/rk.tar.xz -C /tmp/v
T=/tmp/v/rk/mxfp4.gpu.gemm.quant_then_mma_test
CS="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)"
st tests
export MXFP4_REQUIRE_GPU=1
( timeout 160 $T > "$O/run.log" 2>&1; echo "run rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 160 "$CS" --tool memcheck --error-exitcode 1 $T > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 160 "$CS" --tool racecheck --error-exitcode 1 $T > "$O/racecheck.log" 2>&1; echo "racecheck rc=$?" >> "$O/steps.log" ) &
timeout 60 /tmp/v/rk/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1; echo "api rc=$?" >> "$O/steps.log"
wait
st timing
A=""
for s in 64x512x16384 64x256x4096 64x1024x4096 256x1024x4096 64x2048x2048 128x2048x2048 32x4096x4096 64x7168x2048 256x3072x1536; do A="$A,$s:auto:auto:0"; done
timeout 30 /tmp/v/rk/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${A#,} > "$O/auto.log" 2>&1; echo "auto rc=$?" >> "$O/steps.log"
timeout 40 /tmp/v/rk/mxfp4.bench.gemm_benchmark --mxfp4_sets=sweep --benchmark_filter='^sweep/(64x512x16384|32x4096x4096|64x4096x4096)/(mxfp4_auto|cublas_bf16)/' --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/sweep_rows.json" > "$O/sweep_rows.log" 2>&1; echo "sweep rc=$?" >> "$O/steps.log"
st done
cat "$O/steps.log"
tar -C "$OUT" -cJf "$OUT/c7.tar.xz" c7 && rm -rf "$O"
