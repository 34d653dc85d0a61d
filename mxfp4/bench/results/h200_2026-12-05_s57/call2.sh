#!/usr/bin/env bash
# Session 57 call 2. Carry [".device-pack"]: a slim stage of main 838b788 (gemm_benchmark,
# gemm_paths_benchmark) and variant uf (pack_variant.sh uf //mxfp4/gpu/gemm:quant_then_mma_test
# //mxfp4/gpu/gemm:gemm_paths_benchmark, from main + the working tree's change):
#   - the CTA-wide fast-form votes made provably warp-uniform: __shfl_sync(lane 0) of the
#     __syncthreads_and result (wgmma_ring_gemm_body.h) and of NamedBarrierAnd's bar.red (ws body).
#     Call 1 brought nvdisasm here: ptxas treated the vote as divergent, so every descriptor word of
#     the ring tiles' wgmmas was computed in vector registers and moved with R2UR (13-36 R2URs a loop
#     in the decode / small-M ring kernels, 16 in the persistent ws direct-store kernels); with the
#     shuffle, 0-1, and most ring loops 3-10% shorter.
#   - the persistent ws direct-store kernels at every K (kWgmmaDirectStoreMaxK 1 << 30): their loop
#     is now main's non-direct loop's length (312 vs 311 converting, 323 vs 319 prepared).
# 1. uf's quant_then_mma_test (ab_contest.sh runs it). 2. base vs uf on forced configs (persistent
# plans at K 512..4096, small-M ring plans), phase clocks, 2 rounds. 3. the contest, 2 rounds.
source tools/device/call_preamble.sh c2 uf
export MXFP4_REQUIRE_GPU=1
mkdir -p .device/tests .device/bench
export MXFP4_ONLY_TIMEOUT=100
C="4096x2880x512:auto:auto:0,4096x2880x512:auto:auto:0:stage,4096x2880x1024:auto:auto:0"
C="$C,2048x7168x1024:auto:auto:0,4096x3072x1536:auto:auto:0,4096x1024x4096:auto:auto:0"
C="$C,2048x7168x2048:auto:auto:0,4096x4096x4096:auto:auto:0,4096x4096x4096:auto:auto:0:prepared"
C="$C,256x3072x1536:auto:auto:0,64x4096x4096:auto:auto:0,16x2112x7168:auto:auto:0"
C="$C,1x3072x5888:auto:auto:0,8x4096x4096:auto:auto:0,128x2048x2048:auto:auto:0"
st "A/B"
timeout 170 bash tools/device/only_ab.sh --reps=2 "$C" uf > "$O/ab.log" 2>&1
st "ab rc=$?"; sed -n '/^--- summary/,$p' "$O/ab.log"
OUT="$O/contest" REPS=2 timeout 380 bash tools/device/ab_contest.sh uf > "$O/contest.log" 2>&1
st "contest rc=$?"; cat "$O/contest/uf_tests_summary.txt" 2>/dev/null | tail -4
python3 tools/device/compare_contest.py "$O"/contest/*_contest.json 2>&1 | tail -40
finish_call
