#!/usr/bin/env bash
# Session 70 call 1. Carry [".device-pack"]: the stage of dfe82cb (main's kernels: session 69's one-batch chunks in
# every fused streaming tile) and variant eF (828a40e on branch exp-s69-f: the fold tiles run a chunk of exactly two
# batches - the k2 fold tile at K = 512 - unrolled, the second batch loaded before the first's math). Steps: the
# contest harness on main (the card at hand; never run on dfe82cb); SASS of the split-K stream_n16_m8_k8 kernels
# (main; session 69 item 2) and of the k2 fold tile's fused kernels (main / eF); only_ab main / eF, 5 rounds, the k2
# fold tile's shapes and controls; variant eG (051a84f on exp-s70-g: the bulk E4M3-A tile's A stored as E5M2 - the
# fp16 operand's high byte - and converted with PRMT instead of F2FP; prequant_n128_m64_e4m3 broken, timing only):
# only_ab main / eG on the E4M3-A tile's shapes, its BulkTileWithE4m3Activations / EveryTile tests; phase clocks of 16x2112x7168 (auto's bulk fp16-A tile and its E4M3-A twin:
# where the time goes now); eF's fused_quant / splitk_small_m tests and racecheck of fused_quant_test.
set -u
source tools/device/call_preamble.sh c1 eF eG
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
OUT="$O" timeout 150 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "contest rc=$?"
grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" 2>/dev/null | cut -c1-100 | head -30
for who in base eF; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
  cuobjdump -sass "$bin" 2>/dev/null > /tmp/sass_$who.txt
  awk '/Function : /{p=0} /Function : .*GemmFusedQuantKernelILNS1_12TileConfigIdE63E/{p=1} p' /tmp/sass_$who.txt \
    > "$O/sass_k63_$who.txt"
  [[ $who == base ]] && awk '/Function : /{p=0} /Function : .*GemmSplitKSmallMKernelILNS1_12TileConfigIdE19E/{p=1} p' \
    /tmp/sass_$who.txt > "$O/sass_splitk19_base.txt"
  grep -c "Function : " "$O"/sass_*_$who.txt | tee -a "$O/steps.log"
done
st sass
C="32x7168x512:auto:auto:0,24x7168x512:auto:auto:0,32x4608x512:auto:auto:0,17x5120x512:auto:auto:0"
C="$C,32x14336x512:auto:auto:0,32x4096x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=5 "$C" eF > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
OUT="$O" timeout 60 bash tools/device/run_all.sh \
  --phase_clock=16x2112x7168:auto:auto:0,16x2112x7168:quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:0 > "$O/phase.log" 2>&1
st "phase rc=$?"
grep -iE "entry|ready|math|end|us" "$O/phase.log" | head -30
C="16x2112x7168:quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:0,16x2112x7168:auto:auto:0,12x2880x4096:auto:auto:0"
C="$C,16x7168x4096:auto:auto:0,16x2880x4096:auto:auto:0,16x4096x4096:auto:auto:0"
C="$C,16x3072x1536:quant_then_mma:streamq_n32_m16_k8_bulk_e4m3:0,16x3072x1536:auto:auto:0"
timeout 120 bash tools/device/only_ab.sh --reps=5 "$C" eG > "$O/ab_eG.log" 2>&1
st "ab eG rc=$?"
sed -n '/^--- means/,$p' "$O/ab_eG.log"
run_test eG_quant_then_mma_test 100 /tmp/v/eG/mxfp4.gpu.gemm.quant_then_mma_test \
  --gtest_filter='*BulkTileWithE4m3Activations*:*EveryTile*:*ContestShapes*' &
Q=/tmp/v/eF
run_test fused_quant_test 100 "$Q/mxfp4.gpu.gemm.fused_quant_test" &
run_test splitk_small_m_test 100 "$Q/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 100 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test" racecheck &
wait
cat "$O/steps.log"
finish_call
