#!/usr/bin/env bash
# Session 59 call 2 (diagnostic, timing only). Carry [".device-pack"]: a slim stage of main 6376202 (a2694ad changed no kernel)
# (gemm_paths_benchmark; slim_stage.sh) and variant uv = the same tree with kUniformVote true in every ring
# form (wgmma_ring_gemm_body.h; pack_variant.sh --no_gemm_benchmark uv //mxfp4/gpu/gemm:gemm_paths_benchmark).
# The decode forms session 58 left unmeasured, base (plain vote) vs uv, auto plans, phase clocks, 3 rounds:
# n64 k2 m16 (16x7168x2048, 16x2048x22016), n64 k2 m32 (32x7168x2048, 32x2048x22016), n64 k4 m16
# (16x7168x4096, 16x8192x8192, 16x4096x4096); control: 8x7168x4096 (k4 m8, session 58: 2% slower with it).
source tools/device/call_preamble.sh c2 uv
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
C="16x7168x2048:auto:auto:0,16x2048x22016:auto:auto:0,32x7168x2048:auto:auto:0,32x2048x22016:auto:auto:0"
C="$C,16x7168x4096:auto:auto:0,16x8192x8192:auto:auto:0,16x4096x4096:auto:auto:0,8x7168x4096:auto:auto:0"
timeout 420 bash tools/device/only_ab.sh --reps=3 "$C" uv > "$O/ab.log" 2>&1
st "ab rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
finish_call
