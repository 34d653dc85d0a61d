#!/usr/bin/env bash
# Session 65 call 1. Carry [".device-pack"]: stage.sh --scope='//mxfp4/bench/... + //mxfp4/gpu/gemm:gemm_paths_benchmark'
# of main (kernels = 685c0f4) and variant v65 (branch v65: session 64's fold_quarter_helper.patch + three
# experiment twins: stream_n64_m16_k4 unfolded, stream_n32_m8_k4_fold, stream_n32_m8_k8_fold; auto unchanged).
#  1. the contest harness on the card at hand (gemm_benchmark, graph replay and L2 flushed, cuBLAS bf16 beside);
#  2. v65's fused_quant_test, splitk_small_m_test, gemm_api_test in full, racecheck + memcheck of fused_quant_test;
#  3. base / v65 on the auto plans of the fold tile's shapes (the helper's A/B: its PTX differs), 3 rounds;
#  4. v65's only_sweep of the n32 m8 tiles against their fold twins (docs/paths.md next step 4), 2 rounds;
#  5. Nsight Compute source views (v65's binary): n64_m16 fold vs unfolded on 32x4096x512, n32_m8_k4 fold vs
#     unfolded on 4x2880x512 (next step 2: where the fold's quantization cost comes from).
# CALL1_SHORT=1: steps 1 and 3 only.
set -u
source tools/device/call_preamble.sh c1 v65
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
V=/tmp/v/v65
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
st contest
OUT="$O" timeout 150 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "contest rc=$?"
grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" | cut -c1-160 | head -30
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,32x4096x512:fused_quant:fused_n64_m16_fold:0,4x2880x512:auto:auto:0"
timeout 120 bash tools/device/only_ab.sh --reps=3 "$C" v65 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
if [[ "${CALL1_SHORT:-0}" != 1 ]]; then
  fused_checks "$V" 170
  S="1x2880x512,4x2880x512,8x2880x512,4x4096x512,8x4096x512,4x7168x512,8x7168x512,4x12288x512"
  S="$S,4x1024x1024,8x1024x1024,4x4096x1024,8x2880x1024,24x1024x1024"
  K="fused_quant:stream_n32_m8_k4:0,fused_quant:stream_n32_m8_k4_fold:0"
  K="$K,splitk_small_m:stream_n32_m8_k8:0,splitk_small_m:stream_n32_m8_k8_fold:0"
  K="$K,fused_quant:stream_n64_m16_k4:0,fused_quant:stream_n64_m16_k4_fold:0"
  timeout 150 bash tools/device/only_sweep.sh --reps=2 --bin="$V/mxfp4.gpu.gemm.gemm_paths_benchmark" "$S" "$K" \
    > "$O/sweep.log" 2>&1
  st "sweep rc=$?"
  P="32x4096x512:fused_quant:stream_n64_m16_k4_fold:0,32x4096x512:fused_quant:stream_n64_m16_k4:0"
  P="$P,4x2880x512:fused_quant:stream_n32_m8_k4_fold:0,4x2880x512:fused_quant:stream_n32_m8_k4:0"
  MXFP4_PATHS_BENCH="$V/mxfp4.gpu.gemm.gemm_paths_benchmark" OUT="$O/ncu" timeout 160 \
    bash tools/device/run_all.sh --profile_source="$P" > "$O/ncu_run_all.log" 2>&1
  st "ncu rc=$?"
fi
cat "$O/steps.log"
finish_call
