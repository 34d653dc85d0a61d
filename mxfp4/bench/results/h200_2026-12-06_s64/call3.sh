#!/usr/bin/env bash
# Session 64 call 3. Carry [".device-pack"]: stage.sh --scope='//mxfp4/bench/...' of bc3e929 (main with
# stream_n64_m16_k4_fold). The contest harness (gemm_benchmark, both timing modes, cuBLAS bf16 in the same
# process) on the card at hand: the first contest since session 58.
set -u
source tools/device/call_preamble.sh c3
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
st contest
OUT="$O" timeout 400 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "contest rc=$?"
cat "$O/steps.log"
grep -E "contest/.*/(mxfp4_auto|cublas_bf16)/(graph|l2flush)" "$O/bench.log" | cut -c1-160 | head -30
finish_call
