#!/usr/bin/env bash
# session 28 call 4: the decode forms as kernels of their own (variant nd2: the 64-row kernels PTX-identical
# to b005b3e): quant_then_mma_test, A/B on decode shapes, prepared copies (auto's ws twin against the decode
# form), and a sweep for a decode rule below 24 Mi weight elements (auto against the forced ring tiles).
set -u
source tools/device/call_preamble.sh c4 nd2
V=/tmp/v/nd2
st test
timeout 200 $V/mxfp4.gpu.gemm.quant_then_mma_test > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -2 "$O/test.log"
q=quant_then_mma
C=""
for s in 16x16384x16384 32x16384x16384 16x8192x8192 32x8192x8192 16x7168x4096 32x4096x4096 32x2048x2048 64x7168x2048; do
  C="$C,$s:auto:auto:0"
done
for s in 16x8192x8192 16x7168x4096 32x4096x4096 32x2048x2048 8x7168x4096; do
  C="$C,$s:auto:auto:0:prepared"
done
C="${C#,}"
st ab
MXFP4_ONLY_TIMEOUT=200 bash tools/device/only_ab.sh --reps=2 "$C" nd2 > "$O/only_ab.log" 2>&1
grep -A100 "summary" "$O/only_ab.log" | tail -53
S=""
for m in 1 8 16 32; do
  for nk in 5120x2048 6144x2048 8192x1024 6144x1536 7168x3072 8192x1536; do
    s="${m}x${nk}"
    S="$S,$s:auto:auto:0,$s:$q:wgmma8_n64_m64_k2_fold:0"
  done
  for nk in 16384x1024 10240x2048 12288x1024; do
    s="${m}x${nk}"
    S="$S,$s:auto:auto:0,$s:$q:wgmma8_n128_m64_k2_fold:0"
  done
done
S="${S#,}"
st sweep
timeout 250 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$S" --cold > "$O/sweep.log" 2>&1; echo "sweep rc=$?" | tee -a "$O/steps.log"
grep -E "^only|rror|not run" "$O/sweep.log" | awk '{print $2"x"$4"x"$6, $8, $11, $12, $13, $14}' | sed 's/tile=//'
st done
finish_call
