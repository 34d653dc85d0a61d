#!/usr/bin/env bash
# Session 45 call 10: the contest set (gemm_benchmark, L2-flushed and graph-replay rows, cuBLAS in the same run) on the
# final tree (GemmOptions::cold_weights off by default: the default plans' kernels read the same arguments as main's).
source tools/device/call_preamble.sh c10
OUT="$O/run" timeout 230 bash tools/device/run_all.sh --bench=contest > "$O/run_all.log" 2>&1
st "run_all --bench=contest rc=$?"
grep -E "PASS|FAIL" "$O/run/summary.txt" | head -5
finish_call
