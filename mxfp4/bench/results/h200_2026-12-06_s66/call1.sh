#!/usr/bin/env bash
# Session 66 call 1. Carry [".device-pack"]: the stage of fa11b4c (main, session 65's kernels) and variant pl
# (branch pl: the fused and split-K kernels one kernel per B layout form - the contest layout's kernel holds its
# streaming body alone - and the streaming body's thread / block indices assumed non-negative).
# Steps: SASS sizes of the 32-row fold tile's kernels (cuobjdump), only_ab base / pl (3 rounds), ab_contest.sh pl
# (pl's tests, then the contest harness for base and pl, 2 rounds), racecheck + memcheck of pl's fused_quant_test.
set -u
source tools/device/call_preamble.sh c1 pl
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/pl
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
# Static SASS instruction counts of every GemmFusedQuantKernel of tile 56 (stream_n64_m16_k4_fold) and 63 (k2).
for who in base pl; do
  b=.device/bench/mxfp4.gpu.gemm.gemm_paths_benchmark
  [[ $who == pl ]] && b=$Q/mxfp4.gpu.gemm.gemm_paths_benchmark
  cuobjdump -sass "$b" 2>/dev/null | awk -v who=$who '/Function :/{name=$3} /^ +\/\*[0-9a-f]{4}\*\//{c[name]++}
    END{for(n in c) if(n ~ /GemmFusedQuantKernel.*TileConfigIdE(56|63)/) print who, c[n], n}' | tee -a "$O/sass_counts.txt"
done
st sass
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,8x1024x1024:auto:auto:0,8x2112x7168:auto:auto:0,48x4096x512:auto:auto:0"
timeout 130 bash tools/device/only_ab.sh --reps=3 "$C" pl > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
OUT="$O/abc" REPS=2 timeout 330 bash tools/device/ab_contest.sh pl > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
tail -9 "$O/abc/pl_tests_summary.txt" 2>/dev/null
python3 tools/device/compare_contest.py "$O"/abc/*_base_contest.json "$O"/abc/*_pl_contest.json 2>&1 | tail -20
sanitize 100 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test"
cat "$O/steps.log"
finish_call
