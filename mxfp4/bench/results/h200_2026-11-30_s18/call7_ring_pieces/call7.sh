#!/usr/bin/env bash
# session 18 call 7: "dd" (0451b4d + the ring bodies' shared pieces in internal/wgmma_ring_pieces.h: fold-flag
# check, activation fill, exact promotion, partials; the ring kernels' PTX changes, their registers do not)
# against the staged bfb8d2d: quant_then_mma_test + gemm_api_test run, memcheck, racecheck; contest A/B.
set -u
O="$OUT/c7"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
st ab
OUT="$O/ab" REPS=1 timeout 400 bash tools/device/ab_contest.sh --sanitize --test_timeout=200 dd > "$O/ab.log" 2>&1; echo "ab rc=$?" | tee -a "$O/steps.log"
st done
cat "$O/ab/dd_tests_summary.txt" 2>/dev/null | tail -6
tar -C "$OUT" -cJf "$OUT/c7.tar.xz" c7 && rm -rf "$O"
