#!/usr/bin/env bash
# session 21 call 5 (diagnostics only, the last ~4 device minutes): Nsight Compute source views of the staged
# 3569bf8 (final tree) on the contest shapes not viewed this session - 64x7168x2048 (ring m64 k2), 16x2112x7168
# (streamq cluster tile), 32x4096x512 (fused small M) - for the one-shot-code count of the next session's plan item 1,
# and the SASS of GemmPrequantMmaKernel<36> (streamq_n32_m16_k8_bulk).
set -u
source tools/device/call_preamble.sh c5
st views
OUT="$O/p" MXFP4_PACK=none timeout 200 bash tools/device/run_all.sh --profile_source=64x7168x2048:auto:auto:0,16x2112x7168:auto:auto:0,32x4096x512:auto:auto:0 --sass=36 > "$O/views.log" 2>&1; echo "rc=$?" | tee -a "$O/steps.log"
st done
xz -9 "$O"/p/*.csv 2>/dev/null
ls "$O/p"
finish_call
