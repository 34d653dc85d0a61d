#!/usr/bin/env bash
# session 17 call 4: the final tree (56110d7): every GPU test + memcheck + racecheck, the contest benchmark,
# forced ring tiles on the contest's ring shapes and on M in (64, 128] beyond one m64 wave.
set -u
O="$OUT/c4"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
st tests_contest
OUT="$O/run" timeout 470 bash tools/device/run_all.sh --tests --sanitize --phase_deadline=330 --bench=contest > "$O/run.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st forced
L=""
for s in 64x7168x2048 256x3072x1536; do
  for t in auto wgmma8_n64_m64_k2_fold wgmma8_n64_m64_k4_fold wgmma8_n64_m128_k2_fold wgmma8_n128_m64_fold wgmma8_n128_m64_k2_fold; do
    if [[ $t == auto ]]; then L="$L,$s:auto:auto:0"; else L="$L,$s:quant_then_mma:$t:0"; fi
  done
done
for s in 128x8192x4096 96x7168x2048; do
  for t in auto wgmma8_n128_m64_k2_fold wgmma8_n128_m128_fold; do
    if [[ $t == auto ]]; then L="$L,$s:auto:auto:0"; else L="$L,$s:quant_then_mma:$t:0"; fi
  done
done
timeout 90 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only=${L#,} > "$O/forced.log" 2>&1; echo "forced rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c4.tar.xz" c4 && rm -rf "$O"
