#!/usr/bin/env bash
# Session 57 call 3. Carry [".device-pack"]: the slim stage of main 838b788 (gemm_benchmark,
# gemm_paths_benchmark, platform_test) and ufc.tar.xz = call 2's variant uf split in two folders:
# ufc/ (gemm_benchmark only, so ab_contest.sh times it without rerunning the tests call 2 passed) and
# uft/ (quant_then_mma_test, for the sanitizers).
# Call 2's contest produced nothing: in a slim stage without a test binary run_all.sh probes the
# launch with no binary, falls back to the staged glibc loader and the benchmark cannot start; the
# stage now holds platform_test for that probe.
# The contest, base vs uf, one round (device budget: five refused starts left ~490 s).
source tools/device/call_preamble.sh c3 ufc
export MXFP4_REQUIRE_GPU=1
OUT="$O/contest" REPS=1 timeout 250 bash tools/device/ab_contest.sh ufc > "$O/contest.log" 2>&1
st "contest rc=$?"
python3 tools/device/compare_contest.py "$O"/contest/*_contest.json 2>&1 | tail -45
finish_call
