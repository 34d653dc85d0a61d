#!/usr/bin/env bash
# Session 49 call 6 (timing experiment). Variant ipwx = main 79f6696 whose int8 quantizer launcher reads
# MXFP4_EXP_IPW_MODE: 0 = ipw ceil(G / 64) (main), 1 = at least 2 items a warp, 2 = up to 4 (fewer CTAs a
# cluster: C = ceil(G / (8 ipw))). The quantizer test in each mode, then the int8 copy timed per mode
# (two interleaved rounds) and the quantizer alone (ncu).
source tools/device/call_preamble.sh c6 ipwx
export MXFP4_REQUIRE_GPU=1
V=/tmp/v/ipwx
for mode in 0 1 2; do
  MXFP4_EXP_IPW_MODE=$mode timeout 60 $V/mxfp4.gpu.gemm.quantize_a_operand_int8_test > "$O/q.$mode.log" 2>&1
  st "quantizer test mode $mode rc=$?"; grep -E "^\[  (PASSED|FAILED)|FAILED  \]" "$O/q.$mode.log" | head -3
done
C=""
for s in 4096x4096x4096 1024x4096x4096 1024x4096x8192 512x3072x1536 256x3072x1536 128x2048x2048 64x7168x2048; do
  C="$C,$s:auto:auto:0:prepared_int8"
done
C="${C#,}"
for r in 1 2; do
  for mode in 0 1 2; do
    MXFP4_EXP_IPW_MODE=$mode timeout 150 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$C" > "$O/ab.$mode.$r.log" 2>&1
    st "ab mode $mode round $r rc=$?"
    grep -E "^only" "$O/ab.$mode.$r.log" | awk '{printf "%s%s%s%s%s=%s ", $2,$3,$4,$5,$6,$8} END {print ""}'
  done
done
NCU="$(command -v ncu || ls /usr/local/cuda*/bin/ncu 2>/dev/null | head -1)"
if [[ -n "$NCU" ]]; then
  for cfg in 256x3072x1536:auto:auto:0:prepared_int8 4096x4096x4096:auto:auto:0:prepared_int8; do
    for mode in 0 1 2; do
      MXFP4_EXP_IPW_MODE=$mode timeout 150 "$NCU" --clock-control none --metrics gpu__time_duration.sum -k regex:QuantizeAOperandWgmmaOrderInt8 \
        --launch-skip 6 --launch-count 3 $V/mxfp4.gpu.gemm.gemm_paths_benchmark --only="$cfg" > "$O/ncu.$mode.${cfg%%:*}.log" 2>&1
      st "ncu mode $mode $cfg rc=$?"
      grep -E "gpu__time_duration" "$O/ncu.$mode.${cfg%%:*}.log" | awk '{print $NF}' | paste -sd' '
    done
  done
fi
xz -9 "$O"/*.log 2>/dev/null
finish_call
