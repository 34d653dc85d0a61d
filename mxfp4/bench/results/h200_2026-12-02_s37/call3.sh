#!/usr/bin/env bash
# session 37 call 3 (stage = session 36's 2e5b553; variant "diag" = the same tree with two phase stamps moved into
# the 2-CTA cluster combine (combine_partials.h): slot "math done wg1" = after the CTA barrier that follows every
# warpgroup's partials (so "math done wg0 -> wg1" = thread 0's math done -> all partials written), slot
# "dependency" = after the first cluster barrier (rank 0's sums done; "entry -> dependency" then spans entry -> that
# barrier). Where the k4 cluster kernel's "math done -> end" (~4.6K cycles on 64x4096x4096) goes.
# A: diag on 2-CTA-cluster plans (auto). B: base, the M = 64 class with every ring tile and cluster forced.
source tools/device/call_preamble.sh c3 diag
export MXFP4_ONLY_TIMEOUT=150
F=""
for s in 64x4096x4096 12x2560x5120 16x2112x7168 4x3072x5888 64x4096x2048 128x2048x2048; do F="$F,$s:auto:auto:0"; done
st "diag"
timeout 150 /tmp/v/diag/mxfp4.gpu.gemm.gemm_paths_benchmark --only="${F#,}" --phase_clock > "$O/diag.log" 2>&1
st "diag rc=$?"
R=quant_then_mma
S="64x4096x4096 64x4096x2048 64x2048x4096 64x5120x5120 64x8192x4096 64x4096x8192 128x4096x4096 96x4096x4096"
C="$R:wgmma8_n64_m64_k4_fold:1,$R:wgmma8_n64_m64_k4_fold:2,$R:wgmma8_n64_m64_k4_fold:4"
C="$C,$R:wgmma8_n64_m64_k2_fold:1,$R:wgmma8_n64_m64_k2_fold:2,$R:wgmma8_n64_m64_k2_fold:4"
C="$C,$R:wgmma8_n128_m64_k2_fold:1,$R:wgmma8_n128_m64_k2_fold:2,$R:wgmma8_n128_m64_k2_fold:4"
C="$C,$R:wgmma8_n64_m64_k2_ws_fold:1,$R:wgmma8_n64_m64_k2_ws_fold:2"
st "sweep"
timeout 300 bash tools/device/only_sweep.sh --reps=2 "$S" "$C" > "$O/sweep.log" 2>&1
st "sweep rc=$?"
finish_call
