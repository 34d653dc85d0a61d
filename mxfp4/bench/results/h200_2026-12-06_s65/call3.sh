#!/usr/bin/env bash
# Session 65 call 3. Carry [".device-pack"]: the stage of call 1 (main's kernels) and variant land (branch land,
# the change to land: call 2's qd2 without the experiment twins and with QuantizeQuarterToHalfF16 - the kernels
# that quantize one block at a time - back on the multiply form, as qd2's 64x7168x2048 lost ~1%; the packed
# block max everywhere, the exponent-shift encoder in the fused streaming tiles, the FoldQuarterF16x2 helper).
# The same steps as call2.sh: only_ab base / land, 3 rounds; ab_contest.sh land (its tests, then the contest, 2
# rounds); racecheck + memcheck of land's fused_quant_test.
set -u
source tools/device/call_preamble.sh c3 land
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/land
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,8x1024x1024:auto:auto:0,8x2112x7168:auto:auto:0,48x4096x512:auto:auto:0"
timeout 120 bash tools/device/only_ab.sh --reps=3 "$C" land > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
OUT="$O/abc" REPS=2 timeout 420 bash tools/device/ab_contest.sh land > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
tail -9 "$O/abc/land_tests_summary.txt" 2>/dev/null
python3 tools/device/compare_contest.py "$O"/abc/*_base_contest.json "$O"/abc/*_land_contest.json 2>&1 | tail -20
sanitize 150 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test"
cat "$O/steps.log"
finish_call
