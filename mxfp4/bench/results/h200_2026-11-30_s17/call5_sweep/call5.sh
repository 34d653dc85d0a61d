#!/usr/bin/env bash
# session 17 call 5: the sweep (auto and cuBLAS bf16, both timing modes) of the final tree 56110d7, and the
# rows today's changes touch on session 16's tree de2bb86 (base16: its gemm_benchmark), same call.
set -u
O="$OUT/c5"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/base16.tar.xz -C /tmp/v
st final_sweep
timeout 330 .device/bench/mxfp4.bench.gemm_benchmark --mxfp4_sets=sweep --benchmark_filter='^sweep/.*/(mxfp4_auto|cublas_bf16)/' --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/sweep_final.json" > "$O/sweep_final.log" 2>&1; echo "final rc=$?" | tee -a "$O/steps.log"
st base_rows
timeout 150 /tmp/v/base16/mxfp4.bench.gemm_benchmark --mxfp4_sets=sweep --benchmark_filter='^sweep/(64x4096x4096|64x512x16384|1024x4096x4096|4096x4096x4096|4096x512x512|4096x1024x1024)/(mxfp4_auto|cublas_bf16)/' --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/sweep_base16.json" > "$O/sweep_base16.log" 2>&1; echo "base rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c5.tar.xz" c5 && rm -rf "$O"
