#!/usr/bin/env bash
# session 17 call 2: quantizers without 64-bit division (FastDivmod) + session 17 dispatch ("fdq", working tree
# on 2ecb7c6) against the staged de2bb86: tests + memcheck + racecheck, contest A/B, large-M auto A/B,
# tiny ring grids (kRingMinCtas), the quantizer's ncu SOL at 4096^3.
set -u
O="$OUT/c2"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/fdq.tar.xz -C /tmp/v
cp .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark /tmp/v/base_paths
st ab
OUT="$O/ab" REPS=2 timeout 390 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 fdq > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st largeM
L=""
for s in 4096x4096x4096 1024x4096x4096 4096x512x512 4096x1024x1024 2048x7168x2048 512x3072x1536 64x16384x4096 256x1024x4096; do L="$L,$s:auto:auto:0"; done
for who in base fdq base fdq; do
  b=/tmp/v/base_paths; [[ $who == fdq ]] && b=/tmp/v/fdq/mxfp4.gpu.gemm.gemm_paths_benchmark
  timeout 60 $b --only=${L#,} 2>&1 | grep "^only" | sed "s/^/$who /" >> "$O/largeM.log"; echo "$who rc=$?" | tee -a "$O/steps.log"
done
st tiny
T=""
for s in 64x512x2048 64x256x4096 48x128x512 128x384x2048 64x896x7168 64x896x512 200x448x1024; do
  T="$T,$s:auto:auto:0,$s:quant_then_mma:wgmma8_n64_m64_k2_fold:0,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:0"
done
timeout 60 /tmp/v/fdq/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${T#,} > "$O/tiny.log" 2>&1; echo "tiny rc=$?" | tee -a "$O/steps.log"
st ncu
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
for who in base fdq; do
  b=/tmp/v/base_paths; [[ $who == fdq ]] && b=/tmp/v/fdq/mxfp4.gpu.gemm.gemm_paths_benchmark
  timeout 60 "$NCU" --clock-control none --section SpeedOfLight -k 'regex:Quantiz' --launch-skip 6 --launch-count 1 $b --only=4096x4096x4096:auto:auto:0 > "$O/ncu_quant_$who.log" 2>&1; echo "ncu $who rc=$?" | tee -a "$O/steps.log"
done
st done
tar -C "$OUT" -cJf "$OUT/c2.tar.xz" c2 && rm -rf "$O"
