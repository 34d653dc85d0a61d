#!/usr/bin/env bash
# session 30 call 4: the final tree (resident K-split clusters, long-K small layers, split-K below N = 64;
# no GEMM kernel changed): every GPU test with memcheck + racecheck, contest + sweep; then auto on shapes
# of the new rules (before: call 1's auto lines).
source tools/device/call_preamble.sh c4
st run_all
OUT="$O/run" timeout 500 bash tools/device/run_all.sh --tests --sanitize --bench=contest,sweep --timeout=220 > "$O/run_all.log" 2>&1
st "run_all rc=$?"
S=""
for s in 1x16x3072 16x32x2048 32x48x4096 8x16x1024 1x48x2048 24x32x3072 1x512x8192 8x1024x8192 16x512x8192 32x768x8192 \
         24x1024x12288 64x1024x16384 64x512x8192 64x1024x4096 1x1536x16384; do S="$S,$s:auto:auto:0"; done
timeout 60 .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark --only="${S#,}" > "$O/auto_now.log" 2>&1; st "auto rc=$?"
finish_call
