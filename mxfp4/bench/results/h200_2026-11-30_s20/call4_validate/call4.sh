#!/usr/bin/env bash
# session 20 call 4: validation + A/B of the final kernels. base = 2244eb4 (shifted E4M3; staged), variant "fin" =
# the tree with wgmma_tile_store.h for the ring tiles without a K-split (n128_m64, n128_m128, n128_m128 ws).
# quant_then_mma/gemm_api/building_blocks tests + memcheck + racecheck, contest x2, phase clocks of the k1 tiles.
set -u
source tools/device/call_preamble.sh c4
P=4096x4096x4096:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0,2048x7168x2048:quant_then_mma:wgmma8_n128_m128_fold:0,512x7168x2048:quant_then_mma:wgmma8_n128_m64_fold:0,256x3072x1536:auto:auto:0
st ab
OUT="$O/ab" REPS=2 timeout 540 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P fin > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/fin_tests_summary.txt" 2>/dev/null | tail -6
grep -E '^===|^only|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
