#!/usr/bin/env bash
# session 18 call 8: large-M ring shapes (whose ring kernels' PTX the shared pieces changed), staged bfb8d2d
# against "dd", gemm_benchmark sweep rows (mxfp4_auto, graph replay), base / dd / base / dd.
set -u
O="$OUT/c8"; mkdir -p "$O"
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/dd.tar.xz -C /tmp/v
F='^sweep/(4096x4096x4096|1024x4096x4096|64x16384x4096|4096x512x512)/mxfp4_auto/graph'
for who in base dd base dd; do
  b=.device/bench/mxfp4.bench.gemm_benchmark; [[ $who == dd ]] && b=/tmp/v/dd/mxfp4.bench.gemm_benchmark
  timeout 60 $b --mxfp4_sets=sweep --benchmark_min_time=0.2 --benchmark_filter="$F" 2>&1 | grep '^sweep' | sed "s/^/$who /" | tee -a "$O/large_m.log"
done
tar -C "$OUT" -cJf "$OUT/c8.tar.xz" c8 && rm -rf "$O"
