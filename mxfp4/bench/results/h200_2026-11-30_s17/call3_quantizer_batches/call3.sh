#!/usr/bin/env bash
# session 17 call 3: the wgmma-order quantizer with 4 items in flight per warp at large A ("qb", working tree on
# 7b8fa38, which also has auto's ring tiles on grids of any size) against call 2's "fdq" (7b8fa38's quantizers):
# qb tests + memcheck + racecheck and contest against the staged de2bb86; large-M auto A/B fdq vs qb;
# M <= 32 with long K: ring tiles against auto's streaming tiles; the quantizer's ncu SOL at 4096^3.
set -u
O="$OUT/c3"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/fdq.tar.xz -C /tmp/v && tar -xJf .device-pack/qb.tar.xz -C /tmp/v
st ab
OUT="$O/ab" REPS=2 timeout 380 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 qb > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st largeM
L=""
for s in 4096x4096x4096 1024x4096x4096 4096x512x512 4096x1024x1024 2048x7168x2048 512x3072x1536 8192x2048x1024 2048x1024x4096; do L="$L,$s:auto:auto:0"; done
for who in fdq qb fdq qb; do
  timeout 60 /tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${L#,} 2>&1 | grep "^only" | sed "s/^/$who /" >> "$O/largeM.log"; echo "$who rc=$?" | tee -a "$O/steps.log"
done
st smallM
T=""
for s in 32x4096x4096 32x2048x7168 24x4096x2048 32x8192x2048 17x4096x4096 32x1024x4096 32x4096x512 32x2880x1024 16x4096x4096; do
  T="$T,$s:auto:auto:0,$s:quant_then_mma:wgmma8_n64_m64_k2_fold:0,$s:quant_then_mma:wgmma8_n64_m64_k4_fold:0"
done
timeout 80 /tmp/v/qb/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${T#,} > "$O/smallM.log" 2>&1; echo "smallM rc=$?" | tee -a "$O/steps.log"
st ncu
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
for who in fdq qb; do
  timeout 60 "$NCU" --clock-control none --section SpeedOfLight --section Occupancy -k 'regex:Quantiz' --launch-skip 6 --launch-count 1 /tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark --only=4096x4096x4096:auto:auto:0 > "$O/ncu_quant_$who.log" 2>&1; echo "ncu $who rc=$?" | tee -a "$O/steps.log"
done
st done
tar -C "$OUT" -cJf "$OUT/c3.tar.xz" c3 && rm -rf "$O"
