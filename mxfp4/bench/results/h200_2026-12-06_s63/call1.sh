#!/usr/bin/env bash
# Session 63 call 1. Carry [".device-pack"]: the slim stage of main's kernels (session 60's stage of 9a62ae2)
# and variant sf2 (sf alone did not fit the device tool's 64 MiB with it; the limit seems to count .git too):
#   sf  = session 62's stream_fold.patch (records h200_2026-12-05_s62: the activation-scale fold in the fused
#         register-streaming tiles without a quantization cluster; fast batches fmaf(P * sa, sb, acc));
#   sf2 = sf + the fast batches' weight scales decoded by the shift alone (vote on 1 <= S <= 240 instead of
#         S <= 240; sf2.patch here, against main; its gemm_path_test.cc also runs FoldedScalesAtTheEdges over
#         every stream_* tile, which the fold now reaches).
# base / sf2 on auto plans served by those tiles, 3 interleaved rounds; then sf2's fused_quant_test,
# splitk_small_m_test and gemm_api_test in full, racecheck and memcheck of fused_quant_test. CALL1_SHORT=1 (a
# device budget of ~300 s after refused starts): 2 rounds, fused_quant_test and its memcheck alone.
short="${CALL1_SHORT:-0}"
source tools/device/call_preamble.sh c1 sf2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,4x2880x512:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,16x4096x512:auto:auto:0,8x2048x512:auto:auto:0,24x1024x1024:auto:auto:0,8x512x3072:auto:auto:0"
C="$C,32x2048x512:auto:auto:0,4x7168x512:auto:auto:0"
if [[ "$short" == 1 ]]; then reps=2 ab_limit=100; else reps=3 ab_limit=150; fi
timeout "$ab_limit" bash tools/device/only_ab.sh --reps="$reps" "$C" sf2 > "$O/ab.log" 2>&1
st "ab rc=$?"
T=/tmp/v/sf2
if [[ "$short" == 1 ]]; then
  run_test fused_quant_test 120 "$T/mxfp4.gpu.gemm.fused_quant_test" &
  sanitize 120 "*" "$T/mxfp4.gpu.gemm.fused_quant_test" memcheck &
  wait
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
