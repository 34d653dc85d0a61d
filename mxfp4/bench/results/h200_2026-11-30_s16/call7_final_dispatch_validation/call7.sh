#!/usr/bin/env bash
# session 16 call 7: the final dispatch (ring tiles beyond one wave): quant_then_mma_test + sanitizers; gemm_benchmark sweep rows M >= 64
set -u
O="$OUT/c7"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
st ab
OUT="$O/ab" REPS=0 timeout 170 bash tools/device/ab_contest.sh --sanitize --test_timeout=150 ringfinal > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st sweep
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/ringfinal.tar.xz -C /tmp/v
F='^sweep/(64|256|1024|4096|8192)x[0-9]+x[0-9]+/(mxfp4_auto|cublas_bf16)/'
timeout 85 /tmp/v/ringfinal/mxfp4.bench.gemm_benchmark --mxfp4_sets=sweep --benchmark_filter="$F" --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/sweep_ringfinal.json" > "$O/sweep_ringfinal.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c7.tar.xz" c7 && rm -rf "$O"
