#!/usr/bin/env bash
# session 16 call 6: n128_m128 beyond one wave (tests + sanitizers, sweep); M <= 64 ring tiles on multi-wave grids; n128_m128 on tail grids
set -u
O="$OUT/c6"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
st only
for shape in 64x16384x4096 64x16384x512 48x16384x2048 64x8512x512 64x8512x4096; do
  for t in wgmma8_n64_m64_k2_fold wgmma8_n128_m64_fold wgmma8_n128_m64_k2_fold wgmma8_n64_m64_k4_fold; do
    timeout 60 $B --only=$shape:quant_then_mma:$t:0 2>&1 | grep "^only" >> "$O/only.log" || echo "FAILED $shape $t" >> "$O/only.log"
  done
done
for shape in 384x4096x4096 256x4288x512 256x4288x4096 200x4288x1024; do
  timeout 60 $B --only=$shape:quant_then_mma:wgmma8_n128_m128_fold:0 2>&1 | grep "^only" >> "$O/only.log" || echo "FAILED $shape" >> "$O/only.log"
done
st largeM
mkdir -p /tmp/v && tar -xJf .device-pack/ringn128.tar.xz -C /tmp/v
F='^sweep/(256|1024|4096|8192)x[0-9]+x[0-9]+/(mxfp4_auto|cublas_bf16)/'
timeout 100 /tmp/v/ringn128/mxfp4.bench.gemm_benchmark --mxfp4_sets=sweep --benchmark_filter="$F" --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/largeM_ringn128.json" > "$O/largeM_ringn128.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st ab
OUT="$O/ab" REPS=0 timeout 300 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 ringn128 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c6.tar.xz" c6 && rm -rf "$O"
