#!/usr/bin/env bash
# Session 76 call 5 (carry [".device-pack"]: the full stage of 3b20069 (base), pa and pr; ~250 s). Replaces
# call 4 (never started):
#   pa (exp-s76-pa): call4.sh's variant, the streaming cluster kernels pull across ranks (CombineByPulling).
#   pr (exp-s76-pr): the streaming cluster kernels' clusters of more than 2 CTAs push instead
#      (CombinePushedRanks): every rank pushes each partial of the chunks other ranks own (chunk c belongs to rank
#      c % ranks) into the owner's receive area with st.async, the owner waits on its own mbarrier (armed at
#      kernel start, or after the copies in the prequantized tiles, as lp) and sums in chunk order; no cluster
#      barrier after the math (the pushed pair's pattern, session 75). The receive area comes from the launch's
#      plan only (MakeLaunchSmemPlan), so every other kernel is PTX-identical to main's (nvcc -ptx of both TUs).
# only_ab base / pa / pr (5 rounds) on shapes of clusters of 3, 4 and 8 per tile with controls, then the tests and
# the cluster cases' sanitizers of pr, then of pa.
set -u
source tools/device/call_preamble.sh c5 pa pr
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=30
C="8x512x8192:auto:auto:0,16x64x16384:auto:auto:0,8x64x4096:auto:auto:0,16x16x6144:auto:auto:0"
C="$C,16x16x2048:auto:auto:0,4x1056x8192:auto:auto:0,1x512x16384:auto:auto:0"
ab_means 5 200 "$C,16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0" pa pr
(O="$O/pr"; mkdir -p "$O"; split_checks /tmp/v/pr 120)
(O="$O/pa"; mkdir -p "$O"; split_checks /tmp/v/pa 120)
finish_call
