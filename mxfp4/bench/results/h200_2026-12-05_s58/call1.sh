#!/usr/bin/env bash
# Session 58 call 1. Carry [".device-pack"]: a slim stage of main 0100b61 (gemm_benchmark,
# gemm_paths_benchmark, platform_test, quant_then_mma_test) and variant rv = main + session 57's
# ring_uniform_vote.patch (the non-ws ring body's CTA fast-form vote made warp-uniform, so ptxas keeps
# the wgmma descriptor words in uniform registers; pack_variant.sh rv, gemm_benchmark only).
# 1. The contest, base vs rv, 2 rounds interleaved. 2. racecheck + memcheck of main's
# quant_then_mma_test on the ws / persistent tests (28efcef's warp-uniform vote and direct stores at
# every K had no sanitizer run yet).
source tools/device/call_preamble.sh c1 rv
export MXFP4_REQUIRE_GPU=1
OUT="$O/contest" REPS=2 timeout 300 bash tools/device/ab_contest.sh rv > "$O/contest.log" 2>&1
st "contest rc=$?"
python3 tools/device/compare_contest.py "$O"/contest/*_contest.json 2>&1 | tail -45
F="GemmPath.PersistentGrid*:GemmPath.Prepared*:GemmPath.Staged*:GemmPath.WarpSpecializedRingTiles"
sanitize 110 "$F" .device/tests/mxfp4.gpu.gemm.quant_then_mma_test racecheck memcheck
finish_call
