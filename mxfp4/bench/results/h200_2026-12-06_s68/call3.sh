#!/usr/bin/env bash
# Session 68 call 3. Carry [".device-pack"]: the stage of 4394d13, variants e13 (as calls 1-2) and e3 (8c78529 on
# branch exp-s68-e3: e13's scale-byte change alone, without e1's combine change, which cost the c4 and split-K tiles
# ~0.8% in calls 1 and 2). Steps: e3's fused_quant / splitk_small_m / gemm_api tests; only_ab base / e13 / e3, 5
# rounds, the streaming shapes; the source view of e3 on 32x4096x512.
set -u
source tools/device/call_preamble.sh c3 e13 e3
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
Q=/tmp/v/e3
run_test fused_quant_test 100 "$Q/mxfp4.gpu.gemm.fused_quant_test" &
run_test splitk_small_m_test 100 "$Q/mxfp4.gpu.gemm.splitk_small_m_test" &
run_test gemm_api_test 100 "$Q/mxfp4.gpu.gemm.gemm_api_test" &
wait
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x4096x512:auto:auto:0,32x2048x512:auto:auto:0"
C="$C,8x512x3072:auto:auto:0"
timeout 120 bash tools/device/only_ab.sh --reps=5 "$C" e13 e3 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
mkdir -p "$O/ncu_e3"
MXFP4_NCU_CACHE_CONTROL=none MXFP4_PATHS_BENCH="$Q/mxfp4.gpu.gemm.gemm_paths_benchmark" OUT="$O/ncu_e3" timeout 60 \
  bash tools/device/run_all.sh --profile_source=32x4096x512:auto:auto:0 > "$O/ncu_e3.log" 2>&1
st "ncu e3 rc=$?"
python3 tools/device/ncu_source_summary.py "$O/ncu_e3/source_1.csv" --region_ops 2>&1 | head -12 | tee "$O/ncu_e3_summary.txt"
cat "$O/steps.log"
finish_call
