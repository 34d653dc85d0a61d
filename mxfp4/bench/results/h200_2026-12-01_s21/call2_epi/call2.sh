#!/usr/bin/env bash
# session 21 call 2: validate + A/B "epi": Float2ToBf16x2Bits as cvt + min.s16x2 (NaN -> 0x7FC0 in one
# instruction) and CombinePartialsAndStore's unrolled lone-CTA loop with one base address + constant steps.
# base = main de555e2 (staged). Every GEMM kernel changed: fused_quant, splitk_small_m, quant_then_mma,
# building_blocks (the exhaustive bf16 pair check), api tests with memcheck + racecheck; contest x2; phase clocks of
# the K-split tiles; the source view of 256x3072x1536 again.
set -u
source tools/device/call_preamble.sh c2
P=256x3072x1536:auto:auto:0,256x2880x512:auto:auto:0,64x7168x2048:auto:auto:0,64x3072x1536:auto:auto:0
st ab
OUT="$O/ab" REPS=2 timeout 570 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 --phase_clock=$P --profile_source=256x3072x1536:auto:auto:0 epi > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/ab/*_source_*.csv 2>/dev/null
cat "$O/ab/epi_tests_summary.txt" 2>/dev/null | tail -8
grep -E '^===|^only|ready -> math|math done -> end' "$O/ab/phase_clock.log" 2>/dev/null
finish_call
