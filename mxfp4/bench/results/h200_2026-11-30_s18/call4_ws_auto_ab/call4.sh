#!/usr/bin/env bash
# session 18 call 4: auto on the warp-specialized m128 K-split tile ("ws": working tree on 746ba14, v3 + the
# first two fills at once, the other first stages after stage 0's weights) and "wspw" (ws + one full-barrier
# arrival per producer warp instead of per thread) against the staged 746ba14: tests (run), contest A/B
# (graph + flushed), phase clocks; racecheck of wspw's ws test.
set -u
O="$OUT/c4"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/wspw.tar.xz -C /tmp/v
CS="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)"
st ab
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_fold:0
OUT="$O/ab" REPS=2 timeout 420 bash tools/device/ab_contest.sh --test_timeout=120 --phase_clock=$P ws wspw > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st racecheck
MXFP4_REQUIRE_GPU=1 MXFP4_TEST_SCALE=small timeout 100 "$CS" --tool racecheck --error-exitcode 1 /tmp/v/wspw/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WarpSpecialized*' > "$O/wspw_racecheck.log" 2>&1; echo "wspw racecheck rc=$?" | tee -a "$O/steps.log"
st done
tail -3 "$O/ab.log"
tar -C "$OUT" -cJf "$OUT/c4.tar.xz" c4 && rm -rf "$O"
