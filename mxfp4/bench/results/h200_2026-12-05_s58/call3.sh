#!/usr/bin/env bash
# Session 58 call 3 (diagnostic, timing only). Carry [".device-pack"]: the full stage of main bcc6ba5 and
# variant rv2 = bcc6ba5 with cta_vote's WarpUniform in every form (the decode kernels too, as session 57's
# ring_uniform_vote.patch; pack_variant.sh --no_gemm_benchmark rv2 //mxfp4/gpu/gemm:gemm_paths_benchmark).
# Decode shapes on the ring tiles' decode kernels, base (plain vote) vs rv2, phase clocks, 3 rounds: does the
# m64n8/n16/n32 decode loop get slower without its R2URs (session 57: 1x3072x5888 2% slower), and on which?
source tools/device/call_preamble.sh c3 rv2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
C="1x3072x5888:auto:auto:0,1x16384x16384:auto:auto:0,8x7168x4096:auto:auto:0,8x4096x4096:auto:auto:0"
C="$C,16x16384x16384:auto:auto:0,32x8192x8192:auto:auto:0,64x7168x2048:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=3 "$C" rv2 > "$O/ab.log" 2>&1
st "ab rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
finish_call
