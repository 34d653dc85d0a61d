#!/usr/bin/env bash
# Session 70 call 3. Carry [".device-pack"]: the stage of main e070b01 (the k2 fold tile's two-batch chunks, the
# E5M2-A bulk tile unrolled by 4 = call 2's eL4) with quant_then_mma_test and fused_quant_test. Steps: the landed
# tree's quant_then_mma_test and fused_quant_test in full, racecheck + memcheck of quant_then_mma_test's byte-A and
# contest cases; the contest harness on the landed tree (the card at hand); Nsight Compute's source view of
# 16x2112x7168's GEMM kernel (caches not flushed: where its stalls sit, for the next session). Variant eP (884fef0 on
# exp-s70-p: __builtin_expect on the streaming tiles' fast batch and one-batch chunk, so that the hot path is laid out
# contiguously - session 69's source view of the k4 fold tile had 24% of its stall samples in no_instruction, at the
# jumps over cold code): SASS layout of the k4 fold contest kernel (base / eP: where the HMMAs and the EXIT sit),
# only_ab main / eP on the streaming tiles' contest shapes, and eP's fused_quant / splitk_small_m / quant_then_mma
# tests.
set -u
source tools/device/call_preamble.sh c3 eP
export MXFP4_REQUIRE_GPU=1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
cat .device/MANIFEST 2>/dev/null | head -3 | tee -a "$O/steps.log"
T=.device/tests
run_test quant_then_mma_test 280 "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
run_test fused_quant_test 200 "$T/mxfp4.gpu.gemm.fused_quant_test" &
sanitize 200 "*BulkTileWithE5m2*:*ContestShapesOriginal*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" &
wait
for who in base eP; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
  cuobjdump -sass "$bin" 2>/dev/null | awk '/Function : /{p=0} /Function : .*GemmFusedQuantKernelILNS1_12TileConfigIdE56ELb1/{p=1} p' \
    > "$O/sass_k56_$who.txt"
  echo "$who: $(grep -c '^ */\*[0-9a-f]*\*/' "$O/sass_k56_$who.txt") instructions; HMMA at $(grep -n HMMA "$O/sass_k56_$who.txt" \
    | cut -d: -f1 | awk 'NR==1{f=$1} {l=$1} END{print f".."l}'); EXIT at $(grep -n EXIT "$O/sass_k56_$who.txt" | cut -d: -f1 | paste -sd,)" \
    | tee -a "$O/steps.log"
done
export MXFP4_ONLY_TIMEOUT=60
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,4x2880x512:auto:auto:0,32x7168x512:auto:auto:0"
C="$C,16x4096x512:auto:auto:0,32x2048x512:auto:auto:0,16x2112x7168:auto:auto:0,8x512x3072:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=5 "$C" eP > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
Q=/tmp/v/eP
run_test eP_fused_quant_test 200 "$Q/mxfp4.gpu.gemm.fused_quant_test" &
run_test eP_splitk_small_m_test 200 "$Q/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test eP_quant_then_mma_test 280 "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
wait
for r in 1; do
  mkdir -p "$O/contest$r"
  OUT="$O/contest$r" timeout 150 bash tools/device/run_all.sh --bench=contest > "$O/contest$r/run_all.log" 2>&1
  st "contest $r rc=$?"
  grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/contest$r/bench.log" 2>/dev/null | cut -c1-100
done
mkdir -p "$O/ncu_src"
MXFP4_NCU_CACHE_CONTROL=none OUT="$O/ncu_src" timeout 90 bash tools/device/run_all.sh \
  --profile_source=16x2112x7168:auto:auto:0 > "$O/ncu_src.log" 2>&1
st "ncu source rc=$?"
{ python3 tools/device/ncu_source_summary.py "$O/ncu_src/source_1.csv" --top 25; python3 tools/device/ncu_source_summary.py "$O/ncu_src/source_1.csv" --region_ops; } > "$O/ncu_src_summary.txt" 2>&1; head -45 "$O/ncu_src_summary.txt"
cat "$O/steps.log"
finish_call
