#!/usr/bin/env bash
# Session 65 call 2. Carry [".device-pack"]: the stage of call 1 (main's kernels) and variant qd2 (branch qd at
# its second commit: v65 + the quantizer diet with one encoder choice per pass - QuarterAbsAndScale, a warp vote,
# then EncodeQuarterShifted or EncodeQuarterMultiplied for all the pass's blocks; call 1's qd chose per block and
# lost 6% on 8x512x3072, whose 8-block passes then ran one block after another).
#  1. base / qd2 on the auto plans of call 1's shapes, 3 interleaved rounds (gemm_paths_benchmark --only);
#  2. ab_contest.sh qd2: qd2's tests alone (gemm_building_blocks, fused_quant, splitk_small_m, gemm_api,
#     quant_then_mma), then the contest for base and qd2, 2 interleaved rounds;
#  3. racecheck + memcheck of qd2's fused_quant_test.
set -u
source tools/device/call_preamble.sh c2 qd2
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=90
Q=/tmp/v/qd2
nvidia-smi --query-gpu=name --format=csv,noheader | tee -a "$O/steps.log"
C="32x4096x512:auto:auto:0,32x2880x512:auto:auto:0,17x2880x512:auto:auto:0,24x4096x512:auto:auto:0"
C="$C,32x7168x512:auto:auto:0,4x2880x512:auto:auto:0,16x2112x7168:auto:auto:0,64x7168x2048:auto:auto:0"
C="$C,256x3072x1536:auto:auto:0,16x4096x512:auto:auto:0,8x512x3072:auto:auto:0,1x2880x512:auto:auto:0"
C="$C,8x1024x1024:auto:auto:0,8x2112x7168:auto:auto:0,48x4096x512:auto:auto:0"
timeout 120 bash tools/device/only_ab.sh --reps=3 "$C" qd2 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- summary/,$p' "$O/ab.log" | sort -k2,2 -k1,1 -s
OUT="$O/abc" REPS=2 timeout 420 bash tools/device/ab_contest.sh qd2 > "$O/ab_contest.log" 2>&1
st "ab_contest rc=$?"
tail -15 "$O/ab_contest.log"
cat "$O/abc/qd2_tests_summary.txt" 2>/dev/null | tail -12
python3 tools/device/compare_contest.py "$O"/abc/*_base_contest.json "$O"/abc/*_qd2_contest.json 2>&1 | tail -30
sanitize 150 "*" "$Q/mxfp4.gpu.gemm.fused_quant_test"
cat "$O/steps.log"
finish_call
