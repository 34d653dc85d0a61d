#!/usr/bin/env bash
# Session 70 call 2. Carry [".device-pack"]: the stage of dfe82cb (as call 1) and variants eL (122ee77 on branch
# exp-s70-l: the landing form of call 1's eG - the bulk byte-A tile streamq_n32_m16_k8_bulk_e5m2 with A as E5M2,
# MmaOperands::kE5m2, the quantizer's third operand form; on top of main 9a414fc with the k2 fold tile's two-batch
# chunks) and eL4 (39bc01a: eL with that tile's loop unrolled by 4 instead of 8). Steps: only_ab main / eL / eL4,
# 5 rounds, the shapes where auto takes the byte-A tile, the k2 fold tile's and controls (16x2112x7168: the fp16
# bulk tile behind the changed quantizer); eL's quant_then_mma_test, gemm_api_test, gemm_building_blocks_test in
# full, racecheck + memcheck of quant_then_mma_test's byte-A cases; Nsight Compute (--set full) of 16x2112x7168's
# GEMM kernel on main (where its time goes: L2 throughput, stalls).
set -u
source tools/device/call_preamble.sh c2 eL eL4
export MXFP4_REQUIRE_GPU=1 MXFP4_ONLY_TIMEOUT=60
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader | tee -a "$O/steps.log"
C="12x2880x4096:auto:auto:0,16x2880x4096:auto:auto:0,16x1536x8192:auto:auto:0,16x2880x8192:auto:auto:0"
C="$C,16x5120x4096:auto:auto:0,9x1200x12288:auto:auto:0,16x2112x7168:auto:auto:0,16x3072x1536:auto:auto:0"
C="$C,32x7168x512:auto:auto:0"
timeout 200 bash tools/device/only_ab.sh --reps=5 "$C" eL eL4 > "$O/ab.log" 2>&1
st "ab rc=$?"
sed -n '/^--- means/,$p' "$O/ab.log"
Q=/tmp/v/eL
run_test quant_then_mma_test 280 "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
run_test gemm_api_test 200 "$Q/mxfp4.gpu.gemm.gemm_api_test" &
run_test gemm_building_blocks_test 200 "$Q/mxfp4.gpu.gemm.gemm_building_blocks_test" &
sanitize 200 "*BulkTileWithE5m2*:*ContestShapesOriginal*" "$Q/mxfp4.gpu.gemm.quant_then_mma_test" &
wait
OUT="$O" timeout 120 bash tools/device/run_all.sh --profile_config=16x2112x7168:auto:auto:0 > "$O/ncu.log" 2>&1
st "ncu rc=$?"
grep -E "Duration|Throughput|L2 Hit|Warp Cycles Per Issued|Issue Slots Busy|Stall|lts__" "$O/profile.txt" 2>/dev/null | head -40
cat "$O/steps.log"
finish_call
