#!/usr/bin/env bash
# Session 67 call 7 (a tool check, no timing). Carry [".device-pack"]: the stage of 340076c and variant wsk1 (call 6).
# tools/device/sass_compare.py on real cuobjdump listings of both gemm_paths_benchmarks: the kernels of the
# m64 / m128 K-split ws tiles (main's change, with their [b0] / [b1] forms) and of the N-split ws tiles (wsk1's
# assumptions) should differ, every other kernel be identical.
set -u
source tools/device/call_preamble.sh c7 wsk1
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
cuobjdump -sass .device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark > /tmp/base.sass 2>"$O/cuobjdump_base.err" &
cuobjdump -sass /tmp/v/wsk1/mxfp4.gpu.gemm.gemm_paths_benchmark > /tmp/wsk1.sass 2>"$O/cuobjdump_wsk1.err" &
wait
st "cuobjdump: $(grep -c 'Function :' /tmp/base.sass) / $(grep -c 'Function :' /tmp/wsk1.sass) functions"
python3 tools/device/sass_compare.py /tmp/base.sass /tmp/wsk1.sass | tee "$O/sass_compare_all.txt" | head -40
python3 tools/device/sass_compare.py --kernels='Gemm(PrequantMma|FusedQuant|SplitKSmallM)' /tmp/base.sass \
  /tmp/wsk1.sass > "$O/sass_compare_gemm.txt"
st "gemm kernels: $(head -1 "$O/sass_compare_gemm.txt")"
cat "$O/steps.log"
finish_call
