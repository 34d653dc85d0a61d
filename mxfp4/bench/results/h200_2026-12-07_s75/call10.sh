#!/usr/bin/env bash
# Session 75 call 10 (carry [".device-pack"]: the full stage of main 440ba55, v + pz; ~140 s): the contest
# harness on the final tree (two rounds), for docs/paths.md's status line.
set -u
source tools/device/call_preamble.sh c10
export MXFP4_REQUIRE_GPU=1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
contest_rounds 2 100
finish_call
