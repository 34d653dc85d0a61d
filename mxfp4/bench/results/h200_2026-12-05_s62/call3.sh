#!/usr/bin/env bash
# Session 62 call 3. Carry [".device-pack"]: the slim stage of main's kernels (session 60's stage of 9a62ae2)
# and variant
#   sf = main + the activation-scale fold in the fused register-streaming tiles without a quantization
#        cluster (stream_gemm_body.h; `stream_fold.patch`): the quantizer multiplies a block's fp16 operands
#        by sa where its byte is in [115, 141] (FoldScaleF16x2, as the pipelined *_fold tiles), the CTA
#        barrier after the quantization becomes __syncthreads_and(every stored block folded), and a weight
#        batch (4 blocks) whose scale bytes are all <= 240 (warp vote) promotes with fmaf(P * sa, sb, acc):
#        no FMUL and no sa load; otherwise the exact form with folded blocks unfolded (UnfoldFactor).
#        Expected (docs/paths.md "What to do next (after session 62)"): ~8 FMUL + 2 LDS.64 of ~75
#        instructions a block in the 32-row shapes' math.
# First base against sf on auto plans served by those tiles, 3 interleaved rounds (first: the device budget
# was short after refused starts); then sf's fused_quant_test, splitk_small_m_test and gemm_api_test in full,
# racecheck and memcheck of fused_quant_test. CALL3_SHORT=1 (a device budget of ~150 s): 2 rounds and
# fused_quant_test alone.
short="${CALL3_SHORT:-0}"
source tools/device/call_preamble.sh c3 sf
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,4x2880x512:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,16x4096x512:auto:auto:0,8x2048x512:auto:auto:0,24x1024x1024:auto:auto:0,8x512x3072:auto:auto:0"
C="$C,32x2048x512:auto:auto:0,4x7168x512:auto:auto:0"
if [[ "$short" == 1 ]]; then reps=2 ab_limit=80; else reps=3 ab_limit=120; fi
timeout "$ab_limit" bash tools/device/only_ab.sh --reps="$reps" "$C" sf > "$O/ab.log" 2>&1
st "ab rc=$?"
T=/tmp/v/sf
if [[ "$short" == 1 ]]; then
  run_test fused_quant_test 60 "$T/mxfp4.gpu.gemm.fused_quant_test"
else
  for b in fused_quant_test splitk_small_m_test gemm_api_test; do
    run_test "$b" 170 "$T/mxfp4.gpu.gemm.$b" &
  done
  sanitize 170 "*" "$T/mxfp4.gpu.gemm.fused_quant_test" racecheck &
  sanitize 170 "*" "$T/mxfp4.gpu.gemm.fused_quant_test" memcheck &
  wait
fi
cat "$O/steps.log"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
finish_call
