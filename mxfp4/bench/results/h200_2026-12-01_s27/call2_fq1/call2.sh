#!/usr/bin/env bash
# session 27 call 2: in-GEMM quantization prototype (branch exp/fusedq, variant fq1): the ring tiles without a
# producer, on one wave, quantize A themselves (QuantizeWgmmaOrderItems) and meet at a grid barrier instead of
# waiting for a quantizer kernel. Tests (quant_then_mma_test whole, gemm_api_test), then timing: base, fq1 with
# MXFP4_NO_IN_GEMM_QUANT (two kernels, the __ldcg change only), fq1; 3 rounds, hot graph replay.
set -u
source tools/device/call_preamble.sh c2 fq1
V=/tmp/v/fq1
st test
MXFP4_REQUIRE_GPU=1 timeout 300 $V/mxfp4.gpu.gemm.quant_then_mma_test > "$O/test.log" 2>&1; echo "test rc=$?" | tee -a "$O/steps.log"
tail -3 "$O/test.log"; grep -E "FAILED|Failure" "$O/test.log" | head -20
MXFP4_REQUIRE_GPU=1 timeout 60 $V/mxfp4.gpu.gemm.gemm_api_test > "$O/api.log" 2>&1; echo "api rc=$?" | tee -a "$O/steps.log"
grep -E "FAILED" "$O/api.log" | head
C="64x7168x2048:auto:auto:0,32x4096x4096:auto:auto:0,64x1024x4096:auto:auto:0,64x512x16384:auto:auto:0,128x2048x2048:auto:auto:0,64x3072x1536:auto:auto:0,48x2048x4096:auto:auto:0"
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2 3; do
  st "round $r"
  echo "=== base (round $r)" >> "$O/ab.log"; timeout 120 $B --only="$C" --phase_clock >> "$O/ab.log" 2>&1
  echo "=== twok (round $r)" >> "$O/ab.log"; MXFP4_NO_IN_GEMM_QUANT=1 timeout 120 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$C" --phase_clock >> "$O/ab.log" 2>&1
  echo "=== fq1 (round $r)" >> "$O/ab.log"; timeout 120 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$C" --phase_clock >> "$O/ab.log" 2>&1
done
st done
awk '/^=== /{who=$2} /^only /{shape=$2"x"$4"x"$6; us=$8; tile=$11; sub(/^tile=/, "", tile)}
     /ready -> math done/{printf "%-10s %-18s %-32s %8s %8s\n", who, shape, tile, us, $9}' "$O/ab.log" | sort -k2,2 -k1,1
finish_call
