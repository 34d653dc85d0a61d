#!/usr/bin/env bash
# session 20 call 5 (timing-only diagnostics, results not kept in the tree): phase-clock slot 8 as a mark in the
# prologue ("entry -> mark"): ws tiles = the producer's stage 0 converted and arrived; ring tiles = thread 0 after
# the fold-flag check (__syncthreads_and). Variant "mark" = b40589f + marks.patch.
set -u
source tools/device/call_preamble.sh c5 mark
C=256x3072x1536:auto:auto:0,64x7168x2048:auto:auto:0,4096x4096x4096:auto:auto:0,4096x4096x4096:quant_then_mma:wgmma8_n128_m128_ws_fold:0
st run
timeout 150 /tmp/v/mark/mxfp4.gpu.gemm.gemm_paths_benchmark --only=$C --phase_clock > "$O/marks.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
grep -E '^only|phase' "$O/marks.log"
st done
finish_call
