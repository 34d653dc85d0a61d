#!/usr/bin/env bash
# Session 68 call 2. Carry [".device-pack"]: as call 1 (stage of 4394d13, variants e1 and e13). Call 1's A/B was
# within ~1% (noise level) on the streaming tiles: five more interleaved rounds of only_ab base / e1 / e13 on the
# streaming shapes alone; then Nsight Compute source views (A and B in L2: MXFP4_NCU_CACHE_CONTROL=none) of
# 32x4096x512 (stream_n64_m16_k4_fold) for base and e13: executed instructions a warp, noise-free.
set -u
source tools/device/call_preamble.sh c2 e1 e13
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x4096x512:auto:auto:0,32x2048x512:auto:auto:0"
C="$C,8x512x3072:auto:auto:0"
timeout 300 bash tools/device/only_ab.sh --reps=5 "$C" e1 e13 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
for who in base e13; do
  bin=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == base ]] || bin=/tmp/v/$who/mxfp4.gpu.gemm.gemm_paths_benchmark
  mkdir -p "$O/ncu_$who"
  MXFP4_NCU_CACHE_CONTROL=none MXFP4_PATHS_BENCH="$bin" OUT="$O/ncu_$who" timeout 100 \
    bash tools/device/run_all.sh --profile_source=32x4096x512:auto:auto:0 > "$O/ncu_$who.log" 2>&1
  st "ncu $who rc=$?"
  python3 tools/device/ncu_source_summary.py "$O/ncu_$who/source_1.csv" --region_ops 2>&1 | head -40 | tee "$O/ncu_${who}_summary.txt"
done
cat "$O/steps.log"
finish_call
