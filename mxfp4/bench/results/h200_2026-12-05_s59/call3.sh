#!/usr/bin/env bash
# Session 59 call 3. Carry [".device-pack"]: the full stage of main adbeaa1 (the vote rule of call 2:
# warp-uniform in the n64 m32 forms and the n64 m16 forms but k2 without a cluster).
# The full pass on it: every staged GPU test, memcheck + racecheck on each (small scale).
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=440 --bench=none
