#!/usr/bin/env bash
# Session 60 call 5 (kind nvidia-h200 named: the card if one comes). Carry [".device-pack"]: the
# full stage of main 9a62ae2 (as call 4). The contest set only, twice (run-to-run spread).
bash tools/device/run_all.sh --bench=contest --bench_timeout=120
mv "$OUT/gemm_contest.json" "$OUT/gemm_contest_1.json" 2>/dev/null; mv "$OUT/bench.log" "$OUT/bench_1.log" 2>/dev/null
bash tools/device/run_all.sh --bench=contest --bench_timeout=120
