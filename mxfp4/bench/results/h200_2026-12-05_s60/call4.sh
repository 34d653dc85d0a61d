#!/usr/bin/env bash
# Session 60 call 4. Carry [".device-pack"]: the full stage of main 9a62ae2 (tools/device/stage.sh): the
# warp-uniform vote and the elected releasing lane in every ring form. The full pass: every staged GPU test,
# memcheck + racecheck on each (small scale), then the contest set of gemm_benchmark.
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=430 \
  --bench=contest --bench_timeout=120
