#!/usr/bin/env bash
# Session 82 call 2 (carry [".device-pack"]: the same full stage of main as call 1): the full validation of main,
# the first since session 60's (main 9a62ae2, H100): every staged GPU test, memcheck + racecheck on each (small
# scale), 12 processes at a time, no benchmarks (with them the call would not fit 600 s; docs/gpu.md). Needs
# timeout_s ~590. summary.txt's table says PASS / FAIL / TIMEOUT per test and tool.
bash tools/device/run_all.sh --tests --sanitize --jobs=12 --timeout=420 --phase_deadline=540
