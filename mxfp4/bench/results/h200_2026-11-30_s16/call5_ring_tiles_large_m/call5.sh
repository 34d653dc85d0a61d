#!/usr/bin/env bash
# session 16 call 5: every ring tile on large-M shapes (multi-wave grids), --only hot graph replay
set -u
O="$OUT/c5"; mkdir -p "$O"
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
t0=$(date +%s)
for shape in 4096x4096x4096 1024x4096x4096 4096x1024x1024 2048x7168x2048 512x3072x1536 4096x512x512; do
  for t in wgmma8_n64_m128_k2_fold wgmma8_n128_m128_fold wgmma8_n128_m64_fold wgmma8_n128_m64_k2_fold wgmma8_n64_m64_k4_fold wgmma8_n64_m64_k2_fold; do
    timeout 60 $B --only=$shape:quant_then_mma:$t:0 2>&1 | grep "^only" >> "$O/only.log" || echo "FAILED $shape $t" >> "$O/only.log"
  done
  echo "[$(( $(date +%s) - t0 ))s] $shape" >> "$O/steps.log"
done
tar -C "$OUT" -cJf "$OUT/c5.tar.xz" c5 && rm -rf "$O"
