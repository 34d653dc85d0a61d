#!/usr/bin/env bash
# Session 68 call 1. Carry [".device-pack"]: the stage of 4394d13 (main at the session's start) and variants e1
# (exp branch d5ddb52: one chunk a thread, no loop, in the lone-CTA combine where a tile has no more 4-output
# chunks than threads - the streaming tiles) and e13 (ac398e3: e1 + the fold streaming tiles keep the activation
# scale bytes in shared memory, decoded only by the exact fallback). Steps: SASS of the k4 fold tile's contest
# kernel (base / e13) for offline reading; only_ab base / e1 / e13, 3 rounds, the streaming tiles' shapes and
# controls; the contest harness on main (the card at hand); e13's fused_quant / splitk_small_m tests, racecheck +
# memcheck of fused_quant_test.
set -u
source tools/device/call_preamble.sh c1 e1 e13
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
for who in base e13; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
  cuobjdump -sass "$bin" 2>/dev/null | awk '/Function : .*GemmFusedQuantKernelILNS1_12TileConfigIdE56ELb1/{p=1} p&&/Function : /&&!/TileConfigIdE56ELb1/{p=0} p' > "$O/sass_k56_$who.txt"
  wc -l "$O/sass_k56_$who.txt" | tee -a "$O/steps.log"
done
st sass
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x4096x512:auto:auto:0,8x2048x512:auto:auto:0"
C="$C,32x2048x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0,16x2112x7168:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0,256x3072x1536:auto:auto:0"
timeout 210 bash tools/device/only_ab.sh --reps=3 "$C" e1 e13 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
OUT="$O" timeout 160 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "contest rc=$?"
grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" 2>/dev/null | cut -c1-160 | head -30
Q=/tmp/v/e13
run_test fused_quant_test 130 "$Q/mxfp4.gpu.gemm.fused_quant_test" &
run_test splitk_small_m_test 130 "$Q/mxfp4.gpu.gemm.splitk_small_m_test" &
sanitize 130 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test" racecheck &
sanitize 130 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test" memcheck &
wait
cat "$O/steps.log"
finish_call
