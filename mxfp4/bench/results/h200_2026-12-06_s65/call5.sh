#!/usr/bin/env bash
# Session 65 call 5. Carry [".device-pack"]: call 3's stage (unused but unpacked) and variant k2 (branch k2 =
# main after the quantizer diet + an experiment tile stream_n64_m16_k2_fold: the 32-row fold tile with 2 warps
# along K, 8 warps a CTA instead of 16). Call 4's source view with A and B in L2 showed the 32-row tile
# issue-bound (not_selected + selected 28% of the stalls) with ~330 of a warp's 805 executed instructions fixed
# per warp (prologue, barrier, epilogue): half the warps, half that overhead per SM.
#  1. k2's fused_quant_test (the new tile is in its every-tile tests);
#  2. k2's gemm_paths_benchmark: auto against the forced k2 tile on the 16- and 32-row K = 512 shapes, with phase
#     clocks, 3 rounds.
set -u
source tools/device/call_preamble.sh c5 k2
export MXFP4_REQUIRE_GPU=1
K=/tmp/v/k2/mxfp4.gpu.gemm.gemm_paths_benchmark
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
run_test fused_quant_test 120 /tmp/v/k2/mxfp4.gpu.gemm.fused_quant_test
C=""
for s in 32x4096x512 32x2880x512 24x4096x512 17x2880x512 32x7168x512 16x4096x512 16x2880x512; do
  C="$C,$s:auto:auto:0,$s:fused_quant:stream_n64_m16_k2_fold:0"
done
C="${C#,}"
for r in 1 2 3; do
  echo "=== round $r" >> "$O/k2.log"
  timeout 90 "$K" --only="$C" --phase_clock >> "$O/k2.log" 2>&1
  st "round $r rc=$?"
done
grep -E "^only " "$O/k2.log" | awk '{k=$2"x"$4"x"$6" "$11; s[k]+=$8; n[k]++} END{for(k in s) printf "%s %.2f\n", k, s[k]/n[k]}' | sort
cat "$O/steps.log"
finish_call
