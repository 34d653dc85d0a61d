#!/usr/bin/env bash
# Session 61 call 1 (kind nvidia-h200 named: the card if one comes). Carry [".device-pack"]: the
# full stage of main 9a62ae2 (session 60's; 68f33b2 differs in comments and docs only). The contest set,
# twice (run-to-run spread).
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.sm --format=csv
bash tools/device/run_all.sh --bench=contest --bench_timeout=120
mv "$OUT/gemm_contest.json" "$OUT/gemm_contest_1.json" 2>/dev/null; mv "$OUT/bench.log" "$OUT/bench_1.log" 2>/dev/null
bash tools/device/run_all.sh --bench=contest --bench_timeout=120
