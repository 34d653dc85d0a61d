#!/usr/bin/env bash
# session 16 call 4: ring tiles on multi-wave grids: tests (+sanitizers) of the dispatch variant, tail-wave shapes, large-M sweep base vs variant
set -u
O="$OUT/c4"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
st tails
for shape in 256x4288x512 256x4288x4096 64x8512x512 64x8512x4096 384x2880x512 200x4288x1024; do
  m=${shape%%x*}; ring=wgmma8_n64_m64_k2_fold; [[ $m -gt 64 ]] && ring=wgmma8_n64_m128_k2_fold
  for t in prequant_n64_m64_s2_fold $ring; do
    timeout 60 $B --only=$shape:quant_then_mma:$t:0 2>&1 | grep "^only" >> "$O/tails.log" || echo "FAILED $shape $t" >> "$O/tails.log"
  done
done
st largeM
mkdir -p /tmp/v && tar -xJf .device-pack/ringwave.tar.xz -C /tmp/v
cp .device/bench/mxfp4.bench.gemm_benchmark /tmp/v/base_gemm_benchmark
F='^sweep/(256|1024|4096|8192)x[0-9]+x[0-9]+/(mxfp4_auto|cublas_bf16)/'
for who in base ringwave; do
  if [[ $who == base ]]; then b=/tmp/v/base_gemm_benchmark; else b=/tmp/v/ringwave/mxfp4.bench.gemm_benchmark; fi
  timeout 100 $b --mxfp4_sets=sweep --benchmark_filter="$F" --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/largeM_$who.json" > "$O/largeM_$who.log" 2>&1; echo "$who rc=$?" | tee -a "$O/steps.log"
done
st ab
OUT="$O/ab" REPS=0 timeout 300 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 ringwave > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c4.tar.xz" c4 && rm -rf "$O"
