#!/usr/bin/env bash
# Session 82 call 1 (carry [".device-pack"]: the FULL stage of main, tools/device/stage.sh alone, 46 MiB of 64 with
# the tree; cg has been on main since session 80, so no variant pack is needed). Session 81's call1.sh on the
# stage's binaries: the new test RingClustersSplitOverGrid alone; forced C (one cluster a tile) against CgS (S
# clusters a tile) in one process, two rounds; phase clocks of 64x512x16384 at 8, 4g3 and 6g2; the new test's
# racecheck and memcheck; the ring and streaming pushing clusters' cases; then, on an H200 only, the contest
# harness twice (none on an H200 since session 58). Most valuable first: a cut call still returns $O's files.
set -u
source tools/device/call_preamble.sh c1
export MXFP4_REQUIRE_GPU=1
gpu="$(nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader 2>&1)"
st "gpu: $gpu"
T=.device/tests
B=.device/bench
run_test grid_clusters 100 "$T/mxfp4.gpu.gemm.quant_then_mma_test" --gtest_filter='*RingClustersSplitOverGrid*'
K=quant_then_mma:wgmma8_n64_m64_k4_fold
# Resident clusters at one CTA an SM (dispatch_rules.cc ResidentClusters, H200 session 30): 39 of 3, 30 of 4,
# 22 of 5, 17 of 6, 15 of 8; 8g2 on 8 tiles (16 clusters of 8) is a second wave, kept as the reference.
Q="64x512x16384:$K:8,64x512x16384:$K:8g2,64x512x16384:$K:4g3,64x512x16384:$K:6g2,64x512x16384:$K:3g4"
Q="$Q,64x512x16384:$K:4g2,128x512x8192:$K:4,128x512x8192:$K:3g2,64x1024x8192:$K:4,64x1024x8192:$K:3g2"
Q="$Q,64x512x8192:$K:4,64x512x8192:$K:4g3,64x256x16384:$K:8,64x256x16384:$K:8g3,64x256x16384:$K:4g7"
Q="$Q,96x512x16384:$K:4,96x512x16384:$K:3g2,192x512x8192:$K:4"
for r in 1 2; do
  timeout 50 "$B/mxfp4.gpu.gemm.gemm_paths_benchmark" --only="$Q" >"$O/only.$r.log" 2>&1
  st "only round $r rc=$?"
done
# Mean µs over the rounds by shape and plan (the plan text up to blocks_per_split).
grep -h "^only" "$O"/only.*.log |
  sed -E 's/^only (.*) hot +([0-9.]+) us +path=[a-z_]+ tile=([^ ]+) .* splits=([0-9]+) \(([^)]*)\).*/\1 \3 \4 (\5)|\2/' |
  awk -F'|' '{s[$1]+=$2; c[$1]++} END {for (k in s) printf "%-120s %.3f (%d)\n", k, s[k]/c[k], c[k]}' | sort
timeout 30 "$B/mxfp4.gpu.gemm.gemm_paths_benchmark" \
  --only="64x512x16384:$K:8,64x512x16384:$K:4g3,64x512x16384:$K:6g2" --phase_clock 2>&1 | grep -E "only|phase"
sanitize 100 "*RingClustersSplitOverGrid*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" racecheck &
sanitize 100 "*RingClustersSplitOverGrid*" "$T/mxfp4.gpu.gemm.quant_then_mma_test" memcheck &
wait
# The pushing clusters' cases (SumPushedRanks is their combine now): the ring tiles' and, in full, the streaming
# tiles' (splitk_small_m_test).
run_test pushing_cases 120 "$T/mxfp4.gpu.gemm.quant_then_mma_test" \
  --gtest_filter='*RingTilesSplitKOverClusters*:*SmallLayersWithLongK*:*ShortChunkClusters*:*ChunksOffTheRingStep*:*MidLayers*' &
run_test splitk_small_m 120 "$T/mxfp4.gpu.gemm.splitk_small_m_test" &
wait
if [[ "$gpu" == *H200* ]]; then
  contest_rounds 2 100
else
  st "contest: not an H200, skipped (H100 contest runs: sessions 67-76)"
fi
finish_call
