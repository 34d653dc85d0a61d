#!/usr/bin/env bash
# session 16 call 2 (as run): large-M fallback timing (base ca602f9 vs 6cc1da4); ring hand-off epilogue A/B
# (hoA = ca602f9 + ../ring_handoff_A.patch, hoB = + ../ring_handoff_B.patch; packed with quant_then_mma_test,
# gemm_api_test, gemm_paths_benchmark)
set -u
O="$OUT/c2"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/old6cc.tar.xz -C /tmp/v
cp .device/bench/mxfp4.bench.gemm_benchmark /tmp/v/base_gemm_benchmark
st largeM
F='^sweep/(1024|4096|8192)x[0-9]+x[0-9]+/(mxfp4_auto|cublas_bf16)/'
for who in base old6cc; do
  if [[ $who == base ]]; then b=/tmp/v/base_gemm_benchmark; else b=/tmp/v/old6cc/mxfp4.bench.gemm_benchmark; fi
  timeout 100 $b --mxfp4_sets=sweep --benchmark_filter="$F" --benchmark_min_time=0.2 --benchmark_format=json --benchmark_out="$O/largeM_$who.json" > "$O/largeM_$who.log" 2>&1; echo "$who rc=$?" | tee -a "$O/steps.log"
done
st ab
OUT="$O/ab" REPS=2 timeout 400 bash tools/device/ab_contest.sh --test_timeout=90 --phase_clock=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_fold:0 hoA hoB > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c2.tar.xz" c2 && rm -rf "$O"
