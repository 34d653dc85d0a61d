#!/usr/bin/env bash
# session 18 call 5: the final tree (bfb8d2d, staged): all GPU test binaries with memcheck + racecheck,
# the contest benchmark, and an Nsight Compute source view of the warp-specialized m128 tile on 256x3072x1536.
set -u
O="$OUT/c5"; mkdir -p "$O"
t0=$(date +%s); st() { echo "[$(( $(date +%s) - t0 ))s] $*" | tee -a "$O/steps.log"; }
st run_all
OUT="$O/all" timeout 420 bash tools/device/run_all.sh --tests --sanitize --phase_deadline=330 --bench=contest > "$O/run_all.log" 2>&1; echo "run_all rc=$?" | tee -a "$O/steps.log"
st profile
OUT="$O/prof" MXFP4_PACK=none timeout 120 bash tools/device/run_all.sh --profile_source=256x3072x1536:quant_then_mma:wgmma8_n64_m128_k2_ws_fold:0 > "$O/prof.log" 2>&1; echo "profile rc=$?" | tee -a "$O/steps.log"
st done
tail -25 "$O/all/summary.txt" 2>/dev/null || tail -25 "$O/run_all.log"
tar -C "$OUT" -cJf "$OUT/c5.tar.xz" c5 && rm -rf "$O"
