#!/usr/bin/env bash
# Session 65 call 7. Carry [".device-pack"]: call 3's stage and variant k2land (the working tree to land:
# stream_n64_m16_k2_fold, auto's 32-row tile beyond one wave of the k4 tile). Its fused_quant_test,
# splitk_small_m_test, gemm_api_test, racecheck + memcheck of fused_quant_test (fused_checks), then auto on the
# shapes of call 5 (the plan line shows the tile auto takes), 2 rounds.
set -u
source tools/device/call_preamble.sh c7 k2land
export MXFP4_REQUIRE_GPU=1
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
fused_checks /tmp/v/k2land 120
C=""
for s in 32x4096x512 32x4288x512 32x7168x512 24x7168x512 32x14336x512; do C="$C,$s:auto:auto:0"; done
for r in 1 2; do timeout 60 /tmp/v/k2land/mxfp4.gpu.gemm.gemm_paths_benchmark --only="${C#,}" >> "$O/auto.log" 2>&1; done
grep -E "^only " "$O/auto.log" | cut -c1-110
cat "$O/steps.log"
finish_call
