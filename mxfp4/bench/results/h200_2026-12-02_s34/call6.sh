#!/usr/bin/env bash
# session 34 call 6 (slim stage as call 4): the edges of call 5's region (M <= 8, N 1280..1920, K 8192..11008: the
# ring tiles with a cluster of 4 1.01-1.32x ahead of split-K's bulk tile): K 4096..7168 below it, N 1152..1248 (fewer
# than 40 N tiles of 32 rows) and 1952 / 2048 (the k4 clusters of 4 no longer resident) at K 8192 / 10240.
source tools/device/call_preamble.sh c6
export MXFP4_ONLY_TIMEOUT=300
L=""
for m in 1 4 8; do
  for n in 1280 1920; do for k in 4096 5120 6144 7168; do L="$L,${m}x${n}x${k}"; done; done
  for n in 1152 1248 1952 2048; do for k in 8192 10240; do L="$L,${m}x${n}x${k}"; done; done
done
R=quant_then_mma
st "edges"
timeout 500 bash tools/device/only_sweep.sh --reps=2 "${L#,}" \
  "$R:wgmma8_n64_m64_k2_fold:2 $R:wgmma8_n64_m64_k2_fold:4 $R:wgmma8_n64_m64_k4_fold:2 $R:wgmma8_n64_m64_k4_fold:4" > "$O/sweep.log" 2>&1
st "sweep rc=$?"
finish_call
