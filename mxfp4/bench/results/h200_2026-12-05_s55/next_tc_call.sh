#!/usr/bin/env bash
# Prepared in session 55 for a later session (NOT RUN in session 55: no device was lent). Carry:
# [".device-pack"] holding a libs-only stage (stage.tar.xz) and tc.tar.xz, packed from branch s55-tile-clock
# (tools/device/pack_variant.sh --no_gemm_benchmark --from=s55-tile-clock tc
# //mxfp4/gpu/gemm:quant_then_mma_test //mxfp4/gpu/gemm:gemm_paths_benchmark); session 55 left them in
# .device-pack-tc/: move it to .device-pack first. Copy this script to the new session's record as callN.sh.
# tc = a diagnostic, not a speed change: the persistent E4M3 ws kernels stamp each tile's phases (consumer:
# start, check decided, first stage full, math done, stored; producer: start, first stage handed over, last
# stage handed over) after the per-CTA phase slots, and gemm_paths_benchmark --phase_clock prints their
# distributions (all tiles, and the p50 by tile index). Question: where a persistent tile's time goes at short
# K (4096x2880x512: 34.3 us against cuBLAS bf16's 18.8; by reading ~5.3K cycles of math a tile of ~10K), and
# why converting plans lose persistent beyond K = 1024 (docs/paths.md "What to do next" 1b, 1c); then Nsight
# Compute's throughput sections at 4096x2880x512 for each kernel of the call and cuBLAS bf16's. ~6 minutes.
source tools/device/call_preamble.sh ctc tc
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/tc
B=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
# The stamps must not change the bits (the persistent cases only; the one-tile kernels compile as before).
run_test persistent_tests 200 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*PersistentGrid*'
for c in 4096x2880x512:auto:auto:0 4096x2880x512:auto:auto:0:stage 8192x2880x512:auto:auto:0 \
         4096x2880x1024:auto:auto:0 2048x7168x1024:auto:auto:0 4096x3072x1536:auto:auto:0 \
         2048x7168x2048:auto:auto:0 4096x4096x4096:auto:auto:0 4096x4096x4096:auto:auto:0:prepared; do
  timeout 90 $B --phase_clock --only="$c" >> "$O/tiles.log" 2>&1
  st "$c rc=$?"
done
grep -E "^only|^phase clock|^tile clock|phase (entry|ready|math done ->|tile|checked|first|stored|prod)|p50 by tile" \
  "$O/tiles.log" | head -150
# Nsight Compute at 4096x2880x512: each kernel of the converting and the staged call (duration, the L2 and
# DRAM throughput: is a tile bound by L2 traffic at K = 512?) and cuBLAS bf16's kernel for the same shape.
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu | head -1)"
run_ncu() {  # name config kernel-regex [benchmark flags]
  timeout 120 "$NCU" --clock-control none --section SpeedOfLight --section MemoryWorkloadAnalysis \
    --section LaunchStats -k "regex:$3" --launch-skip 6 --launch-count 1 $B --only="$2" $4 \
    > "$O/ncu_$1.txt" 2>&1
  st "ncu $1 rc=$?"
}
S=4096x2880x512:auto:auto:0
run_ncu conv_quant $S QuantizeAOperandWgmmaOrderKernel
run_ncu conv_gemm $S GemmPrequantMmaWsPersistentKernel
run_ncu stage_prep $S:stage PrepareWeightKernel
run_ncu stage_gemm $S:stage GemmPrequantMmaWsPreparedPersistentKernel
run_ncu cublas $S '^(nvjet|sm90|cutlass|ampere|sm80)' --only_cublas
for f in conv_quant conv_gemm stage_prep stage_gemm cublas; do
  echo "== $f"
  grep -E "^  [A-Za-z_].*\(|Duration|Memory Throughput|L2 Cache Throughput|DRAM Throughput|Compute \(SM\) Throughput|L1/TEX Hit|L2 Hit|Grid Size|Block Size" \
    "$O/ncu_$f.txt" | head -14
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
