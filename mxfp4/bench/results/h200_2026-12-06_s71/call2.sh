#!/usr/bin/env bash
# Session 71 call 2. Carry [".device-pack"]: the stage of e070b01 (main's kernels) and variant r (bbc90da on
# exp-s71-r: the landing form of call 1's q2 - rank 1 of the chained two-CTA combine reads rank 0's sums only for
# chunks inside C, stores its outputs, then arrives at phase 2 relaxed instead of release before the stores).
# Steps: r's quant_then_mma / splitk_small_m / gemm_api tests in full, racecheck + memcheck of splitk_small_m_test
# and of quant_then_mma_test's contest and bulk cases; only_ab main / r, 4 rounds, the two-CTA shapes and controls;
# SASS of r's and main's streamq_n32_m16_k8_bulk kernels (tile 36): the combine's tail (arrives, fences, stores).
set -u
source tools/device/call_preamble.sh c2 r
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
R=/tmp/v/r
run_test r_quant_then_mma_test 150 "$R/mxfp4.gpu.gemm.quant_then_mma_test" &
run_test r_splitk_small_m_test 150 "$R/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test r_gemm_api_test 150 "$R/mxfp4.gpu.gemm.gemm_api_test" &
sanitize 120 "*" "$R/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 120 "*ContestShapes*:*Bulk*" "$R/mxfp4.gpu.gemm.quant_then_mma_test" &
wait
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0"
timeout 100 bash tools/device/only_ab.sh --reps=4 "$C" r > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
for who in base r; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || bin=$R/mxfp4.gpu.gemm.gemm_paths_benchmark
  cuobjdump -sass "$bin" 2>/dev/null | awk '/Function : /{p=0} /Function : .*GemmPrequantMmaKernelILNS1_12TileConfigIdE36E/{p=1} p' \
    > "$O/sass_k36_$who.txt"
  echo "$who: $(grep -c 'Function : ' "$O/sass_k36_$who.txt") functions; tail ops:" | tee -a "$O/steps.log"
  grep -nE "UCGABAR|MEMBAR|ERRBAR|STG|EXIT" "$O/sass_k36_$who.txt" | sed 's@/\* 0x[0-9a-f]* \*/@@; s/  */ /g' \
    | tail -40 | tee -a "$O/steps.log"
done
cat "$O/steps.log"
finish_call
