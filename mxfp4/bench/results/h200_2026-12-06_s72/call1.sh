#!/usr/bin/env bash
# Session 72 call 1. Carry [".device-pack"]: the stage of main 324e726 and variant s (9964517 on exp-s72-s: the
# streaming tiles' two-CTA combine pushed - rank 0 stores its sums into a receive tile of rank 1 with st.async,
# completing rank 1's mbarrier armed at kernel start; no cluster barrier after the math). Probe p1 (049c676,
# rank 0's phase-1 arrive relaxed) did not fit beside them (the carry limit). Steps: s's tests (each under a
# timeout: session 15's push form hung), only_ab main / s on the two-CTA shapes and controls (3 rounds), the
# contest harness on main (two rounds).
set -u
source tools/device/call_preamble.sh c1 s
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=40
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
S=/tmp/v/s
run_test s_splitk_small_m_test 60 "$S/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test s_quant_then_mma_test 60 "$S/mxfp4.gpu.gemm.quant_then_mma_test" &
run_test s_gemm_api_test 60 "$S/mxfp4.gpu.gemm.gemm_api_test" &
wait
C="16x2112x7168:auto:auto:0,8x2112x7168:auto:auto:0,1x2048x4096:auto:auto:0,16x3072x1536:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0"
timeout 110 bash tools/device/only_ab.sh --reps=3 "$C" s > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
for r in 1 2; do
  mkdir -p "$O/contest$r"
  OUT="$O/contest$r" timeout 100 bash tools/device/run_all.sh --bench=contest > "$O/contest$r/run_all.log" 2>&1
  st "contest $r rc=$?"
  grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/contest$r/bench.log" 2>/dev/null | cut -c1-100
done
cat "$O/steps.log"
finish_call
