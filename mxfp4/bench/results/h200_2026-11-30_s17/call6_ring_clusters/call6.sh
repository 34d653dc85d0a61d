#!/usr/bin/env bash
# session 17 call 6: ring tiles with K split over a cluster ("rc", working tree on 56110d7): quant_then_mma_test
# run + memcheck + racecheck in parallel, gemm_api_test; the ring tiles without a cluster, staged 56110d7
# against rc (registers moved); forced cluster splits.
set -u
O="$OUT/c6"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/rc.tar.xz -C /tmp/v
T=/tmp/v/rc/mxfp4.gpu.gemm.quant_then_mma_test
CS="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)"
st tests
export MXFP4_REQUIRE_GPU=1
( timeout 170 $T > "$O/run.log" 2>&1; echo "run rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 170 "$CS" --tool memcheck --error-exitcode 1 $T > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 170 "$CS" --tool racecheck --error-exitcode 1 $T > "$O/racecheck.log" 2>&1; echo "racecheck rc=$?" >> "$O/steps.log" ) &
timeout 60 /tmp/v/rc/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1; echo "api rc=$?" >> "$O/steps.log"
wait
st timing
A=""
for s in 64x7168x2048 256x3072x1536 64x1024x4096 160x2560x4096 64x16384x4096 32x4096x4096 4096x4096x4096; do A="$A,$s:auto:auto:0"; done
for who in base rc; do
  b=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark; [[ $who == rc ]] && b=/tmp/v/rc/mxfp4.gpu.gemm.gemm_paths_benchmark
  timeout 30 $b --only=${A#,} 2>&1 | grep "^only" | sed "s/^/$who /" >> "$O/noncluster.log"; echo "$who rc=$?" >> "$O/steps.log"
done
B=""
for c in 64x512x16384:wgmma8_n64_m64_k4_fold:1,2,4,8 64x256x4096:wgmma8_n64_m64_k4_fold:1,2,4 64x2048x2048:wgmma8_n64_m64_k2_fold:1,2 128x2048x2048:wgmma8_n64_m64_k2_fold:1,2 256x1024x4096:wgmma8_n64_m64_k4_fold:1,2 64x1024x4096:wgmma8_n64_m64_k4_fold:1,2,4 32x1024x4096:wgmma8_n64_m64_k4_fold:1,2,4; do
  s=${c%%:*}; r=${c#*:}; t=${r%%:*}; for k in $(echo ${r#*:} | tr , ' '); do B="$B,$s:quant_then_mma:$t:$k"; done
done
timeout 45 /tmp/v/rc/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${B#,} > "$O/clusters.log" 2>&1; echo "clusters rc=$?" >> "$O/steps.log"
st done
cat "$O/steps.log"
tar -C "$OUT" -cJf "$OUT/c6.tar.xz" c6 && rm -rf "$O"
