#!/usr/bin/env bash
# Session 69 call 1. Carry [".device-pack"]: the stage of 7d06542 (main at the session's start) and variants eA
# (exp-s69 88a4004: the streaming batch loop leaves before its `cur = next` copy, so the last batch runs no selects)
# and eB (12fbfb6: eA + the fold tiles run a chunk of exactly one batch - K = 512 - without the loop, the next
# batch or the per-block bound checks). Steps: SASS of the k4 fold tile's contest kernel (base / eA / eB); only_ab
# base / eA / eB, 5 rounds, the streaming tiles' shapes; the contest harness on main (the card at hand); eB's
# fused_quant / splitk_small_m / gemm_api tests, racecheck + memcheck of fused_quant_test; the source view of eB
# on 32x4096x512.
set -u
source tools/device/call_preamble.sh c1 eA eB
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
for who in base eA eB; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
  cuobjdump -sass "$bin" 2>/dev/null | awk '/Function : .*GemmFusedQuantKernelILNS1_12TileConfigIdE56ELb1/{p=1} p&&/Function : /&&!/TileConfigIdE56ELb1/{p=0} p' > "$O/sass_k56_$who.txt"
  wc -l "$O/sass_k56_$who.txt" | tee -a "$O/steps.log"
done
st sass
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x4096x512:auto:auto:0,32x2048x512:auto:auto:0"
C="$C,8x512x3072:auto:auto:0,16x2112x7168:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=5 "$C" eA eB > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
OUT="$O" timeout 160 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "contest rc=$?"
grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" 2>/dev/null | cut -c1-160 | head -30
Q=/tmp/v/eB
run_test fused_quant_test 130 "$Q/mxfp4.gpu.gemm.fused_quant_test" &
run_test splitk_small_m_test 130 "$Q/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test gemm_api_test 130 "$Q/mxfp4.gpu.gemm.gemm_api_test" &
sanitize 130 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test" racecheck &
wait
mkdir -p "$O/ncu_eB"
MXFP4_NCU_CACHE_CONTROL=none MXFP4_PATHS_BENCH="$Q/mxfp4.gpu.gemm.gemm_paths_benchmark" OUT="$O/ncu_eB" timeout 60 \
  bash tools/device/run_all.sh --profile_source=32x4096x512:auto:auto:0 > "$O/ncu_eB.log" 2>&1
st "ncu eB rc=$?"
python3 tools/device/ncu_source_summary.py "$O/ncu_eB/source_1.csv" --region_ops 2>&1 | head -40 | tee "$O/ncu_eB_summary.txt"
cat "$O/steps.log"
finish_call
