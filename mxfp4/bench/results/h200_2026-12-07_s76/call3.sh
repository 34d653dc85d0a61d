#!/usr/bin/env bash
# Session 76 call 3 (carry [".device-pack"]: the full stage of 3b20069 (base) and lp (main 2548740's
# gemm_benchmark); needs_h200, ~300 s): the contest harness base / lp interleaved, two rounds each, on an H200
# (the device; the last H200 contest run was session 58), plus the GPU's name and clock.
set -u
source tools/device/call_preamble.sh c3 lp
{ nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader 2>&1 || true; } | tee -a "$O/steps.log"
contest_ab 2 330 lp
finish_call
