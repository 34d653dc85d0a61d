#!/usr/bin/env bash
# session 20 call 3: base = 2d-ish main (shifted E4M3 landed; staged); variant "epi2" = + the wgmma tiles' direct
# epilogue (wgmma_tile_store.h, whole-row stores after a warpgroup barrier: K-split partials summed in registers, bf16 through stmatrix strips).
# quant_then_mma/gemm_api/building_blocks tests + memcheck + racecheck, contest x2, phase clocks.
set -u
source tools/device/call_preamble.sh c3
P=256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0,2048x7168x2048:quant_then_mma:wgmma8_n128_m128_fold:0,512x7168x2048:quant_then_mma:wgmma8_n128_m64_k2_fold:0
st ab
OUT="$O/ab" REPS=2 timeout 520 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P epi2 > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/epi2_tests_summary.txt" 2>/dev/null | tail -6
grep -E '^===|^only|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
