#!/usr/bin/env bash
# session 18 call 6: "wsc" (bfb8d2d + the producer's step loop not unrolled by 2: half its code, which shares
# the instruction cache with the consumers' loop; ncu of call 5: no_instruction 45% of the loop's stalls)
# against the staged bfb8d2d: tests (run), contest A/B, phase clocks; memcheck + racecheck of wsc's ws tests.
set -u
O="$OUT/c6"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
tar -xJf .device-pack/stage.tar.xz
export LD_LIBRARY_PATH=$PWD/.device/lib:/usr/local/cuda/lib64
mkdir -p /tmp/v && tar -xJf .device-pack/wsc.tar.xz -C /tmp/v
CS="$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer 2>/dev/null | head -1)"
st sanitize
T=/tmp/v/wsc/mxfp4.gpu.gemm.quant_then_mma_test
export MXFP4_REQUIRE_GPU=1
( MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool memcheck --error-exitcode 1 $T --gtest_filter='*WarpSpecialized*:*EveryTile*:*FoldedScales*' > "$O/memcheck.log" 2>&1; echo "memcheck rc=$?" >> "$O/steps.log" ) &
( MXFP4_TEST_SCALE=small timeout 150 "$CS" --tool racecheck --error-exitcode 1 $T --gtest_filter='*WarpSpecialized*:*EveryTile*' > "$O/racecheck.log" 2>&1; echo "racecheck rc=$?" >> "$O/steps.log" ) &
wait
st ab
P=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,64x7168x2048:quant_then_mma:wgmma8_n64_m64_k2_ws_fold:0
OUT="$O/ab" REPS=2 timeout 330 bash tools/device/ab_contest.sh --test_timeout=100 --phase_clock=$P wsc > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/steps.log"
grep -E 'RACECHECK SUMMARY|ERROR SUMMARY' "$O/memcheck.log" "$O/racecheck.log"
tar -C "$OUT" -cJf "$OUT/c6.tar.xz" c6 && rm -rf "$O"
