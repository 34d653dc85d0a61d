#!/usr/bin/env bash
# Session 60 call 1. Carry [".device-pack"]: the full stage of main 7856537 (tools/device/stage.sh).
# The full pass on the tree with adbeaa1's per-form vote (session 59 ran only its ring binaries):
# every staged GPU test, memcheck + racecheck on each (small scale), then the contest set of gemm_benchmark.
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=430 \
  --bench=contest --bench_timeout=120
