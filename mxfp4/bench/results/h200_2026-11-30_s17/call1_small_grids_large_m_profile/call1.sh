#!/usr/bin/env bash
# session 17 call 1: ring grids below 48 CTAs vs the pipelined fallback (dispatch), phase clocks of the
# multi-wave ring tiles, Nsight Compute source view of 4096^3 n128_m128 and the A quantizer's SOL.
set -u
O="$OUT/c1"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
st small_grids
L=""
for shape in 64x2048x2048 64x1024x4096 48x2880x512 64x1536x1536 64x2816x7168 128x2048x2048 128x1024x4096 96x2880x512 256x1024x4096 256x1024x1024 200x512x2048 128x2880x512 256x1280x2048 160x2560x4096; do
  m=${shape%%x*}
  L="$L,$shape:auto:auto:0,$shape:quant_then_mma:prequant_n64_m64_s2_fold:0,$shape:quant_then_mma:wgmma8_n64_m64_k2_fold:0,$shape:quant_then_mma:wgmma8_n64_m64_k4_fold:0,$shape:quant_then_mma:wgmma8_n128_m64_fold:0"
  [[ $m -gt 64 ]] && L="$L,$shape:quant_then_mma:wgmma8_n64_m128_k2_fold:0"
done
timeout 200 $B --only=${L#,} > "$O/small_grids.log" 2>&1; echo "small rc=$?" | tee -a "$O/steps.log"
st phase
timeout 120 $B --phase_clock --only=4096x4096x4096:quant_then_mma:wgmma8_n128_m128_fold:0,1024x4096x4096:quant_then_mma:wgmma8_n128_m128_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n64_m128_k2_fold:0,256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_fold:0,4096x4096x4096:auto:auto:0 > "$O/phase.log" 2>&1; echo "phase rc=$?" | tee -a "$O/steps.log"
st ncu_source
OUT="$O/prof" timeout 200 bash tools/device/run_all.sh --bench_timeout=180 --profile_source=4096x4096x4096:quant_then_mma:wgmma8_n128_m128_fold:0 > "$O/prof.log" 2>&1; echo "src rc=$?" | tee -a "$O/steps.log"
st ncu_quant
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
timeout 120 "$NCU" --clock-control none --section SpeedOfLight --section LaunchStats -k 'regex:Quantiz|Gemm' --launch-skip 6 --launch-count 2 $B --only=4096x4096x4096:auto:auto:0 > "$O/ncu_quant.log" 2>&1; echo "quant rc=$?" | tee -a "$O/steps.log"
st done
tar -C "$OUT" -cJf "$OUT/c1.tar.xz" c1 && rm -rf "$O"
