#!/usr/bin/env bash
# Session 50 call 8. Base: the stage of b68d6da (its gemm_paths_benchmark; kernels as f0c6d25). Variant
# rwb = f0c6d25 + InitRingWsBarriers (wgmma_ring_pieces.h) for the ws and int8 bodies' ring-barrier
# setup; kernel_diff: only GemmPrequantMmaKernel<kWgmma8N128M128WsFold> changed (14744 instructions
# either way). Its tests (ws tiles), then base / rwb on the shapes that run it, three interleaved rounds.
source tools/device/call_preamble.sh c8 rwb
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/rwb
timeout 150 $V/mxfp4.gpu.gemm.quant_then_mma_test --gtest_filter='*WarpSpecialized*:*RingTilesOnGridsOfSeveralWaves*:*Staged*:*PreparedInt8*' > "$O/test.log" 2>&1
st "test rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]|OK \]" "$O/test.log" | head -8
C=""
for s in 4096x4096x4096 2048x7168x2048 1024x4096x4096 1536x4096x4096 512x3072x1536; do C="$C,$s:auto:auto:0:nostage"; done
B=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
for r in 1 2 3; do
  for who in base rwb; do
    bin=$B; [[ $who == rwb ]] && bin=$V/mxfp4.gpu.gemm.gemm_paths_benchmark
    timeout 100 $bin --only="${C#,}" > "$O/ab.$who.$r.log" 2>&1
    st "$who round $r rc=$?"
    awk '/^only/{match($0, /tile=[a-z0-9_]+/); printf "%s:%s=%s ", $2"x"$4"x"$6, substr($0, RSTART+5, RLENGTH-5), $8} END {print ""}' "$O/ab.$who.$r.log"
  done
done
xz -9 "$O"/*.log 2>/dev/null
finish_call
