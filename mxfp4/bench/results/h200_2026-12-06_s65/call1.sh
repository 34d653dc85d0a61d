#!/usr/bin/env bash
# Session 65 call 1. Carry [".device-pack"]: stage.sh --scope='//mxfp4/bench/... + //mxfp4/gpu/gemm:gemm_paths_benchmark'
# of main (kernels = 685c0f4), variant v65 (branch v65: session 64's fold_quarter_helper.patch + three experiment
# twins: stream_n64_m16_k4 unfolded, stream_n32_m8_k4_fold, stream_n32_m8_k8_fold; auto unchanged; not carried:
# the carry limit) and variant qd (branch qd = v65 + the quantizer diet: the fp16 encoder's
# exponent-shift form for scale bytes 3..254 and the packed u16x2 block max; paths benchmark and tests).
#  1. the contest harness on the card at hand (stage; gemm_benchmark, graph replay and L2 flushed, cuBLAS bf16);
#  2. base / qd on the auto plans of the contest shapes and the fold tile's shapes, 3 rounds;
#  3. qd's tests: quant_then_mma, gemm_api, splitk_small_m, fused_quant in full, racecheck + memcheck of
#     fused_quant_test (fused_checks), gemm_building_blocks_test (the exhaustive element checks);
#  4. qd's only_sweep of the n32 m8 tiles against their fold twins (docs/paths.md next step 4), 2 rounds;
#  5. Nsight Compute source views (qd's binary): n64_m16 fold vs unfolded on 32x4096x512, n32_m8_k4 fold vs
#     unfolded on 4x2880x512 (next step 2: where the fold's quantization cost comes from).
# CALL1_SHORT=1: steps 2 and 3 only.
set -u
source tools/device/call_preamble.sh c1 qd
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/qd
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
if [[ "${CALL1_SHORT:-0}" != 1 ]]; then
  st contest
  OUT="$O" timeout 150 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
  st "contest rc=$?"
  grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" | cut -c1-160 | head -30
fi
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0"
timeout 150 bash tools/device/only_ab.sh --reps=3 "$C" qd > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
run_test gemm_building_blocks_test 120 "$Q/mxfp4.gpu.gemm.gemm_building_blocks_test" &
fused_checks "$Q" 200
if [[ "${CALL1_SHORT:-0}" != 1 ]]; then
  S="1x2880x512,4x2880x512,8x2880x512,4x4096x512,8x4096x512,4x7168x512,8x7168x512,4x12288x512"
  S="$S,4x1024x1024,8x1024x1024,4x4096x1024,8x2880x1024,24x1024x1024"
  K="fused_quant:stream_n32_m8_k4:0,fused_quant:stream_n32_m8_k4_fold:0"
  K="$K,splitk_small_m:stream_n32_m8_k8:0,splitk_small_m:stream_n32_m8_k8_fold:0"
  K="$K,fused_quant:stream_n64_m16_k4:0,fused_quant:stream_n64_m16_k4_fold:0"
  timeout 150 bash tools/device/only_sweep.sh --reps=2 --bin="$Q/mxfp4.gpu.gemm.gemm_paths_benchmark" "$S" "$K" \
    > "$O/sweep.log" 2>&1
  st "sweep rc=$?"
  P="32x4096x512:fused_quant:stream_n64_m16_k4_fold:0,32x4096x512:fused_quant:stream_n64_m16_k4:0"
  P="$P,4x2880x512:fused_quant:stream_n32_m8_k4_fold:0,4x2880x512:fused_quant:stream_n32_m8_k4:0"
  MXFP4_PATHS_BENCH="$Q/mxfp4.gpu.gemm.gemm_paths_benchmark" OUT="$O/ncu" timeout 160 \
    bash tools/device/run_all.sh --profile_source="$P" > "$O/ncu_run_all.log" 2>&1
  st "ncu rc=$?"
fi
cat "$O/steps.log"
finish_call
