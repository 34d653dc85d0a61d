#!/usr/bin/env bash
# Session 59 call 1. Carry [".device-pack"]: the full stage of main 6376202 (tools/device/stage.sh).
# The full pass the tree has not had since session 58's per-form vote (4a0ad60): every staged GPU
# test, memcheck + racecheck on each (small scale), then the contest set of gemm_benchmark.
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=430 \
  --bench=contest --bench_timeout=120
