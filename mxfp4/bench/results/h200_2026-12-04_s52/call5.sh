#!/usr/bin/env bash
# Session 52 call 5: the final tree's full stage (slimmed to the 11 GPU test binaries and
# gemm_paths_benchmark): every GPU test with MXFP4_REQUIRE_GPU=1, then memcheck and racecheck of
# each (run_all.sh), results in $OUT/c5_full.
set -uo pipefail
mkdir -p "$OUT/c5_full"
OUT_SAVED="$OUT"
export OUT="$OUT_SAVED/c5_full"
bash tools/device/run_all.sh --tests --sanitize --timeout=420 --phase_deadline=560 2>&1 | tail -40
export OUT="$OUT_SAVED"
tar -C "$OUT" -cJf "$OUT/c5_full.tar.xz" c5_full && rm -rf "$OUT/c5_full"
