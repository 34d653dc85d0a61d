#!/usr/bin/env bash
# Session 60 call 2. Carry [".device-pack"]: a slim stage of main 7856537 (gemm_paths_benchmark;
# slim_stage.sh) and variant el (pack_variant.sh --no_gemm_benchmark; elu = el + kUniformVote true in every
# ring form did not fit beside it in the 64 MiB carry - the fatbins are compressed, so no two builds share
# bytes in a pack):
#   el  = main + the ring release in an elect.sync lane (ElectOneSync, wgmma_ring_pieces.h) instead of
#         `lane == 0` (ptxas made the release's atomicAdd warp-aggregated in warp-uniform code); with
#         quant_then_mma_test, splitk_small_m_test, gemm_api_test;
# First el's tests (the ring kernels changed), then base / el interleaved on the ring forms' auto
# plans (decode m8, m16, m32; M > 32 incl. the contest's 64x7168x2048) and a ws control, 4 rounds.
source tools/device/call_preamble.sh c2 el
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
run_test el_quant_then_mma_test 240 /tmp/v/el/mxfp4.gpu.gemm.quant_then_mma_test
run_test el_splitk_small_m_test 90 /tmp/v/el/mxfp4.gpu.gemm.splitk_small_m_test
run_test el_gemm_api_test 60 /tmp/v/el/mxfp4.gpu.gemm.gemm_api_test
C="1x3072x5888:auto:auto:0,8x7168x4096:auto:auto:0,16x7168x2048:auto:auto:0,16x2048x22016:auto:auto:0"
C="$C,16x7168x4096:auto:auto:0,16x4096x4096:auto:auto:0,32x7168x2048:auto:auto:0,32x2048x22016:auto:auto:0"
C="$C,64x7168x2048:auto:auto:0,128x2048x2048:auto:auto:0,64x4096x4096:auto:auto:0,64x3072x1536:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0"
timeout 300 bash tools/device/only_ab.sh --reps=4 "$C" el > "$O/ab.log" 2>&1
st "ab rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
finish_call
